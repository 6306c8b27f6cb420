import CLeptonica
import StripsCore
import StripsPictures

/// How straight a page's text lines are: each long line's centres (leptonica's text-line finder,
/// as the dewarper sees them) smoothed by a quadratic (the letters' own ups and downs left out),
/// and how far that course strays from a straight line. A scan's lines stray well under a pixel;
/// a book's curved lines stray tens. What the dewarping tests and benchmark measure before and after.
public enum TextLineStraightness {
    public struct Measure: Hashable, Sendable {
        /// Long text lines found.
        public var lines: Int
        /// The median over lines of each line's largest departure from its straight fit, in
        /// pixels of the page scaled to `PageCurveFinder.workingSide` on its longer side.
        public var median: Double
        /// The largest departure on any line, same pixels.
        public var worst: Double
    }

    /// A long text line's centres, x increasing, in the working binary's pixels.
    public struct Line: Hashable, Sendable {
        public var xs: [Double]
        public var ys: [Double]
    }

    /// Nil when the page has no long text lines.
    public static func measure(_ page: PixelBuffer) -> Measure? {
        guard page.width >= 64, page.height >= 64 else { return nil }
        QuietLeptonica.install()
        return WorkingInk(page, side: PageCurveFinder.workingSide).flatMap { measure(lines(of: $0.binary)) }
    }

    /// The long text lines of a working binary page (`WorkingInk`): lines at least 80 % as long
    /// as the longest, as the dewarper keeps, of 8 centres or more.
    static func lines(of binary: LeptonicaPix) -> [Line] {
        guard let found = dewarpGetTextlineCenters(binary.pointer, 0) else { return [] }
        defer { var owned: UnsafeMutablePointer<PTAA>? = found; ptaaDestroy(&owned) }
        guard let long = dewarpRemoveShortLines(binary.pointer, found, 0.8, 0) else { return [] }
        defer { var owned: UnsafeMutablePointer<PTAA>? = long; ptaaDestroy(&owned) }
        var lines: [Line] = []
        for i in 0..<ptaaGetCount(long) {
            guard let pta = ptaaGetPta(long, i, Int32(L_CLONE)) else { continue }
            defer { var owned: UnsafeMutablePointer<PTA>? = pta; ptaDestroy(&owned) }
            let n = ptaGetCount(pta)
            guard n >= 8 else { continue }
            var line = Line(xs: [], ys: [])
            for k in 0..<n {
                var x: Float = 0, y: Float = 0
                ptaGetPt(pta, k, &x, &y)
                line.xs.append(Double(x)); line.ys.append(Double(y))
            }
            lines.append(line)
        }
        return lines
    }

    /// How straight `lines` are; nil when there are none.
    public static func measure(_ lines: [Line]) -> Measure? {
        var departures: [Double] = []
        for line in lines {
            let (xs, n) = (line.xs, line.xs.count)
            guard n >= 2, line.ys.count == n else { continue }
            // The line's course without the letters' ups and downs: a quadratic through its
            // centres; its departure from the straight line through it is the line's bend.
            let smooth = Self.quadraticFit(xs, line.ys)
            let mx = xs.reduce(0, +) / Double(n), my = smooth.reduce(0, +) / Double(n)
            var sxy = 0.0, sxx = 0.0
            for k in 0..<n { sxy += (xs[k] - mx) * (smooth[k] - my); sxx += (xs[k] - mx) * (xs[k] - mx) }
            let slope = sxx > 0 ? sxy / sxx : 0
            departures.append(zip(xs, smooth).map { abs($0.1 - (my + slope * ($0.0 - mx))) }.max() ?? 0)
        }
        guard !departures.isEmpty else { return nil }
        departures.sort()
        return Measure(lines: departures.count, median: departures[departures.count / 2], worst: departures.last ?? 0)
    }

    /// The least-squares quadratic through (xs, ys), at each x (x centred and scaled to +-1 so the
    /// normal equations stay well conditioned); the points themselves when it has no solution.
    static func quadraticFit(_ xs: [Double], _ ys: [Double]) -> [Double] {
        let lo = xs.min() ?? 0, hi = xs.max() ?? 0
        guard hi > lo else { return ys }
        let us = xs.map { 2 * ($0 - lo) / (hi - lo) - 1 }
        var m = [[Double]](repeating: [0, 0, 0, 0], count: 3)
        for (u, y) in zip(us, ys) {
            let p = [1, u, u * u]
            for r in 0..<3 {
                for c in 0..<3 { m[r][c] += p[r] * p[c] }
                m[r][3] += p[r] * y
            }
        }
        guard let coefficients = NormalEquations.solve(m) else { return ys }
        let (a, b, c) = (coefficients[0], coefficients[1], coefficients[2])
        return us.map { a + b * $0 + c * $0 * $0 }
    }
}
