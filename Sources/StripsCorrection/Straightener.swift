import CLeptonica
import Foundation
import StripsCore
import StripsPictures

/// Levelling a flattened page's text lines: finding the small angle they slope at (leptonica's
/// projection-profile skew finder on a binarised copy) and turning a page by a fine angle.
/// Pure; safe on any thread.
public enum Straightener {
    /// The skew finder looks this far either way, in degrees.
    public static let searchRange = 10.0
    /// Leptonica's own threshold for a skew it trusts (its deskew's minimum confidence).
    static let minimumConfidence: Float = 3.0
    /// Text lines are still lines at this many pixels on the longer side; larger pages are
    /// box-averaged down to it first.
    static let workingSide = 2000

    /// What the corners a turn uncovers are filled with.
    public enum Fill: Sendable, Hashable {
        case white
        /// The mean colour of the page's outermost pixels: paper that is not white stays its colour.
        case edgeColour
        /// One colour as the buffer's format lays it out (1, 3 or 4 bytes).
        case colour([UInt8])
    }

    /// The straighten angle, in degrees counter-clockwise, that levels the page's text lines;
    /// nil when there are no lines to trust (a photo, a blank page) or the page is empty.
    public static func levellingAngle(of page: PixelBuffer) -> Double? {
        guard page.width >= 32, page.height >= 32 else { return nil }
        let factor = max(1, (max(page.width, page.height) + workingSide - 1) / workingSide)
        let small = page.boxReduced(by: factor)
        guard let pix = LeptonicaPix(small),
              let grey = pix.depth == 8 ? pix : LeptonicaPix(taking: pixConvertRGBToLuminance(pix.pointer)),
              // Shadows and uneven light flattened to a white background, then dark is ink.
              let normalised = LeptonicaPix(taking: pixBackgroundNormSimple(grey.pointer, nil, nil)),
              let binary = LeptonicaPix(taking: pixThresholdToBinary(normalised.pointer, 130)) else { return nil }
        var angle: Float = 0, confidence: Float = 0
        let status = pixFindSkewSweepAndSearch(binary.pointer, &angle, &confidence, 4, 2, Float(searchRange), 1, 0.01)
        guard status == 0, confidence >= minimumConfidence, angle.isFinite, abs(Double(angle)) <= searchRange else { return nil }
        // Leptonica gives the deskew angle clockwise-positive on screen.
        return -Double(angle)
    }

    /// `page` turned `degrees` counter-clockwise about its centre, keeping its size (corners that
    /// leave are cut, corners that come in are `fill`), bicubic.
    public static func rotated(_ page: PixelBuffer, degrees: Double, fill: Fill = .white, threads: Int = 1) -> PixelBuffer {
        guard degrees.isFinite, degrees != 0, !page.isEmpty else { return page }
        let r = degrees * .pi / 180
        let (c, s) = (cos(r), sin(r))
        let cx = Double(page.width) / 2, cy = Double(page.height) / 2
        // Output to source: the inverse turn, clockwise on screen (y down).
        let matrix = [c, -s, cx - c * cx + s * cy,
                      s, c, cy - s * cx - c * cy,
                      0, 0, 1]
        guard let map = Homography(matrix: matrix) else { return page }
        return Resampler.resample(page, width: page.width, height: page.height, outputToSource: map,
                                  outside: .fill(fillBytes(fill, page)), threads: threads)
    }

    public static func fillBytes(_ fill: Fill, _ page: PixelBuffer) -> [UInt8] {
        let bpp = page.format.bytesPerPixel
        switch fill {
        case .white: return [UInt8](repeating: 255, count: bpp)
        case .colour(let bytes): return bytes
        case .edgeColour:
            var sums = [Int](repeating: 0, count: bpp), count = 0
            let (w, h) = (page.width, page.height)
            func add(_ x: Int, _ y: Int) {
                let o = (y * w + x) * bpp
                for c in 0..<bpp { sums[c] += Int(page.bytes[o + c]) }
                count += 1
            }
            for x in 0..<w { add(x, 0); if h > 1 { add(x, h - 1) } }
            for y in 1..<max(1, h - 1) { add(0, y); if w > 1 { add(w - 1, y) } }
            return sums.map { UInt8(($0 + count / 2) / max(count, 1)) }
        }
    }
}
