/// A plane projective map x' = (a x + b y + c) / (g x + h y + 1), y' = (d x + e y + f) / (g x + h y + 1):
/// how a flat page's points land in a photo of it. Found from four point pairs by the direct linear
/// transform (eight unknowns, an 8x8 system), with both point sets normalised first (Hartley) so
/// pixel coordinates in the thousands do not cost the solve its precision.
public struct Homography: Hashable, Sendable {
    /// Row-major 3x3 matrix, scaled so the last entry is 1.
    public let m: [Double]

    public init?(matrix: [Double]) {
        guard matrix.count == 9, matrix.allSatisfy(\.isFinite), matrix[8] != 0 else { return nil }
        m = matrix.map { $0 / matrix[8] }
    }

    public static let identity = Homography(uncheckedMatrix: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    private init(uncheckedMatrix: [Double]) { m = uncheckedMatrix }

    /// The map taking each of `from` to the matching `to`; nil when three of either are collinear
    /// (no projective map does that) or a point is not finite.
    public init?(from: [Point], to: [Point]) {
        guard from.count == 4, to.count == 4,
              (from + to).allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        guard let nFrom = Normalisation(from), let nTo = Normalisation(to) else { return nil }
        let p = from.map(nFrom.apply), q = to.map(nTo.apply)
        var rows = [[Double]]()
        for i in 0..<4 {
            let (x, y, u, v) = (p[i].x, p[i].y, q[i].x, q[i].y)
            rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
            rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
        }
        guard let h = Self.solve(rows) else { return nil }
        let normalised = Homography(uncheckedMatrix: h + [1])
        // H = T_to^-1 * Hn * T_from
        guard let result = Homography(matrix: Self.multiply(nTo.inverseMatrix, Self.multiply(normalised.m, nFrom.matrix))),
              result.isInvertible else { return nil }
        self = result
    }

    /// The map from the page rectangle (0,0)-(width,height) onto `quad`: an output pixel of the
    /// flattened page to where it is in the picture.
    public init?(rectangle size: Size, to quad: Quad) {
        self.init(from: Quad(whole: size).corners, to: quad.corners)
    }

    public func apply(_ p: Point) -> Point {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        guard w != 0 else { return Point(x: .infinity, y: .infinity) }
        return Point(x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    public var determinant: Double {
        m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    }

    private var isInvertible: Bool {
        let scale = m.map(abs).max() ?? 1
        return abs(determinant) > 1e-12 * scale * scale * scale
    }

    public var inverse: Homography? {
        let d = determinant
        guard isInvertible, d.isFinite else { return nil }
        let a = m
        let adj = [
            a[4] * a[8] - a[5] * a[7], a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            a[5] * a[6] - a[3] * a[8], a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            a[3] * a[7] - a[4] * a[6], a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        return Homography(matrix: adj.map { $0 / d })
    }

    /// First `other`, then this one.
    public func after(_ other: Homography) -> Homography? {
        Homography(matrix: Self.multiply(m, other.m))
    }

    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j]
            }
        }
        return r
    }

    /// Gaussian elimination with partial pivoting on an n x (n+1) augmented matrix.
    static func solve(_ system: [[Double]]) -> [Double]? {
        var a = system
        let n = a.count
        for col in 0..<n {
            var pivot = col
            for r in col + 1..<n where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            for r in col + 1..<n {
                let f = a[r][col] / a[col][col]
                if f == 0 { continue }
                for c in col...n { a[r][c] -= f * a[col][c] }
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = a[r][n]
            for c in r + 1..<n { s -= a[r][c] * x[c] }
            x[r] = s / a[r][r]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }

    /// Moves points to their centroid and scales their mean distance to sqrt(2).
    private struct Normalisation {
        let cx: Double, cy: Double, s: Double

        init?(_ points: [Point]) {
            let mx = points.map(\.x).reduce(0, +) / Double(points.count)
            let my = points.map(\.y).reduce(0, +) / Double(points.count)
            let mean = points.map { (($0.x - mx) * ($0.x - mx) + ($0.y - my) * ($0.y - my)).squareRoot() }
                .reduce(0, +) / Double(points.count)
            (cx, cy) = (mx, my)
            guard mean > 1e-12, mean.isFinite else { return nil }
            s = 2.0.squareRoot() / mean
        }

        func apply(_ p: Point) -> Point { Point(x: (p.x - cx) * s, y: (p.y - cy) * s) }
        var matrix: [Double] { [s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1] }
        var inverseMatrix: [Double] { [1 / s, 0, cx, 0, 1 / s, cy, 0, 0, 1] }
    }
}
