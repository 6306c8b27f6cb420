import Foundation
import StripsCore
import StripsPictures

/// A desk seen by a camera held still above it, for films of pages being laid down, turned and
/// taken away (the camera's test footage): the desk rendered once, then each frame the sheets on
/// it (each through its own homography, antialiased, with its contact shadow) and hands passing
/// over, then fresh sensor noise, so no two frames of a still scene are the same bytes.
public struct DeskScene: Sendable {
    public let width: Int
    public let height: Int
    private let desk: [Float]
    private let seed: UInt64

    /// A hand over the desk: its outline (a convex palm and fingers as one polygon, the arm
    /// another) in the frame's pixels.
    public struct Hand: Sendable {
        public var outlines: [[Point]]
        public init(outlines: [[Point]]) { self.outlines = outlines }
    }

    public init(desk: Desk, width: Int, height: Int, seed: UInt64) {
        self.width = width
        self.height = height
        self.seed = seed
        var random = SeededRandom(seed: seed)
        self.desk = desk.render(width: width, height: height, random: &random)
    }

    /// Frame `index` (its noise is seeded by it): `sheets` from the bottom up, then the hands.
    public func frame(_ index: Int, sheets: [(art: PixelBuffer, quad: Quad)], hands: [Hand] = []) -> PixelBuffer {
        var rgb = desk
        var random = SeededRandom(seed: seed &+ 0x9E37_79B9 &* UInt64(index + 1))
        let light = Lighting(flat: width, height: height)
        for sheet in sheets where sheet.quad.isConvex && sheet.quad.area > 4 {
            Compositor.lay(sheet.art, on: &rgb, width: width, height: height, quad: sheet.quad, light: light, random: &random)
        }
        for hand in hands { Self.draw(hand, on: &rgb, width: width, height: height) }
        Compositor.addNoise(&rgb, sigma: 2.5, random: &random)
        var picture = PixelBuffer(width: width, height: height, format: .rgb)
        rgb.withUnsafeBufferPointer { p in
            for i in 0..<p.count { picture.bytes[i] = UInt8(max(0, min(255, p[i].rounded()))) }
        }
        return picture
    }

    /// Skin in a soft light, each polygon filled with an antialiased edge.
    static func draw(_ hand: Hand, on rgb: inout [Float], width: Int, height: Int) {
        let skin: (Float, Float, Float) = (214, 162, 132)
        for outline in hand.outlines where outline.count >= 3 {
            let xs = outline.map(\.x), ys = outline.map(\.y)
            let x0 = max(0, Int(xs.min() ?? 0) - 1), x1 = min(width - 1, Int(xs.max() ?? 0) + 1)
            let y0 = max(0, Int(ys.min() ?? 0) - 1), y1 = min(height - 1, Int(ys.max() ?? 0) + 1)
            guard x0 <= x1, y0 <= y1 else { continue }
            // Inward normals of a clockwise (on screen) polygon.
            let edges = outline.indices.map { i -> (Point, Point) in
                let a = outline[i], b = outline[(i + 1) % outline.count]
                let length = max(1e-9, a.distance(to: b))
                return (a, Point(x: -(b.y - a.y) / length, y: (b.x - a.x) / length))
            }
            rgb.withUnsafeMutableBufferPointer { out in
                for y in y0...y1 {
                    for x in x0...x1 {
                        let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                        var inside = Double.infinity
                        for (a, n) in edges { inside = min(inside, (p.x - a.x) * n.x + (p.y - a.y) * n.y) }
                        let coverage = Float(max(0, min(1, inside + 0.5)))
                        guard coverage > 0 else { continue }
                        // Darker towards the outline: a rounded hand, not a flat cut-out.
                        let shade = Float(0.82 + 0.18 * min(1, max(0, inside) / 12))
                        let o = (y * width + x) * 3
                        out[o] += (skin.0 * shade - out[o]) * coverage
                        out[o + 1] += (skin.1 * shade - out[o + 1]) * coverage
                        out[o + 2] += (skin.2 * shade - out[o + 2]) * coverage
                    }
                }
            }
        }
    }
}

extension Lighting {
    /// Even light: the film's desk is lit once, when it is rendered.
    init(flat width: Int, height: Int) {
        gain = 1
        vignette = 0
        gx = 0
        gy = 0
        self.width = Double(width)
        self.height = Double(height)
    }
}

extension PageArt {
    /// Page `number` of a book: the same type, margins and line spacing on every page (so two
    /// pages differ only in their words, paragraph breaks and number, as a book's do), the words
    /// drawn from the page's own seed. Portrait, 1000 pixels high.
    public static func bookPage(_ number: Int, seed: UInt64 = 27) -> PageArt {
        var random = SeededRandom(seed: seed &* 7919 &+ UInt64(number))
        let (w, h) = (700, 1000)
        var picture = PixelBuffer(width: w, height: h, format: .rgb)
        let paper: (UInt8, UInt8, UInt8) = (246, 241, 228)
        for i in 0..<(w * h) {
            picture.bytes[i * 3] = paper.0
            picture.bytes[i * 3 + 1] = paper.1
            picture.bytes[i * 3 + 2] = paper.2
        }
        func box(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ level: UInt8) {
            for y in max(0, y0)..<min(h, max(y0, y1)) {
                for x in max(0, x0)..<min(w, max(x0, x1)) {
                    let o = (y * w + x) * 3
                    picture.bytes[o] = level
                    picture.bytes[o + 1] = level
                    picture.bytes[o + 2] = level
                }
            }
        }
        let margin = 70, line = 14, pitch = 24, ink: UInt8 = 40
        var y = margin
        var indent = true
        while y + line < h - margin - 40 {
            var x = margin + (indent ? 36 : 0)
            indent = false
            // A paragraph ends now and then, part way along its last line.
            let ends = random.chance(0.14)
            let end = ends ? margin + Int(Double(w - 2 * margin) * random.uniform(0.15...0.8)) : w - margin
            while x < end {
                let word = Int(random.uniform(14...70))
                box(x, y + line / 4, min(x + word, end), y + line, ink)
                x += word + 9
            }
            if ends { indent = true }
            y += pitch
        }
        // The page number, centred at the foot.
        let digits = String(number).count
        box(w / 2 - 6 * digits, h - margin, w / 2 + 6 * digits, h - margin + line, ink)
        return PageArt(name: "book-\(number)", picture: picture)
    }
}
