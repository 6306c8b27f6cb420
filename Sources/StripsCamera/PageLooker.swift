import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsCorrection
import StripsPictures

/// One look at a frame: the border detector on its small copy (the detector's own working size,
/// so it does no shrinking of its own), the quad scaled to the frame's pixels, and the page's
/// content sampled for `PageSignature` from the picture shown (each cell the mean of a grid of
/// samples, so the page's text, not one pixel of it, is what is compared). Pure; any thread.
public enum PageLooker {
    /// The detector's small copy: its longer side.
    public static var smallSide: Int { BorderDetector.workingSide }

    /// Frame `index`: the detector on its small copy, the content from its brightness.
    public static func look(frame index: Int, _ pixels: FramePixels) -> CameraLook {
        let size = pixels.size
        let small = pixels.small, detail = pixels.detail
        let quad = BorderDetector.detect(in: small)?.scaled(from: Size(width: Double(small.width), height: Double(small.height)), to: size)
        let sampled = (quad ?? Quad(whole: size)).scaled(from: size, to: Size(width: Double(detail.width), height: Double(detail.height)))
        return CameraLook(frame: index, size: size, quad: quad, signature: signature(of: detail, quad: sampled))
    }

    /// Samples a side across each cell, each way.
    static let samples = 4

    /// The page inside `quad` flattened onto the signature's grid: each cell's mean brightness.
    public static func signature(of picture: PixelBuffer, quad: Quad) -> PageSignature? {
        let (columns, rows) = (PageSignature.columns, PageSignature.rows)
        let n = samples
        guard picture.width > 1, picture.height > 1,
              let map = Homography(rectangle: Size(width: Double(columns * n), height: Double(rows * n)), to: quad) else { return nil }
        let bpp = picture.format.bytesPerPixel
        let (w, h, stride) = (picture.width, picture.height, picture.bytesPerRow)
        // Green for colour pictures (B, G, R, A or R, G, B: the middle byte either way): it carries
        // most of the brightness, one load a sample.
        let channel = bpp == 1 ? 0 : 1
        var levels = [Double](repeating: 0, count: columns * rows)
        picture.bytes.withUnsafeBufferPointer { p in
            for row in 0..<rows {
                for column in 0..<columns {
                    var sum = 0
                    for sy in 0..<n {
                        for sx in 0..<n {
                            let q = map.apply(Point(x: Double(column * n + sx) + 0.5, y: Double(row * n + sy) + 0.5))
                            let x = min(max(Int(q.x), 0), w - 1), y = min(max(Int(q.y), 0), h - 1)
                            sum += Int(p[y * stride + x * bpp + channel])
                        }
                    }
                    levels[row * columns + column] = Double(sum) / Double(n * n)
                }
            }
        }
        return PageSignature(levels: levels)
    }
}
