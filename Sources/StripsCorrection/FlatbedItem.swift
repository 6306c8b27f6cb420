import StripsCore
import StripsPictures

/// An item lying on a flatbed (a receipt, a card, a small letter) scanned whole on A4: white paper
/// on the scanner's backing (its grey or black lid, a sheet laid behind the item). The border
/// detector looks for a page's four straight edges in perspective; a receipt on a flatbed has no
/// perspective, often touches the glass's edge, and its edges against a grey backing are faint, so
/// it found nothing or nearly the whole picture (NAPS2 #789, #226; issue 37). Here the paper is
/// told from the backing by brightness alone: the backing is what lies along the picture's edges,
/// and the item is the largest region clearly brighter than it, mostly filling its box. The crop
/// is that box with `margin` around it. Pure.
public enum FlatbedItem {
    /// White paper is at least this much brighter than the backing (0-255 levels).
    static let contrast = 40
    /// Around the item, as a share of the picture's long side (3 mm on A4).
    static let margin = 0.01

    /// The item's crop in `picture`'s pixels, or nil when the picture is not an item lying on an
    /// even backing (a page filling the scan, a photo, a white item on a white lid).
    public static func find(in picture: PixelBuffer) -> Quad? {
        let factor = max(1, max(picture.width, picture.height) / 400)
        let small = picture.boxReduced(by: factor)
        let w = small.width, h = small.height
        guard w >= 32, h >= 32 else { return nil }
        let level = brightness(small)
        // The backing along each edge, the level a third of the way up (an edge the item lies
        // against in part is backing below that). An edge the item lies along is paper there,
        // and tells nothing; of the others, the lightest is the backing's lightest part (a grey
        // sheet beside a black lid).
        let sides: [[UInt8]] = [Array(level[0..<w]), Array(level[(h - 1) * w..<h * w]),
                                (0..<h).map { level[$0 * w] }, (0..<h).map { level[$0 * w + w - 1] }].map { $0.sorted() }
        func quantile(_ values: [UInt8], _ q: Double) -> Int { Int(values[Int(Double(values.count - 1) * q)]) }
        let paper = quantile(level.sorted(), 0.99)
        guard let backing = sides.map({ quantile($0, 0.33) }).filter({ paper - $0 >= contrast }).max() else { return nil }
        // Paper is near the brightest level (half the contrast under it): a grey sheet between a
        // black lid and the item is backing, however far above the lid it is.
        let threshold = max((paper + backing) / 2, paper - contrast / 2)
        // The largest region brighter than the threshold (four-connected), its box and size.
        var label = [Int32](repeating: -1, count: w * h)
        var best: (count: Int, minX: Int, minY: Int, maxX: Int, maxY: Int) = (0, 0, 0, 0, 0)
        var stack: [Int] = []
        var region: Int32 = 0
        for start in 0..<(w * h) where label[start] < 0 && Int(level[start]) >= threshold {
            var found = (count: 0, minX: w, minY: h, maxX: 0, maxY: 0)
            label[start] = region
            stack.append(start)
            while let i = stack.popLast() {
                let x = i % w, y = i / w
                found.count += 1
                found.minX = min(found.minX, x); found.maxX = max(found.maxX, x)
                found.minY = min(found.minY, y); found.maxY = max(found.maxY, y)
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < w && ny < h {
                    let j = ny * w + nx
                    if label[j] < 0 && Int(level[j]) >= threshold {
                        label[j] = region
                        stack.append(j)
                    }
                }
            }
            if found.count > best.count { best = found }
            region += 1
        }
        let boxWidth = best.maxX - best.minX + 1, boxHeight = best.maxY - best.minY + 1
        let boxArea = Double(boxWidth * boxHeight), area = Double(w * h)
        // An item: a part of the picture (not the whole of it, not a speck), and mostly paper within
        // its box (a receipt's print and a slight tilt leave holes and corners; scattered light
        // patches do not fill a box).
        guard boxArea >= 0.03 * area, boxArea <= 0.85 * area, Double(best.count) >= 0.6 * boxArea else { return nil }
        let pad = margin * Double(max(picture.width, picture.height))
        let scale = Double(factor)
        let x0 = max(0, Double(best.minX) * scale - pad), y0 = max(0, Double(best.minY) * scale - pad)
        let x1 = min(Double(picture.width), Double(best.maxX + 1) * scale + pad), y1 = min(Double(picture.height), Double(best.maxY + 1) * scale + pad)
        return Quad(topLeft: Point(x: x0, y: y0), topRight: Point(x: x1, y: y0), bottomRight: Point(x: x1, y: y1), bottomLeft: Point(x: x0, y: y1))
    }

    /// Each pixel's brightness (the mean of its colours: the backing and the paper are grey).
    static func brightness(_ picture: PixelBuffer) -> [UInt8] {
        let n = picture.format.bytesPerPixel
        guard n > 1 else { return picture.bytes }
        var out = [UInt8](repeating: 0, count: picture.width * picture.height)
        picture.bytes.withUnsafeBufferPointer { bytes in
            for i in 0..<out.count {
                let p = i * n
                out[i] = UInt8((Int(bytes[p]) + Int(bytes[p + 1]) + Int(bytes[p + 2])) / 3)
            }
        }
        return out
    }
}
