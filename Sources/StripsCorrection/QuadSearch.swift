import Foundation
import StripsCore

/// Every way four of the found lines can bound a page: two pairs of roughly parallel lines, the
/// pairs roughly at right angles, a convex quad inside the picture with plausible corner angles. Each is scored by its area and by how much of each side has an edge under it (from
/// per-line prefix sums, so a side costs O(1)); the best wins.
struct QuadSearch {
    let field: GradientField
    let lines: [EdgeLine]
    private var profiles: [SupportProfile] = []

    /// Opposite sides within this angle of parallel (perspective converges them).
    static let oppositeCos = cos(40 * Double.pi / 180)
    /// Adjacent sides' normals at least this far from parallel.
    static let adjacentCos = cos(48 * Double.pi / 180)
    /// Interior angles between 42 and 138 degrees.
    static let cornerCos = cos(42 * Double.pi / 180)
    static let minimumArea = 0.08
    static let minimumSideSupport = 0.3

    struct Candidate {
        var corners: [(Double, Double)]   // clockwise on screen
        var lines: [Int]                  // the line under each side: corners[i] -> corners[i+1]
        var area: Double
        var supports: [Double]
        var score: Double
    }

    init(field: GradientField, lines: [EdgeLine]) {
        self.field = field
        self.lines = lines
        profiles = lines.map { SupportProfile(line: $0, field: field) }
    }

    func best() -> Candidate? {
        let n = lines.count
        let (w, h) = (Double(field.width), Double(field.height))
        let imageArea = w * h
        var pairs = [(Int, Int)]()
        for a in 0..<n {
            for c in (a + 1)..<max(a + 1, n) where abs(dot(a, c)) > Self.oppositeCos {
                pairs.append((a, c))
            }
        }
        var best: Candidate?
        let slack = 0.02
        for (i, p) in pairs.enumerated() {
            for q in pairs[(i + 1)...] {
                let (a, c) = p, (b, d) = q
                if a == b || a == d || c == b || c == d { continue }
                if abs(dot(a, b)) > Self.adjacentCos || abs(dot(a, d)) > Self.adjacentCos
                    || abs(dot(c, b)) > Self.adjacentCos || abs(dot(c, d)) > Self.adjacentCos { continue }
                guard let ab = lines[a].intersection(lines[b]), let bc = lines[b].intersection(lines[c]),
                      let cd = lines[c].intersection(lines[d]), let da = lines[d].intersection(lines[a]) else { continue }
                var corners = [ab, bc, cd, da]
                var sides = [b, c, d, a]   // corner k -> k+1 lies on sides[k]
                if corners.contains(where: { $0.0 < -slack * w || $0.1 < -slack * h || $0.0 > (1 + slack) * w || $0.1 > (1 + slack) * h }) { continue }
                var area = Self.signedArea(corners)
                if area < 0 {
                    corners = [ab, da, cd, bc]
                    sides = [a, d, c, b]
                    area = -area
                }
                if area < Self.minimumArea * imageArea { continue }
                // Quick bound: supports are at most 1.
                if let best, area / imageArea <= best.score { continue }
                guard Self.isConvexWithPlausibleAngles(corners) else { continue }
                var supports = [Double]()
                for k in 0..<4 {
                    let from = corners[k], to = corners[(k + 1) % 4]
                    supports.append(profiles[sides[k]].support(from: from, to: to))
                }
                if supports.min() ?? 0 < Self.minimumSideSupport { continue }
                let score = area / imageArea * supports.reduce(1, *)
                if score > best?.score ?? 0 {
                    best = Candidate(corners: corners, lines: sides, area: area, supports: supports, score: score)
                }
            }
        }
        return best
    }

    private func dot(_ i: Int, _ j: Int) -> Double { lines[i].nx * lines[j].nx + lines[i].ny * lines[j].ny }

    static func signedArea(_ c: [(Double, Double)]) -> Double {
        var s = 0.0
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4]
            s += a.0 * b.1 - b.0 * a.1
        }
        return s / 2
    }

    static func isConvexWithPlausibleAngles(_ c: [(Double, Double)]) -> Bool {
        for i in 0..<4 {
            let p = c[i], prev = c[(i + 3) % 4], next = c[(i + 1) % 4]
            let u = (prev.0 - p.0, prev.1 - p.1), v = (next.0 - p.0, next.1 - p.1)
            let lu = (u.0 * u.0 + u.1 * u.1).squareRoot(), lv = (v.0 * v.0 + v.1 * v.1).squareRoot()
            guard lu > 4, lv > 4 else { return false }
            if abs((u.0 * v.0 + u.1 * v.1) / (lu * lv)) > cornerCos { return false }
            // Clockwise on screen: the turn from (p - prev) to (next - p) is positive.
            let turn = (p.0 - prev.0) * (next.1 - p.1) - (p.1 - prev.1) * (next.0 - p.0)
            if turn <= 0 { return false }
        }
        return true
    }
}

/// For one line, whether each pixel step along it has an edge along the line (either way)
/// within two pixels across, summed from one end: the share of any stretch that is edge is two look-ups.
struct SupportProfile {
    let line: EdgeLine
    let start: Double
    var prefix: [Int32]

    init(line: EdgeLine, field: GradientField) {
        self.line = line
        let (w, h) = (Double(field.width), Double(field.height))
        let (dx, dy) = (-line.ny, line.nx)
        let ts = [(0.0, 0.0), (w, 0), (w, h), (0, h)].map { $0.0 * dx + $0.1 * dy }
        start = (ts.min() ?? 0).rounded(.down)
        let count = Int((ts.max() ?? 0) - start) + 2
        prefix = [Int32](repeating: 0, count: count + 1)
        let threshold = field.threshold
        let (fx, fy) = (line.rho * line.nx, line.rho * line.ny)
        let (nx, ny) = (Float(line.nx), Float(line.ny))
        var sum: Int32 = 0
        for i in 0..<count {
            let t = start + Double(i)
            let px = Float(fx + t * dx), py = Float(fy + t * dy)
            var supported: Int32 = 0
            if px >= 0, py >= 0, px < Float(w), py < Float(h) {
                for s: Float in [0, -1, 1, -2, 2] {
                    let (gx, gy) = field.gradient(px + s * nx, py + s * ny)
                    let along = abs(gx * nx + gy * ny)
                    if along >= threshold, along * along >= 0.7 * (gx * gx + gy * gy) { supported = 1; break }
                }
            }
            sum += supported
            prefix[i + 1] = sum
        }
    }

    /// The share of the segment between two points (projected onto the line) that has an edge.
    func support(from a: (Double, Double), to b: (Double, Double)) -> Double {
        let (dx, dy) = (-line.ny, line.nx)
        var t0 = a.0 * dx + a.1 * dy - start, t1 = b.0 * dx + b.1 * dy - start
        if t0 > t1 { swap(&t0, &t1) }
        let i0 = max(0, min(prefix.count - 1, Int(t0.rounded())))
        let i1 = max(0, min(prefix.count - 1, Int(t1.rounded())))
        let length = max(1.0, t1 - t0)
        return Double(prefix[i1] - prefix[i0]) / length
    }
}
