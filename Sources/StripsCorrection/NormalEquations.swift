/// Small least-squares fits' normal equations solved: the straightness measure's quadratic per
/// line and the line sheet's six coefficients.
enum NormalEquations {
    /// The solution of an n x (n+1) augmented system by Gaussian elimination with partial
    /// pivoting; nil when it is singular.
    static func solve(_ system: [[Double]]) -> [Double]? {
        var m = system
        let n = m.count
        for col in 0..<n {
            guard let pivot = (col..<n).max(by: { abs(m[$0][col]) < abs(m[$1][col]) }), abs(m[pivot][col]) > 1e-12 else { return nil }
            m.swapAt(col, pivot)
            for r in 0..<n where r != col {
                let factor = m[r][col] / m[col][col]
                for c in col...n { m[r][c] -= factor * m[col][c] }
            }
        }
        let x = (0..<n).map { m[$0][n] / m[$0][$0] }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}
