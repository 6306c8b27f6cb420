import StripsCore

/// What a page looks like, coarsely: the page flattened onto a grid of cells, each cell's mean
/// brightness, normalised (mean 0, spread 1) so that a change of light or of the camera's exposure
/// does not change it. Two looks at one page lying still are alike (similarity near 1); a page
/// turned, the next sheet laid on, or a hand over the page are not. The host samples it from the
/// picture; the core only compares.
public struct PageSignature: Hashable, Sendable {
    /// Cells across and down the page (its own width and height, whatever its shape).
    public static let columns = 32
    public static let rows = 40

    /// Each cell's level in units of the page's spread, times `scale`, clamped to a byte.
    public let cells: [Int8]
    /// The page is one flat level (a blank sheet, the camera's lens covered): nothing to compare
    /// but that.
    public let isFlat: Bool

    static let scale = 32.0

    /// From each cell's mean level (any unit), `columns * rows` of them in reading order.
    public init?(levels: [Double]) {
        guard levels.count == Self.columns * Self.rows, levels.allSatisfy(\.isFinite) else { return nil }
        let n = Double(levels.count)
        let mean = levels.reduce(0, +) / n
        let spread = (levels.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n).squareRoot()
        // Below a level's worth of spread there is no pattern, only noise.
        isFlat = spread < 1
        let unit = max(spread, 1)
        cells = levels.map { Int8(clamping: Int((($0 - mean) / unit * Self.scale).rounded())) }
    }

    /// How alike two pages look, -1...1 (the correlation of their cells): 1 the same picture, near
    /// 0 unrelated ones. Two flat pages are alike; a flat page and a patterned one are not.
    public func similarity(to other: PageSignature) -> Double {
        if isFlat || other.isFlat { return isFlat && other.isFlat ? 1 : 0 }
        var ab = 0.0, aa = 0.0, bb = 0.0
        for (a, b) in zip(cells, other.cells) {
            let x = Double(a), y = Double(b)
            ab += x * y
            aa += x * x
            bb += y * y
        }
        guard aa > 0, bb > 0 else { return 0 }
        return ab / (aa * bb).squareRoot()
    }

    /// How alike two pages' writing is, their layout left out: each signature with its rows' and
    /// columns' means taken away (what every page of a book shares: its margins, the lines of its
    /// type area, the gutter's shadow down a spread), then correlated. Two pages of one book set
    /// in the same type measure 0.26-0.59 (made-up films at 480x270 to 960x540; 0.72-0.81 by
    /// `similarity`, where a turned spread passed for the spread before it), one page looked at
    /// again 0.97 and more. A page that is nearly all layout (under `leastWriting` of its spread
    /// beyond its rows and columns: ruled paper, a blank sheet) has nothing else to tell it by, and
    /// is compared whole (`similarity`).
    public func writingSimilarity(to other: PageSignature) -> Double {
        guard !isFlat, !other.isFlat, let a = writing, let b = other.writing else { return similarity(to: other) }
        var ab = 0.0, aa = 0.0, bb = 0.0
        for (x, y) in zip(a, b) {
            ab += x * y
            aa += x * x
            bb += y * y
        }
        return ab / (aa * bb).squareRoot()
    }

    /// A text page keeps about 30 % of its spread beyond its rows' and columns' means.
    static let leastWriting = 0.05

    /// The cells less their row's and column's means (the grand mean added back); nil when that
    /// leaves under `leastWriting` of the cells' spread.
    var writing: [Double]? {
        let (columns, rows) = (Self.columns, Self.rows)
        let levels = cells.map(Double.init)
        var rowMeans = [Double](repeating: 0, count: rows), columnMeans = [Double](repeating: 0, count: columns)
        for y in 0..<rows {
            for x in 0..<columns {
                rowMeans[y] += levels[y * columns + x] / Double(columns)
                columnMeans[x] += levels[y * columns + x] / Double(rows)
            }
        }
        let mean = levels.reduce(0, +) / Double(levels.count)
        var left = levels
        for y in 0..<rows {
            for x in 0..<columns { left[y * columns + x] -= rowMeans[y] + columnMeans[x] - mean }
        }
        let whole = levels.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        let kept = left.reduce(0) { $0 + $1 * $1 }
        return whole > 0 && kept >= Self.leastWriting * whole ? left : nil
    }
}
