import CLeptonica
import StripsCore
import StripsPictures

/// A curved page's text lines fitted as one sheet, for the pages leptonica's model refuses (lines
/// bent beyond its limits, too few long lines: a table, a short page). In the spirit of
/// page-dewarp's cubic sheet (mzucker/page_dewarp), but linear and in the page's plane: every
/// stretch of a text line, however short, is taken to follow
///
///     y = y0(line) + f(x) + s * g(x)
///
/// with `f` and `g` cubics in x with no constant term (the line's own height is y0), and `s` the
/// line's height on the page (its top and bottom bend differently: the page is seen slanted, or
/// lifts more at one end). Linear least squares over all lines' centres, each line's y0 taken out
/// by centring its points, so six numbers are fitted from hundreds of points; lines that the sheet
/// does not explain (a rule, a picture's edge, two lines merged) are dropped and the rest fitted
/// again. The page is laid flat by moving each column of each line by `f + s g` (the line keeps
/// its height at the page's middle column), read back as a `PageCurve` grid like leptonica's.
enum LineSheet {
    /// Fewer line stretches than this and the sheet is not trusted.
    static let minimumLines = 6
    /// Stretches shorter than this share of the page's width carry too little of the curve.
    static let shortestLine = 0.12
    /// The lines must cover at least this share of the page's height (the `s` term needs them).
    static let leastCover = 0.3
    /// Nodes of the curve's grid each way: the sheet is smooth, and bilinear between 33 nodes
    /// departs from a cubic by a few tenths of a pixel at the working size.
    static let nodes = 33

    /// A text line's centres in working pixels, x increasing.
    struct Line {
        var xs: [Double]
        var ys: [Double]
    }

    /// The sheet's six coefficients in fractions of the page's height, x and s centred on the page.
    struct Fit {
        var f: [Double]  // u, u^2, u^3
        var g: [Double]  // s u, s u^2, s u^3
        /// Where the lines reach, in the centred coordinates; the sheet is held at its edges outside.
        var u: ClosedRange<Double>
        var s: ClosedRange<Double>
        var lines: Int

        /// How far the line at height `s` is pushed down at column `u`, fractions of the height.
        /// The tilt (`f`'s linear term) runs on past the text, as a turned page's lines do; the
        /// bend is held where the lines end, so a flat page turned stays a plane, not a curve.
        func shift(_ u: Double, _ s: Double) -> Double {
            let tilt = f[0] * u
            let u = min(max(u, self.u.lowerBound), self.u.upperBound)
            let s = min(max(s, self.s.lowerBound), self.s.upperBound)
            let p = [u, u * u, u * u * u]
            var value = tilt - f[0] * u
            for k in 0..<3 { value += (f[k] + s * g[k]) * p[k] }
            return value
        }
    }

    /// The text lines of the working binary page, every stretch leptonica's line finder finds.
    static func lines(of binary: LeptonicaPix) -> [Line] {
        guard let found = dewarpGetTextlineCenters(binary.pointer, 0) else { return [] }
        defer { var owned: UnsafeMutablePointer<PTAA>? = found; ptaaDestroy(&owned) }
        var lines: [Line] = []
        for i in 0..<ptaaGetCount(found) {
            guard let pta = ptaaGetPta(found, i, Int32(L_CLONE)) else { continue }
            defer { var owned: UnsafeMutablePointer<PTA>? = pta; ptaDestroy(&owned) }
            var line = Line(xs: [], ys: [])
            // Every fourth column: neighbours' centres say the same thing.
            for k in stride(from: 0, to: ptaGetCount(pta), by: 4) {
                var x: Float = 0, y: Float = 0
                ptaGetPt(pta, k, &x, &y)
                line.xs.append(Double(x)); line.ys.append(Double(y))
            }
            lines.append(line)
        }
        return lines
    }

    /// The sheet through `lines` on a page `width` x `height` (working pixels); nil when too few
    /// lines, too little of the page covered, or no solution.
    static func fit(_ lines: [Line], width: Int, height: Int) -> Fit? {
        let (w, h) = (Double(width), Double(height))
        var kept = lines.filter { line in
            guard let lo = line.xs.first, let hi = line.xs.last else { return false }
            return line.xs.count >= 4 && hi - lo >= shortestLine * w
        }
        var fit: Fit?
        // Fit, drop the lines the sheet leaves far off (three times the median line's error, and
        // over a pixel), fit again.
        for _ in 0..<3 {
            guard kept.count >= minimumLines, let next = solve(kept, w: w, h: h) else { return nil }
            fit = next
            let errors = kept.map { rms($0, next, w: w, h: h) }
            let limit = max(1.0, 3 * errors.sorted()[errors.count / 2])
            let survivors = zip(kept, errors).filter { $0.1 <= limit }.map(\.0)
            if survivors.count == kept.count { break }
            kept = survivors
        }
        guard let fit, kept.count >= minimumLines, fit.s.upperBound - fit.s.lowerBound >= leastCover else { return nil }
        return fit
    }

    /// One least-squares solve: each line's points centred on the line's own means, so its y0
    /// drops out and the six shared coefficients are all that is left.
    static func solve(_ lines: [Line], w: Double, h: Double) -> Fit? {
        var m = [[Double]](repeating: [Double](repeating: 0, count: 7), count: 6)
        var uLow = Double.infinity, uHigh = -Double.infinity, sLow = Double.infinity, sHigh = -Double.infinity
        for line in lines {
            let n = Double(line.xs.count)
            let s = line.ys.reduce(0, +) / n / h - 0.5
            let us = line.xs.map { $0 / w - 0.5 }
            let ybar = line.ys.reduce(0, +) / n / h
            var mean = [0.0, 0.0, 0.0]
            for u in us { mean[0] += u; mean[1] += u * u; mean[2] += u * u * u }
            for k in 0..<3 { mean[k] /= n }
            for (u, y) in zip(us, line.ys) {
                let p = [u - mean[0], u * u - mean[1], u * u * u - mean[2]]
                let row = [p[0], p[1], p[2], s * p[0], s * p[1], s * p[2]]
                let target = y / h - ybar
                for r in 0..<6 {
                    for c in 0..<6 { m[r][c] += row[r] * row[c] }
                    m[r][6] += row[r] * target
                }
            }
            uLow = min(uLow, us.first ?? 0); uHigh = max(uHigh, us.last ?? 0)
            sLow = min(sLow, s); sHigh = max(sHigh, s)
        }
        guard let x = NormalEquations.solve(m), uHigh > uLow, sHigh >= sLow else { return nil }
        return Fit(f: Array(x[0..<3]), g: Array(x[3..<6]), u: uLow...uHigh, s: sLow...sHigh, lines: lines.count)
    }

    /// The line's root-mean-square distance from the sheet, working pixels (its own y0 fitted).
    static func rms(_ line: Line, _ fit: Fit, w: Double, h: Double) -> Double {
        let s = line.ys.reduce(0, +) / Double(line.ys.count) / h - 0.5
        let residual = zip(line.xs, line.ys).map { $0.1 - fit.shift($0.0 / w - 0.5, s) * h }
        let mean = residual.reduce(0, +) / Double(residual.count)
        return (residual.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(residual.count)).squareRoot()
    }

    /// The sheet as the recipe's curve: at each node (the dewarped page's row `s`, column `u`) the
    /// flattened page is read `shift` lower, which `PageCurve` keeps as minus its `vertical`.
    static func curve(_ fit: Fit) -> PageCurve? {
        var vertical = [Float](repeating: 0, count: nodes * nodes)
        for r in 0..<nodes {
            let s = Double(r) / Double(nodes - 1) - 0.5
            for c in 0..<nodes {
                vertical[r * nodes + c] = -Float(fit.shift(Double(c) / Double(nodes - 1) - 0.5, s))
            }
        }
        return PageCurve(columns: nodes, rows: nodes, vertical: vertical, lines: fit.lines)
    }
}
