import Foundation
import StripsCore
import StripsPictures

/// Finds the page in a photo: the quad of the largest plausible convex page whose four sides are
/// long straight edges. Works on a small copy (about 512 pixels on the longer side, box-averaged,
/// which also averages away sensor and JPEG noise), with edges from the gradient (a white page
/// on a white table has one), lines from an orientation-aware Hough transform, and quads scored
/// by area and by how much of each side has an edge under it. Pure; safe on any thread.
public enum BorderDetector {
    /// The small copy's longer side is at least this (the box factor is a whole number).
    public static let workingSide = 512
    static let maximumLines = 56

    /// The page's corners in `picture`'s own pixels (top-left of the page first, clockwise, the
    /// page taken to be upright within 45 degrees), or nil when no plausible page is there.
    public static func detect(in picture: PixelBuffer) -> Quad? {
        analyse(picture)?.quad
    }

    /// What the detector saw, for a person looking into a miss: the small copy's size and edge
    /// threshold, the lines found, the winning quad's sides' support, and how well each side of
    /// `truth` (in the picture's pixels), if given, is supported.
    public static func explain(_ picture: PixelBuffer, truth: Quad? = nil) -> String {
        let factor = max(1, max(picture.width, picture.height) / workingSide)
        let field = GradientField(picture.boxReduced(by: factor))
        let lines = HoughLines.find(in: field, maximumLines: maximumLines, minimumVotes: 4 * max(12, min(field.width, field.height) / 12))
        var text = "small copy \(field.width)x\(field.height) (1/\(factor)), noise \(field.noise), threshold \(field.threshold), \(field.edges.count) edge pixels, \(lines.count) lines\n"
        for (i, l) in lines.enumerated() {
            text += "  line \(i): angle \(Int((atan2(l.ny, l.nx) * 180 / .pi).rounded())) rho \(Int(l.rho.rounded())) votes \(l.votes)\n"
        }
        let search = QuadSearch(field: field, lines: lines)
        if let best = search.best() {
            text += "best: corners \(best.corners.map { "(\(Int($0.0)),\(Int($0.1)))" }.joined()) lines \(best.lines) supports \(best.supports.map { String(format: "%.2f", $0) }) score \(String(format: "%.3f", best.score))\n"
        } else {
            text += "no quad\n"
        }
        if let truth {
            let c = truth.corners.map { ($0.x / Double(factor), $0.y / Double(factor)) }
            for k in 0..<4 {
                let a = c[k], b = c[(k + 1) % 4]
                let len = hypot(b.0 - a.0, b.1 - a.1)
                let line = EdgeLine(nx: -(b.1 - a.1) / len, ny: (b.0 - a.0) / len, rho: (-(b.1 - a.1) * a.0 + (b.0 - a.0) * a.1) / len, votes: 0)
                let nearest = lines.enumerated().min { x, y in
                    abs(abs(x.1.nx * line.nx + x.1.ny * line.ny) - 1) * 100 + abs(abs(x.1.rho) - abs(line.rho)) < abs(abs(y.1.nx * line.nx + y.1.ny * line.ny) - 1) * 100 + abs(abs(y.1.rho) - abs(line.rho))
                }
                let near = field.edges.filter { abs(line.distance(Double($0.x), Double($0.y))) < 1.5 && abs($0.nx * Float(line.nx) + $0.ny * Float(line.ny)) > 0.99 }.count
                text += "true side \(k): edges near \(near) angle \(Int((atan2(line.ny, line.nx) * 180 / .pi).rounded())) rho \(Int(line.rho.rounded())) support \(String(format: "%.2f", SupportProfile(line: line, field: field).support(from: a, to: b))), nearest line \(nearest?.offset ?? -1)\n"
            }
            let area = QuadSearch.signedArea(c) / Double(field.width * field.height)
            text += "true area share \(String(format: "%.3f", area))\n"
        }
        return text
    }

    struct Analysis {
        var quad: Quad
        var candidate: QuadSearch.Candidate
        var lines: [EdgeLine]
        var factor: Int
    }

    static func analyse(_ picture: PixelBuffer) -> Analysis? {
        guard picture.width >= 16, picture.height >= 16 else { return nil }
        let factor = max(1, max(picture.width, picture.height) / workingSide)
        let small = picture.boxReduced(by: factor)
        let field = GradientField(small)
        let minimumVotes = 4 * max(12, min(field.width, field.height) / 12)
        let lines = HoughLines.find(in: field, maximumLines: maximumLines, minimumVotes: minimumVotes)
        guard let candidate = QuadSearch(field: field, lines: lines).best() else { return nil }
        let corners = refined(candidate, lines: lines, field: field)
        let scale = Double(factor)
        let points = corners.map { Point(x: $0.0 * scale, y: $0.1 * scale) }
        guard let quad = Quad(corners: pageOrder(points)), quad.isConvex else { return nil }
        return Analysis(quad: quad, candidate: candidate, lines: lines, factor: factor)
    }

    /// Each side refitted to the edge pixels along its own stretch (not the whole line, which may
    /// run on into other edges), then the corners where the refitted sides meet.
    static func refined(_ c: QuadSearch.Candidate, lines: [EdgeLine], field: GradientField) -> [(Double, Double)] {
        var sides = [EdgeLine]()
        for k in 0..<4 {
            let line = lines[c.lines[k]]
            let (dx, dy) = (-line.ny, line.nx)
            let a = c.corners[k], b = c.corners[(k + 1) % 4]
            var t0 = a.0 * dx + a.1 * dy, t1 = b.0 * dx + b.1 * dy
            if t0 > t1 { swap(&t0, &t1) }
            let inset = (t1 - t0) * 0.05
            sides.append(HoughLines.refit(line, field: field, within: 2.5, range: (t0 + inset)...(t1 - inset)))
        }
        var corners = [(Double, Double)]()
        for k in 0..<4 {
            // corner k is where side k-1 meets side k
            guard let p = sides[(k + 3) % 4].intersection(sides[k]) else { return c.corners }
            corners.append(p)
        }
        // A refit that moved a corner far has fitted something else: keep the found corners.
        for (p, q) in zip(corners, c.corners) where hypot(p.0 - q.0, p.1 - q.1) > 6 { return c.corners }
        return corners
    }

    /// Clockwise corners, started at the page's top-left: the side going most nearly rightwards
    /// is the top.
    static func pageOrder(_ clockwise: [Point]) -> [Point] {
        var start = 0, bestRightwards = -Double.infinity
        for k in 0..<4 {
            let a = clockwise[k], b = clockwise[(k + 1) % 4]
            let length = a.distance(to: b)
            guard length > 0 else { continue }
            let rightwards = (b.x - a.x) / length
            if rightwards > bestRightwards { bestRightwards = rightwards; start = k }
        }
        return (0..<4).map { clockwise[(start + $0) % 4] }
    }
}
