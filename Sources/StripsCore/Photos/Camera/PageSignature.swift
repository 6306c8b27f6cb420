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
}
