/// How a curved page (a book's page, a curled sheet) lies on its flattened rectangle, and how to
/// lay it flat: for each point of the dewarped page, how far its text was pushed down and sideways
/// by the curve. It is found from the page's text lines (StripsCorrection's `PageCurveFinder`,
/// leptonica's disparity model) and kept as a small grid of shifts in fractions of the page's
/// size, so it is the same curve at every scale the page is drawn at (a thumbnail, the preview,
/// the saved page) and a value a recipe can hold, compare and undo.
///
/// The map, in the page's own pixels (width `W`, height `H`): the dewarped point (x, y) shows the
/// flattened page at x' = x - h(x, y) * W, then y' = y - v(x', y) * H, leptonica's order (the
/// vertical disparity is removed first, then the horizontal). `h` and `v` are bilinear between the
/// grid's nodes, which span the page from edge to edge.
public struct PageCurve: Hashable, Sendable {
    /// Nodes across and down (at least 2 each).
    public let columns: Int
    public let rows: Int
    /// The downward shift at each node, row by row, in fractions of the page's height.
    public let vertical: [Float]
    /// The sideways shift at each node, in fractions of the page's width; empty: none.
    public let horizontal: [Float]
    /// The text lines the curve was found from.
    public let lines: Int

    public init?(columns: Int, rows: Int, vertical: [Float], horizontal: [Float] = [], lines: Int) {
        guard columns >= 2, rows >= 2, vertical.count == columns * rows,
              horizontal.isEmpty || horizontal.count == columns * rows,
              vertical.allSatisfy(\.isFinite), horizontal.allSatisfy(\.isFinite) else { return nil }
        self.columns = columns
        self.rows = rows
        self.vertical = vertical
        self.horizontal = horizontal
        self.lines = lines
    }

    /// The flattened page's point that the dewarped page's point `p` shows, both in the pixels of a
    /// page of `size` (any scale: the shifts are fractions of it).
    @inline(__always)
    public func source(of p: Point, in size: Size) -> Point {
        var x = p.x
        let u = p.x / size.width, v = p.y / size.height
        if !horizontal.isEmpty { x -= Double(Self.bilinear(horizontal, columns, rows, u, v)) * size.width }
        let y = p.y - Double(Self.bilinear(vertical, columns, rows, x / size.width, v)) * size.height
        return Point(x: x, y: y)
    }

    /// The largest shift, in fractions of the page's height (vertical) and width (horizontal):
    /// how far from its place on the flattened page any dewarped point is taken.
    public var reach: (vertical: Double, horizontal: Double) {
        (Double(vertical.map(abs).max() ?? 0), Double(horizontal.map(abs).max() ?? 0))
    }

    /// What is left of the vertical shift once its best plane (a shift, a tilt, a slant: what a
    /// straighten and a crop already do) is taken out: the curve itself, its largest departure in
    /// fractions of the page's height. A flat page's is a few thousandths at most.
    public var bend: Double {
        // Least squares of a + b u + c v over the nodes; the nodes are a regular grid, so the
        // normal equations are diagonal once u and v are centred.
        let n = Double(columns * rows)
        var mean = 0.0, su = 0.0, sv = 0.0, suu = 0.0, svv = 0.0
        for r in 0..<rows {
            for c in 0..<columns {
                let u = Double(c) / Double(columns - 1) - 0.5, w = Double(r) / Double(rows - 1) - 0.5
                let value = Double(vertical[r * columns + c])
                mean += value; su += u * value; sv += w * value; suu += u * u; svv += w * w
            }
        }
        mean /= n
        let b = suu > 0 ? su / suu : 0, c = svv > 0 ? sv / svv : 0
        var worst = 0.0
        for r in 0..<rows {
            for col in 0..<columns {
                let u = Double(col) / Double(columns - 1) - 0.5, w = Double(r) / Double(rows - 1) - 0.5
                worst = max(worst, abs(Double(vertical[r * columns + col]) - (mean + b * u + c * w)))
            }
        }
        return worst
    }

    /// Bilinear between nodes at 0, 1/(n-1), ..., 1; outside, the nearest edge's value carried on
    /// by its slope (as leptonica extends its arrays past the text), limited to a node's step.
    @inline(__always)
    static func bilinear(_ values: [Float], _ columns: Int, _ rows: Int, _ u: Double, _ v: Double) -> Float {
        let gx = min(max(u, -0.1), 1.1) * Double(columns - 1), gy = min(max(v, -0.1), 1.1) * Double(rows - 1)
        let ix = min(max(Int(gx.rounded(.down)), 0), columns - 2), iy = min(max(Int(gy.rounded(.down)), 0), rows - 2)
        let fx = Float(gx - Double(ix)), fy = Float(gy - Double(iy))
        let o = iy * columns + ix
        let top = values[o] + (values[o + 1] - values[o]) * fx
        let bottom = values[o + columns] + (values[o + columns + 1] - values[o + columns]) * fx
        return top + (bottom - top) * fy
    }

    /// A short stable name for cache keys: the grid's size, the lines, and a hash of the shifts
    /// to a ten-thousandth of the page.
    var fingerprint: String {
        var hash = StableHash()
        for value in vertical + horizontal { hash.add(Int64((Double(value) * 10_000).rounded())) }
        return "\(columns)x\(rows):\(lines):\(hash.hex)"
    }
}
