import Foundation

/// A straight edge in the small copy: the points p with n . p = rho, n a unit normal. Which side
/// is brighter is left open: a business card's dark band and its white rest lie along one side.
struct EdgeLine {
    var nx: Double, ny: Double, rho: Double
    var votes: Int

    /// Signed distance of a point from the line, positive on the normal's side.
    func distance(_ x: Double, _ y: Double) -> Double { nx * x + ny * y - rho }

    /// Where two lines cross; nil when nearly parallel.
    func intersection(_ o: EdgeLine) -> (Double, Double)? {
        let det = nx * o.ny - ny * o.nx
        guard abs(det) > 1e-6 else { return nil }
        return ((rho * o.ny - ny * o.rho) / det, (nx * o.rho - rho * o.nx) / det)
    }
}

/// A Hough transform in which each edge pixel votes only near its own gradient direction (1 degree
/// and 1 pixel bins), so text's many short edges spread their votes and a page's long straight
/// side piles them up; then the strongest local peaks, each refitted to its own edge pixels by
/// least squares.
enum HoughLines {
    static let spread = 2          // degrees either side of an edge's direction it votes for
    static let peakWindow = (angle: 4, rho: 6)

    static func find(in field: GradientField, maximumLines: Int, minimumVotes: Int) -> [EdgeLine] {
        let (w, h) = (field.width, field.height)
        let cx = Double(w) / 2, cy = Double(h) / 2
        let radius = Int((cx * cx + cy * cy).squareRoot()) + 2
        let span = 2 * radius + 1
        var accumulator = [Int32](repeating: 0, count: 180 * span)
        let cosines = (0..<180).map { Float(cos(Double($0) * .pi / 180)) }
        let sines = (0..<180).map { Float(sin(Double($0) * .pi / 180)) }
        accumulator.withUnsafeMutableBufferPointer { acc in
            for e in field.edges {
                let t0 = Int(e.angle.rounded())
                let x = e.x - Float(cx), y = e.y - Float(cy)
                for dt in -spread...spread {
                    // Past 180 degrees the same line has the opposite normal and rho.
                    var t = t0 + dt, sign: Float = 1
                    if t < 0 { t += 180; sign = -1 } else if t >= 180 { t -= 180; sign = -1 }
                    let r = Int((sign * (x * cosines[t] + y * sines[t])).rounded()) + radius
                    acc[t * span + r] &+= 1
                }
            }
        }
        // A blurred edge's ridge pixels wander a pixel either way and a side's angle falls between
        // bins: a [1 2 1] smoothing in both directions gathers its votes into one peak.
        smooth(&accumulator, angles: 180, span: span)
        // Local maxima, ties going to the first in scan order.
        var peaks = [(votes: Int32, t: Int, r: Int)]()
        accumulator.withUnsafeBufferPointer { acc in
            for t in 0..<180 {
                for r in 0..<span {
                    let v = acc[t * span + r]
                    if v < minimumVotes { continue }
                    var isPeak = true
                    scan: for dt in -peakWindow.angle...peakWindow.angle {
                        var tt = t + dt, mirrored = false
                        if tt < 0 { tt += 180; mirrored = true } else if tt >= 180 { tt -= 180; mirrored = true }
                        for dr in -peakWindow.rho...peakWindow.rho where (dt, dr) != (0, 0) {
                            let rr = mirrored ? 2 * radius - (r + dr) : r + dr
                            if rr < 0 || rr >= span { continue }
                            let o = acc[tt * span + rr]
                            let earlier = tt * span + rr < t * span + r
                            if o > v || (o == v && earlier) { isPeak = false; break scan }
                        }
                    }
                    if isPeak { peaks.append((v, t, r)) }
                }
            }
        }
        peaks.sort { $0.votes > $1.votes }
        var lines = [EdgeLine]()
        for p in peaks.prefix(maximumLines * 2) {
            let a = Double(p.t) * .pi / 180
            let (nx, ny) = (cos(a), sin(a))
            let rho = Double(p.r - radius) + nx * cx + ny * cy
            let line = refit(EdgeLine(nx: nx, ny: ny, rho: rho, votes: Int(p.votes) / 4), field: field)
            let duplicate = lines.contains { o in
                let d = o.nx * line.nx + o.ny * line.ny
                return abs(d) > cos(2.5 * .pi / 180) && abs(o.rho - (d > 0 ? line.rho : -line.rho)) < 3
            }
            if !duplicate { lines.append(line) }
            if lines.count == maximumLines { break }
        }
        return lines
    }

    static func smooth(_ acc: inout [Int32], angles: Int, span: Int) {
        var tmp = acc
        acc.withUnsafeMutableBufferPointer { a in
            tmp.withUnsafeMutableBufferPointer { t in
                for i in 0..<angles {
                    let row = i * span
                    for r in 1..<(span - 1) { t[row + r] = a[row + r - 1] + 2 * a[row + r] + a[row + r + 1] }
                }
                for i in 0..<angles {
                    let prev = max(i - 1, 0) * span, row = i * span, next = min(i + 1, angles - 1) * span
                    for r in 0..<span { a[row + r] = t[prev + r] + 2 * t[row + r] + t[next + r] }
                }
            }
        }
    }

    /// The line through the edge pixels near it that face its way (total least squares); the
    /// line itself when too few do.
    static func refit(_ line: EdgeLine, field: GradientField, within distance: Double = 2, range: ClosedRange<Double>? = nil) -> EdgeLine {
        let cosLimit = Float(cos(6 * Double.pi / 180))
        var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0, count = 0.0
        let (dx, dy) = (-line.ny, line.nx)
        for e in field.edges {
            let (x, y) = (Double(e.x), Double(e.y))
            if abs(line.distance(x, y)) > distance { continue }
            if abs(e.nx * Float(line.nx) + e.ny * Float(line.ny)) < cosLimit { continue }
            if let range, !range.contains(x * dx + y * dy) { continue }
            sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y; count += 1
        }
        guard count >= 8 else { return line }
        let mx = sx / count, my = sy / count
        let cxx = sxx / count - mx * mx, cyy = syy / count - my * my, cxy = sxy / count - mx * my
        // The normal is the eigenvector of the smaller eigenvalue of the scatter matrix.
        let trace = cxx + cyy, det = cxx * cyy - cxy * cxy
        let small = trace / 2 - (max(0, trace * trace / 4 - det)).squareRoot()
        var (nx, ny) = abs(cxy) > 1e-12 ? (cxy, small - cxx) : (cxx < cyy ? (1.0, 0.0) : (0.0, 1.0))
        let length = (nx * nx + ny * ny).squareRoot()
        guard length > 0 else { return line }
        (nx, ny) = (nx / length, ny / length)
        if nx * line.nx + ny * line.ny < 0 { (nx, ny) = (-nx, -ny) }
        // A refit that swung far is fitting something else.
        guard nx * line.nx + ny * line.ny > cos(4 * Double.pi / 180) else { return line }
        return EdgeLine(nx: nx, ny: ny, rho: nx * mx + ny * my, votes: line.votes)
    }
}
