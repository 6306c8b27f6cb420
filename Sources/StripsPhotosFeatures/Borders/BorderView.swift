import StripsCore

/// Where the border editor draws at one instant: the whole picture fitted into the preview area
/// (with room around it for the handles), the map between the picture's pixels and window
/// points, the handles, and the loupe. Pure geometry of a `BorderSession` and the window.
public struct BorderView: Hashable, Sendable {
    /// The picture's rectangle in the window now, as shown (turned by the page's quarter turns;
    /// it moves while the editor opens and closes).
    public var picture: Rect
    /// The picture's rectangle once open.
    public var fitted: Rect
    /// The upright picture's size in pixels (what the corners are in) and the page's clockwise
    /// quarter turns, which the editor shows it with.
    public var pictureSize: Size
    public var turns: Int
    /// The corners now, in window points.
    public var corners: [Point]

    /// Room between the preview's edges and the picture: a corner handle at the picture's corner
    /// stays whole, and the hint line fits above.
    public static let margin = 34.0
    public static let cornerRadius = 9.0
    public static let edgeRadius = 6.0
    /// How near a press must be to a handle to take it.
    public static let reach = 22.0
    public static let loupeSide = 150.0
    /// Window points per picture pixel in the loupe at least (and 3 at most for small pictures).
    public static let loupeMagnification = 3.0

    public init(session: BorderSession, area: Rect, at time: Double) {
        pictureSize = session.pictureSize
        turns = session.page.quarterTurns
        let shownSize = Self.shownSize(pictureSize, turns: turns)
        let m = Self.margin
        let inner = Rect(x: area.minX + m, y: area.minY + m, width: area.width - 2 * m, height: area.height - 2 * m)
        fitted = inner.isEmpty ? area.aspectFit(shownSize.aspectRatio) : inner.aspectFit(shownSize.aspectRatio)
        let presence = session.presence(at: time)
        // Opening: from where the page was drawn; closing: to where the applied page will be.
        let size = pictureSize, fit = fitted, k = turns
        let away = session.closing.map { Self.pictureRect(placing: $0.corners, pictureSize: size, turns: k, at: $0.to) } ?? session.openingFrom
        if let away, presence < 1 {
            let fitted = fit
            picture = Rect(x: away.minX.lerp(to: fitted.minX, presence), y: away.minY.lerp(to: fitted.minY, presence),
                           width: away.width.lerp(to: fitted.width, presence), height: away.height.lerp(to: fitted.height, presence))
        } else {
            picture = fitted
        }
        let shown = session.closing?.corners ?? session.shownCorners(at: time)
        let p = picture
        corners = shown.corners.map { corner in
            let q = Self.shown(corner, size: size, turns: k)
            return Point(x: p.minX + q.x / shownSize.width * p.width, y: p.minY + q.y / shownSize.height * p.height)
        }
    }

    /// The picture's size once turned `turns` quarter turns.
    public static func shownSize(_ size: Size, turns: Int) -> Size {
        turns % 2 == 0 ? size : Size(width: size.height, height: size.width)
    }

    /// A point of the upright picture (of `size`) in the picture turned `turns` quarter turns clockwise.
    public static func shown(_ p: Point, size: Size, turns: Int) -> Point {
        switch (turns % 4 + 4) % 4 {
        case 1: return Point(x: size.height - p.y, y: p.x)
        case 2: return Point(x: size.width - p.x, y: size.height - p.y)
        case 3: return Point(x: p.y, y: size.width - p.x)
        default: return p
        }
    }

    /// The inverse of `shown`.
    public static func upright(_ p: Point, size: Size, turns: Int) -> Point {
        switch (turns % 4 + 4) % 4 {
        case 1: return Point(x: p.y, y: size.height - p.x)
        case 2: return Point(x: size.width - p.x, y: size.height - p.y)
        case 3: return Point(x: size.width - p.y, y: p.x)
        default: return p
        }
    }

    /// The shown picture's rectangle that puts `quad`'s bounding box (turned as the picture is)
    /// onto `rect` (where a page made from it is drawn): the start and end of the animation
    /// between the strips and the editor.
    public static func pictureRect(placing quad: Quad, pictureSize: Size, turns: Int = 0, at rect: Rect) -> Rect {
        let turned = Quad(corners: quad.corners.map { shown($0, size: pictureSize, turns: turns) }) ?? quad
        let box = turned.boundingBox
        let size = shownSize(pictureSize, turns: turns)
        guard box.width > 0, box.height > 0 else { return rect }
        let sx = rect.width / box.width, sy = rect.height / box.height
        return Rect(x: rect.minX - box.minX * sx, y: rect.minY - box.minY * sy, width: size.width * sx, height: size.height * sy)
    }

    /// Window points per picture pixel, once open.
    public var scale: Double { fitted.width / max(1, Self.shownSize(pictureSize, turns: turns).width) }

    /// A window point to the upright picture's pixels (by the fitted rectangle: input comes once open).
    public func toPicture(_ p: Point) -> Point {
        Self.upright(Point(x: (p.x - fitted.minX) / scale, y: (p.y - fitted.minY) / scale), size: pictureSize, turns: turns)
    }

    /// A point of the upright picture (its pixels) where it is drawn now, in window points.
    public func toWindow(_ p: Point) -> Point {
        let shownSize = Self.shownSize(pictureSize, turns: turns)
        let q = Self.shown(p, size: pictureSize, turns: turns)
        return Point(x: picture.minX + q.x / shownSize.width * picture.width, y: picture.minY + q.y / shownSize.height * picture.height)
    }

    /// The upright picture's rectangle as drawn, before the quarter turns (an `ImageQuad`'s frame,
    /// which it turns about its centre by `rotation`).
    public var uprightFrame: Rect {
        turns % 2 == 0 ? picture : Rect(center: picture.center, size: Size(width: picture.height, height: picture.width))
    }

    /// Where each handle is drawn.
    public func position(of handle: BorderSession.Handle) -> Point {
        switch handle {
        case .corner(let k): return corners[k]
        case .edge(let k):
            let a = corners[k], b = corners[(k + 1) % 4]
            return Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        }
    }

    /// The handle a press at `p` takes: the nearest corner within reach, else the nearest edge
    /// handle within reach.
    public func handle(at p: Point) -> BorderSession.Handle? {
        func nearest(_ handles: [BorderSession.Handle]) -> BorderSession.Handle? {
            let scored = handles.map { ($0, position(of: $0).distance(to: p)) }.filter { $0.1 <= Self.reach }
            return scored.min { $0.1 < $1.1 }?.0
        }
        return nearest((0..<4).map { .corner($0) }) ?? nearest((0..<4).map { .edge($0) })
    }

    /// The corner nearest `p` (the arrow keys move it).
    public func nearestCorner(to p: Point) -> Int {
        (0..<4).min { corners[$0].distance(to: p) < corners[$1].distance(to: p) } ?? 0
    }

    /// The loupe for a handle at `point` (window): its frame beside the handle (up and to the
    /// left, else where it fits in `area`), the part of the picture it shows (0...1), and where
    /// the handle's point is inside the loupe (the crosshair).
    public func loupe(at point: Point, area: Rect) -> (frame: Rect, source: Rect, crosshair: Point) {
        let side = Self.loupeSide
        let gap = 28.0
        var x = point.x - gap - side, y = point.y - gap - side
        if x < area.minX + 4 { x = point.x + gap }
        if y < area.minY + 4 { y = point.y + gap }
        x = min(x, area.maxX - side - 4)
        y = min(y, area.maxY - side - 4)
        let frame = Rect(x: x, y: y, width: side, height: side)
        // Picture pixels shown across the loupe (a square of them, turned as the picture is):
        // each pixel several points wide.
        let magnification = max(Self.loupeMagnification, 2 * scale)
        let w = min(side / magnification, pictureSize.width, pictureSize.height)
        let centre = toPicture(point)
        let sx = (centre.x - w / 2).clamped(to: 0...max(0, pictureSize.width - w))
        let sy = (centre.y - w / 2).clamped(to: 0...max(0, pictureSize.height - w))
        let source = Rect(x: sx / pictureSize.width, y: sy / pictureSize.height, width: w / pictureSize.width, height: w / pictureSize.height)
        let inLoupe = Self.shown(Point(x: centre.x - sx, y: centre.y - sy), size: Size(width: w, height: w), turns: turns)
        let crosshair = Point(x: frame.minX + inLoupe.x / w * side, y: frame.minY + inLoupe.y / w * side)
        return (frame, source, crosshair)
    }
}
