import StripsLooks
import StripsPictures

/// A page looked at small (about 100 pixels an inch): its paper evened by the grey look
/// (leptonica's background normalisation: shadows, a lid's fall-off and tinted paper become
/// white), the ink found as blots darker than `inkLevel`, and each blot sorted into what a reader
/// keeps and what is the paper's own: specks of dust, the scanner's backing past an edge, punch
/// holes and their shadows, a staple. What is left is the page's writing; its area decides blank.
struct SheetAnalysis: Sendable {
    /// Why a blot is not writing.
    enum Cause: Hashable, Sendable { case writing, speck, edge, hole, staple }

    let picture: PixelBuffer
    /// Pixels an inch of `picture`.
    let pixelsPerInch: Double
    let blots: [InkComponent]
    let causes: [Cause]

    /// Ink is darker than half the grey look's scale: paper is 255 there and a printed or written
    /// stroke under 60 (docs/BATCHES.md). Text showing through from the back, pale and soft, stays
    /// above it; so does a pencil's faintest line.
    static let inkLevel: UInt8 = 128

    init(picture: PixelBuffer, pixelsPerInch: Double?) {
        let ppi = pixelsPerInch ?? Double(max(picture.width, picture.height)) / 11
        self.pixelsPerInch = ppi
        self.picture = Self.ink(picture, pixelsPerInch: ppi)
        blots = InkComponents.find(in: self.picture, below: Self.inkLevel)
        causes = Self.sort(blots, width: self.picture.width, height: self.picture.height, mm: ppi / 25.4)
    }

    /// Where the ink is, as a grey picture (under `inkLevel`: ink): the grey look (evened and
    /// stretched, so strokes under a shadow are as dark as others), darkened where the plain
    /// picture is darker than half its paper. The evening takes anything wider than 5 mm for paper
    /// in shadow, which would hollow a patch code's wide bars and a QR code's corner squares; the
    /// plain threshold keeps those, and a lid's shadow is never that dark.
    static func ink(_ picture: PixelBuffer, pixelsPerInch: Double) -> PixelBuffer {
        // Too small to even (a damaged file's few rows): leptonica would only complain on stderr.
        guard min(picture.width, picture.height) >= 64 else { return Looks.luma(of: picture) }
        let evened = Looks.apply(.grey, to: picture, pixelsPerInch: pixelsPerInch)
        let grey = evened.format == .grey ? evened : Looks.luma(of: evened)
        let plain = Looks.luma(of: picture)
        guard grey.width == plain.width, grey.height == plain.height else { return grey }
        var histogram = [Int](repeating: 0, count: 256)
        plain.bytes.withUnsafeBufferPointer { for value in $0 { histogram[Int(value)] += 1 } }
        let paper = paperLevel(histogram)
        // Half the paper's level maps to `inkLevel`: each plain level's darkened value, once.
        let scale = Double(inkLevel) / (0.5 * Double(max(paper, 1)))
        let darkened = (0...255).map { UInt8(min(255, Double($0) * scale)) }
        var combined = grey.bytes
        plain.bytes.withUnsafeBufferPointer { plain in
            darkened.withUnsafeBufferPointer { darkened in
                combined.withUnsafeMutableBufferPointer { combined in
                    for i in combined.indices {
                        let scaled = darkened[Int(plain[i])]
                        if scaled < combined[i] { combined[i] = scaled }
                    }
                }
            }
        }
        return PixelBuffer(width: grey.width, height: grey.height, format: .grey, bytes: combined) ?? grey
    }

    /// The paper's level from a plain luma's histogram: the brightest tenth of its pixels begin there.
    static func paperLevel(_ histogram: [Int]) -> Int {
        let count = histogram.reduce(0, +)
        var seen = 0, paper = 255
        while paper > 0, seen + histogram[paper] < count / 10 {
            seen += histogram[paper]
            paper -= 1
        }
        return paper
    }

    /// Millimetres to pixels.
    var mm: Double { pixelsPerInch / 25.4 }

    /// The writing's area in square millimetres.
    var writingArea: Double {
        let pixels = zip(blots, causes).reduce(0) { $0 + ($1.1 == .writing ? $1.0.area : 0) }
        return Double(pixels) / (mm * mm)
    }

    var writing: [InkComponent] { zip(blots, causes).compactMap { $0.1 == .writing ? $0.0 : nil } }

    static func sort(_ blots: [InkComponent], width: Int, height: Int, mm: Double) -> [Cause] {
        let speckArea = Int((0.3 * mm * mm).rounded(.up))
        let margin = Int((5 * mm).rounded())
        let lonelyArea = 1.2 * mm * mm, lonelyGap = Int((4 * mm).rounded())
        // Specks and blots cut by the picture's edge first: they are never writing.
        let bandDepth = Int((15 * mm).rounded())
        var causes: [Cause] = blots.map { blot in
            // Cut by the picture's edge and shallow from it: the scanner's backing past the sheet,
            // a skewed sheet's corner. Deep from it, it is the page's own (a photo to the edge).
            let left = blot.minX == 0 && blot.width <= bandDepth, right = blot.maxX == width - 1 && blot.width <= bandDepth
            let top = blot.minY == 0 && blot.height <= bandDepth, bottom = blot.maxY == height - 1 && blot.height <= bandDepth
            if left || right || top || bottom { return .edge }
            // Wholly within 5 mm of an edge: the scanner's backing and its fringe; printers leave
            // that margin bare, and a page number stands 10 mm in or more.
            if blot.maxX < margin || blot.maxY < margin || blot.minX > width - 1 - margin || blot.minY > height - 1 - margin { return .edge }
            if blot.area < speckArea { return .speck }
            return .writing
        }
        // Lonely small dots (dust, a staple's holes, a full stop on its own) are no writing: letters
        // stand within a few millimetres of others. Neighbours are blots as large as a letter's
        // (dust beside a hole makes it no letter), looked for through a grid of 8 mm cells, so a
        // page of text costs no more than its letters.
        let cell = max(1, Int(8 * mm))
        let neighbourArea = Int((0.6 * mm * mm).rounded(.up))
        var grid: [Int: [Int]] = [:]
        for (i, blot) in blots.enumerated() where causes[i] == .writing && blot.area >= neighbourArea {
            grid[(blot.minY / cell) << 20 | (blot.minX / cell), default: []].append(i)
        }
        func hasNeighbour(_ i: Int) -> Bool {
            let blot = blots[i]
            for gy in ((blot.minY - lonelyGap) / cell)...((blot.maxY + lonelyGap) / cell) {
                for gx in ((blot.minX - lonelyGap) / cell)...((blot.maxX + lonelyGap) / cell) {
                    for j in grid[gy << 20 | gx] ?? [] where j != i && blots[j].near(blot, gap: lonelyGap) { return true }
                }
            }
            return false
        }
        for (i, blot) in blots.enumerated() where causes[i] == .writing {
            let lonely = !hasNeighbour(i)
            if lonely && Double(blot.area) < lonelyArea { causes[i] = .speck; continue }
            if lonely && isHole(blot, width: width, height: height, mm: mm) { causes[i] = .hole; continue }
            if lonely && isStaple(blot, width: width, height: height, mm: mm) { causes[i] = .staple }
        }
        return causes
    }

    /// A punched hole (dark: the backing seen through it) or its rim's shadow (a crescent): 4 to 9
    /// mm long, its centre within 25 mm of an edge.
    static func isHole(_ blot: InkComponent, width: Int, height: Int, mm: Double) -> Bool {
        let w = Double(blot.width) / mm, h = Double(blot.height) / mm
        // A crescent is as long as the hole and narrower: its long side is the hole's size.
        guard (3.5...9.5).contains(max(w, h)), min(w, h) >= 1 else { return false }
        let reach = 25 * mm
        let nearEdge = blot.centreX < reach || blot.centreY < reach || Double(width) - blot.centreX < reach || Double(height) - blot.centreY < reach
        return nearEdge && blot.fill > 0.08
    }

    /// A staple (a short bar 6 to 16 mm long, at most 1.5 mm thick) within 30 mm of a corner.
    static func isStaple(_ blot: InkComponent, width: Int, height: Int, mm: Double) -> Bool {
        let w = Double(blot.width), h = Double(blot.height)
        let length = (w * w + h * h).squareRoot() / mm
        guard (6...16).contains(length), Double(blot.area) / (length * mm) <= 1.5 * mm else { return false }
        let reach = 30 * mm
        let nearX = blot.centreX < reach || Double(width) - blot.centreX < reach
        let nearY = blot.centreY < reach || Double(height) - blot.centreY < reach
        return nearX && nearY
    }
}
