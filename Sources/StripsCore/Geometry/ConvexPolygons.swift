import Foundation

/// Small polygon geometry for drawing the border editor with convex pieces only (what a fan of
/// triangles can fill): the part of a rectangle outside a convex quadrilateral, a thick line, a
/// disc.
public enum ConvexPolygons {
    /// `rect` minus the convex, clockwise (on screen) polygon `inside`, as convex pieces that do
    /// not overlap: piece i is what lies outside edge i but inside every edge before it.
    public static func outside(_ inside: [Point], within rect: Rect) -> [[Point]] {
        var remaining = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                         Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
        var pieces: [[Point]] = []
        for i in inside.indices {
            let a = inside[i], b = inside[(i + 1) % inside.count]
            let out = clip(remaining, keeping: a, b, inner: false)
            if out.count >= 3 { pieces.append(out) }
            remaining = clip(remaining, keeping: a, b, inner: true)
            if remaining.count < 3 { break }
        }
        return pieces
    }

    /// Sutherland-Hodgman against the line a->b: the part on the inner side (right of a->b on
    /// screen, where a clockwise polygon's inside is), or the other part.
    static func clip(_ polygon: [Point], keeping a: Point, _ b: Point, inner: Bool) -> [Point] {
        func side(_ p: Point) -> Double {
            let s = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            return inner ? s : -s
        }
        var result: [Point] = []
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            let sp = side(p), sq = side(q)
            if sp >= 0 { result.append(p) }
            if (sp >= 0) != (sq >= 0) {
                let t = sp / (sp - sq)
                result.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
            }
        }
        return result
    }

    /// A line from `a` to `b`, `width` thick, as a rectangle.
    public static func line(from a: Point, to b: Point, width: Double) -> [Point] {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return [] }
        let nx = -dy / length * width / 2, ny = dx / length * width / 2
        return [Point(x: a.x + nx, y: a.y + ny), Point(x: b.x + nx, y: b.y + ny), Point(x: b.x - nx, y: b.y - ny), Point(x: a.x - nx, y: a.y - ny)]
    }

    /// A disc of `radius` about `centre`, as a polygon of `sides`.
    public static func disc(_ centre: Point, radius: Double, sides: Int = 20) -> [Point] {
        (0..<sides).map { i in
            let angle = Double(i) / Double(sides) * 2 * .pi
            return Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        }
    }
}
