/// A part of a page painted over with its paper (issue 40: fingers holding a book's pages at the
/// margins, painted out as ML Kit's document scanner does): where on the page, how much of each
/// cell to cover (soft at the rim, nothing over the text's ink), and the paper's colour on each row,
/// taken from the paper beside it. In fractions of the page, so the same patch is painted at every
/// size the page is drawn at; found by StripsCorrection's `FingerFinder`, painted by the renderer.
public struct PaperPatch: Hashable, Sendable {
    /// The patch's box on the page, 0...1 of its width and height.
    public let box: Rect
    /// Cells across and down the box.
    public let columns: Int
    public let rows: Int
    /// How much of each cell is painted (0: the page as it is, 255: paper), row by row.
    public let cover: [UInt8]
    /// The paper's colour on each row (red, green, blue).
    public let paper: [UInt8]

    public init?(box: Rect, columns: Int, rows: Int, cover: [UInt8], paper: [UInt8]) {
        guard columns >= 1, rows >= 1, cover.count == columns * rows, paper.count == rows * 3,
              box.width > 0, box.height > 0, box.minX >= 0, box.minY >= 0, box.maxX <= 1.000_001, box.maxY <= 1.000_001 else { return nil }
        self.box = box
        self.columns = columns
        self.rows = rows
        self.cover = cover
        self.paper = paper
    }

    /// The share of the page it paints (its box's area times its cover).
    public var area: Double {
        box.width * box.height * Double(cover.reduce(0) { $0 + Int($1) }) / Double(255 * cover.count)
    }

    /// The cover at page point (`u`, `v`) (fractions), bilinear between the cells' centres; 0 outside.
    @inline(__always)
    public func coverage(u: Double, v: Double) -> Double {
        let gx = (u - box.minX) / box.width * Double(columns) - 0.5, gy = (v - box.minY) / box.height * Double(rows) - 0.5
        guard gx > -1, gy > -1, gx < Double(columns), gy < Double(rows) else { return 0 }
        let x0 = Int(gx.rounded(.down)), y0 = Int(gy.rounded(.down))
        let fx = gx - Double(x0), fy = gy - Double(y0)
        func at(_ x: Int, _ y: Int) -> Double {
            Double(cover[min(max(y, 0), rows - 1) * columns + min(max(x, 0), columns - 1)])
        }
        // Past the box's edge the cover fades to nothing over half a cell.
        var edge = 1.0
        if gx < 0 { edge *= 1 + gx }
        if gy < 0 { edge *= 1 + gy }
        if gx > Double(columns - 1) { edge *= Double(columns) - gx }
        if gy > Double(rows - 1) { edge *= Double(rows) - gy }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return (top * (1 - fy) + bottom * fy) / 255 * max(0, edge)
    }

    /// The paper's colour at page height `v`, its row's.
    @inline(__always)
    public func paperColour(v: Double) -> (UInt8, UInt8, UInt8) {
        let r = min(max(Int((v - box.minY) / box.height * Double(rows)), 0), rows - 1)
        return (paper[3 * r], paper[3 * r + 1], paper[3 * r + 2])
    }

    /// A short stable name for cache keys.
    var fingerprint: String {
        var hash = StableHash()
        for value in [box.minX, box.minY, box.width, box.height] { hash.add(Int64((value * 10_000).rounded())) }
        cover.forEach { hash.add($0) }
        paper.forEach { hash.add($0) }
        return "\(columns)x\(rows):\(hash.hex)"
    }
}
