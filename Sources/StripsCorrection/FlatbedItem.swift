import Foundation
import StripsCore
import StripsPictures

/// An item lying on a flatbed (a receipt, a card, a small letter) scanned whole on A4: white paper
/// on the scanner's backing (its grey or black lid, a sheet laid behind the item). The border
/// detector looks for a page's four straight edges in perspective; a receipt on a flatbed has no
/// perspective, often touches the glass's edge, and its edges against a grey backing are faint, so
/// it found nothing or nearly the whole picture (NAPS2 #789, #226; issue 37). Here the paper is
/// told from the backing by brightness alone: the backing is what lies along the picture's edges,
/// and the item is the largest region clearly brighter than it, mostly filling its box. The crop
/// is that box with `margin` around it (an item set askew: its own turned rectangle). Pure.
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
        var bestRegion: Int32 = -1
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
            if found.count > best.count {
                best = found
                bestRegion = region
            }
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
        if let tilted = tilted(label, region: bestRegion, w: w, h: h, scale: scale, pad: pad, in: Size(width: Double(picture.width), height: Double(picture.height))) {
            return tilted
        }
        let x0 = max(0, Double(best.minX) * scale - pad), y0 = max(0, Double(best.minY) * scale - pad)
        let x1 = min(Double(picture.width), Double(best.maxX + 1) * scale + pad), y1 = min(Double(picture.height), Double(best.maxY + 1) * scale + pad)
        return Quad(topLeft: Point(x: x0, y: y0), topRight: Point(x: x1, y: y0), bottomRight: Point(x: x1, y: y1), bottomLeft: Point(x: x0, y: y1))
    }

    /// An item set askew on the glass, as its own turned rectangle (`pad` around it) in the
    /// picture's pixels: the region's long axis from its second moments, its extent along that
    /// axis and across it. Nil when it lies within `leastTilt` of the picture's axes (its box is
    /// its crop), or when the turned rectangle would reach past the picture (an item lying against
    /// the glass's edge: its box, levelled afterwards as any crop is).
    static func tilted(_ label: [Int32], region: Int32, w: Int, h: Int, scale: Double, pad: Double, in size: Size) -> Quad? {
        var n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
        for i in 0..<(w * h) where label[i] == region {
            let x = Double(i % w) + 0.5, y = Double(i / w) + 0.5
            n += 1; sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y
        }
        guard n > 0 else { return nil }
        let (cx, cy) = (sx / n, sy / n)
        let (m20, m02, m11) = (sxx / n - cx * cx, syy / n - cy * cy, sxy / n - cx * cy)
        // A square item has no long axis to tell its turn by.
        let spread = ((m20 - m02) * (m20 - m02) + 4 * m11 * m11).squareRoot()
        guard spread >= 0.2 * (m20 + m02) else { return nil }
        // The turn from its long sides, the ones not lying along the picture's edge (the region's
        // moments lean towards the picture's axes where the edge cuts it).
        guard let tilt = sideTilt(label, region: region, w: w, h: h, tall: m02 > m20), abs(tilt) >= leastTilt * .pi / 180 else { return nil }
        let (c, s) = (cos(tilt), sin(tilt))
        var (u0, u1, v0, v1) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
        for i in 0..<(w * h) where label[i] == region {
            let x = Double(i % w) + 0.5 - cx, y = Double(i / w) + 0.5 - cy
            let u = x * c + y * s, v = -x * s + y * c
            u0 = min(u0, u - 0.5); u1 = max(u1, u + 0.5); v0 = min(v0, v - 0.5); v1 = max(v1, v + 0.5)
        }
        func point(_ u: Double, _ v: Double) -> Point {
            Point(x: (cx + u * c - v * s) * scale, y: (cy + u * s + v * c) * scale)
        }
        let p = pad / scale
        let quad = Quad(topLeft: point(u0 - p, v0 - p), topRight: point(u1 + p, v0 - p), bottomRight: point(u1 + p, v1 + p), bottomLeft: point(u0 - p, v1 + p))
        // An item lying askew against the glass's edge reaches past the picture a little: its
        // corners there are drawn from the picture's edge (the flattener repeats it), paper.
        let reach = overhang * max(size.width, size.height)
        guard quad.corners.allSatisfy({ $0.x >= -reach && $0.y >= -reach && $0.x <= size.width + reach && $0.y <= size.height + reach }) else { return nil }
        return quad
    }

    /// The turn (radians, clockwise on screen) of the region's long sides: for a `tall` item its
    /// left and right boundaries row by row (for a wide one its top and bottom, column by
    /// column), each a line fitted twice by least squares, the points more than 1.5 pixels off the
    /// first fit left out of the second (the item's rounded ends, a torn corner); a side at the
    /// picture's edge, or with fewer points than half the item's length, tells nothing. Nil when no
    /// side tells.
    static func sideTilt(_ label: [Int32], region: Int32, w: Int, h: Int, tall: Bool) -> Double? {
        let (length, across) = tall ? (h, w) : (w, h)
        func at(_ along: Int, _ side: Int) -> Bool { label[tall ? along * w + side : side * w + along] == region }
        var low: [(Double, Double)] = [], high: [(Double, Double)] = []
        for t in 0..<length {
            guard let first = (0..<across).first(where: { at(t, $0) }), let last = (0..<across).last(where: { at(t, $0) }) else { continue }
            if first > 0 { low.append((Double(t), Double(first))) }
            if last < across - 1 { high.append((Double(t), Double(last))) }
        }
        let extent = Double(low.count + high.count) / 2
        func slope(_ points: [(Double, Double)]) -> (slope: Double, count: Int)? {
            func fit(_ p: [(Double, Double)]) -> (Double, Double)? {
                let n = Double(p.count)
                guard n >= 2 else { return nil }
                let mx = p.reduce(0) { $0 + $1.0 } / n, my = p.reduce(0) { $0 + $1.1 } / n
                let sxx = p.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) }
                guard sxx > 0 else { return nil }
                let b = p.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / sxx
                return (b, my - b * mx)
            }
            guard let (b, a) = fit(points) else { return nil }
            let kept = points.filter { abs($0.1 - (a + b * $0.0)) <= 1.5 }
            guard Double(kept.count) >= 0.5 * extent, let (b2, _) = fit(kept) else { return nil }
            return (b2, kept.count)
        }
        let sides = [slope(low), slope(high)].compactMap { $0 }
        guard !sides.isEmpty else { return nil }
        let mean = sides.reduce(0) { $0 + $1.slope * Double($1.count) } / Double(sides.reduce(0) { $0 + $1.count })
        // A tall item turned clockwise moves its sides left going down; a wide one, down going right.
        return tall ? -atan(mean) : atan(mean)
    }

    /// The turned rectangle may reach past the picture by this share of its long side (a receipt
    /// 8 cm wide turned 5 degrees against the glass's edge: 2.4 %).
    static let overhang = 0.03

    /// An item turned less than this many degrees is cropped to its box.
    static let leastTilt = 0.3

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
