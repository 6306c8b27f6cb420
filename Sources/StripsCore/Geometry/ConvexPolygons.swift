import Foundation

/// Small polygon geometry for drawing the border editor: the part of a rectangle outside a
/// convex quadrilateral (as row rectangles), a thick line and a disc (convex polygons, which a fan
/// of triangles fills).
public enum ConvexPolygons {
    /// `rect` minus the convex polygon `inside`, as rectangles a row of `step` points high (rows
    /// wholly outside merged into one): fills that neither overlap nor leave gaps, so a
    /// translucent dimming is even (triangles sharing an edge are rasterised with seams).
    public static func outside(_ inside: [Point], within rect: Rect, step: Double = 1) -> [Rect] {
        guard !rect.isEmpty, step > 0, inside.count >= 3 else { return [rect] }
        var rects: [Rect] = []
        var pending: Rect?
        func flush() {
            if let p = pending { rects.append(p) }
            pending = nil
        }
        var y = rect.minY
        while y < rect.maxY {
            let h = min(step, rect.maxY - y)
            let span = self.span(of: inside, atY: y + h / 2)
            if let (x0, x1) = span, x1 > rect.minX, x0 < rect.maxX {
                flush()
                let left = max(rect.minX, x0), right = min(rect.maxX, x1)
                if left > rect.minX { rects.append(Rect(x: rect.minX, y: y, width: left - rect.minX, height: h)) }
                if right < rect.maxX { rects.append(Rect(x: right, y: y, width: rect.maxX - right, height: h)) }
            } else if let p = pending {
                pending = Rect(x: p.minX, y: p.minY, width: p.width, height: p.height + h)
            } else {
                pending = Rect(x: rect.minX, y: y, width: rect.width, height: h)
            }
            y += h
        }
        flush()
        return rects
    }

    /// Where the horizontal line at `y` crosses the convex polygon: its leftmost and rightmost x.
    static func span(of polygon: [Point], atY y: Double) -> (Double, Double)? {
        var low = Double.infinity, high = -Double.infinity
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            guard (a.y <= y && y <= b.y) || (b.y <= y && y <= a.y) else { continue }
            let x = a.y == b.y ? min(a.x, b.x) : a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y)
            let x2 = a.y == b.y ? max(a.x, b.x) : x
            low = min(low, x)
            high = max(high, x2)
        }
        return low <= high ? (low, high) : nil
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
