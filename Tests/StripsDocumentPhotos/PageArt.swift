import Foundation
import StripsCore
import StripsPictures

/// The pages that get photographed: the bundled sample pages (real-looking rendered documents)
/// and pages of rendered "text" made here (word blocks on tinted paper, headings, rules, a logo),
/// each with its true aspect.
public struct PageArt: Sendable {
    public let name: String
    public let picture: PixelBuffer

    /// Width over height of the paper: what the flattened page's shape is measured against.
    public var aspect: Double { Double(picture.width) / Double(picture.height) }

    public init(name: String, picture: PixelBuffer) {
        self.name = name
        self.picture = picture
    }

    /// Sample pictures whose paper is not the whole picture (a receipt narrower than its scan with
    /// a torn end, a sticky note on a grey ground): their picture's corners are not the paper's.
    static let notWholePages: Set<String> = ["04-receipt.jpg", "06-square-note.jpg"]

    /// Every `*.jpg` in `folder` (Assets/Sample) that is a whole page, in name order; the ones
    /// that fail to decode are left out.
    public static func samples(in folder: String) -> [PageArt] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".jpg") && !notWholePages.contains($0) }.sorted()
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: folder + "/" + name),
                  let picture = JPEG.decode([UInt8](data)) else { return nil }
            return PageArt(name: String(name.dropLast(4)), picture: picture)
        }
    }

    /// Paper shapes a rendered page takes, width over height.
    static let paperAspects: [(String, Double)] = [
        ("a4", 210.0 / 297.0), ("letter", 8.5 / 11.0), ("legal", 8.5 / 14.0), ("a5", 148.0 / 210.0),
        ("card", 85.0 / 55.0), ("note", 1.0), ("receipt", 80.0 / 240.0), ("a4-landscape", 297.0 / 210.0),
    ]

    /// A page of rendered text, 1400 pixels on its longer side.
    public static func rendered(seed: UInt64) -> PageArt {
        var random = SeededRandom(seed: seed)
        let (paperName, aspect) = paperAspects[Int(random.next() % UInt64(paperAspects.count))]
        let long = 1400.0
        let (w, h) = aspect >= 1 ? (Int(long), Int(long / aspect)) : (Int(long * aspect), Int(long))
        let paper = (random.uniform(232...254), random.uniform(228...250), random.uniform(215...245))
        var picture = PixelBuffer(width: w, height: h, format: .rgb)
        picture.bytes.withUnsafeMutableBufferPointer { p in
            for i in 0..<(w * h) {
                p[i * 3] = UInt8(paper.0); p[i * 3 + 1] = UInt8(paper.1); p[i * 3 + 2] = UInt8(paper.2)
            }
        }
        func box(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ c: (Double, Double, Double)) {
            for y in max(0, y0)..<min(h, max(y0, y1)) {
                for x in max(0, x0)..<min(w, max(x0, x1)) {
                    let o = (y * w + x) * 3
                    picture.bytes[o] = UInt8(c.0); picture.bytes[o + 1] = UInt8(c.1); picture.bytes[o + 2] = UInt8(c.2)
                }
            }
        }
        let margin = Int(Double(min(w, h)) * random.uniform(0.06...0.12))
        let line = max(6, Int(Double(h) * random.uniform(0.011...0.018)))
        let ink = random.uniform(15...60)
        var y = margin
        if random.chance(0.5) {
            // A logo or a photo block in a corner.
            let s = Int(Double(min(w, h)) * random.uniform(0.1...0.2))
            box(w - margin - s, y, w - margin, y + s, (random.uniform(20...200), random.uniform(20...200), random.uniform(20...200)))
        }
        // A heading.
        box(margin, y, margin + Int(Double(w - 2 * margin) * random.uniform(0.3...0.6)), y + line * 2, (ink, ink, ink + 10))
        y += line * 4
        while y + line < h - margin {
            if random.chance(0.08) {
                // A rule or a table's lines.
                box(margin, y, w - margin, y + max(1, line / 6), (ink + 40, ink + 40, ink + 40))
                y += line
                continue
            }
            if random.chance(0.12) { y += line; continue }  // paragraph break
            var x = margin
            let end = w - margin - (random.chance(0.2) ? Int(Double(w - 2 * margin) * random.uniform(0.2...0.7)) : 0)
            while x < end {
                let word = Int(Double(line) * random.uniform(1.2...5.5))
                box(x, y + line / 5, min(x + word, end), y + line, (ink, ink, ink))
                x += word + line / 2 + 1
            }
            y += line + line / 2 + Int(random.uniform(0...1) * Double(line) * 0.3)
        }
        return PageArt(name: "rendered-\(paperName)", picture: picture)
    }
}
