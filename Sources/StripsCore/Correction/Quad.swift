import Foundation

/// Four points of a page in a picture, in the order of the page as it will be: top-left,
/// top-right, bottom-right, bottom-left. A crop that is a rectangle is the quad of that rectangle;
/// a photographed page is any convex quad. Coordinates are the upright source picture's pixels
/// (x right, y down), so a quad is a recipe value independent of the size a picture is decoded at.
public struct Quad: Hashable, Sendable {
    public var topLeft: Point
    public var topRight: Point
    public var bottomRight: Point
    public var bottomLeft: Point

    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The quad of a rectangle: the whole picture when given its bounds.
    public init(rect: Rect) {
        self.init(topLeft: Point(x: rect.minX, y: rect.minY), topRight: Point(x: rect.maxX, y: rect.minY),
                  bottomRight: Point(x: rect.maxX, y: rect.maxY), bottomLeft: Point(x: rect.minX, y: rect.maxY))
    }

    /// The whole picture of `size`: what a page without a crop shows.
    public init(whole size: Size) {
        self.init(rect: Rect(origin: .zero, size: size))
    }

    /// The part of a picture of `size` that shows once it is turned `degrees` counter-clockwise
    /// about its centre at its own size (the straighten step): its frame taken back by the turn.
    public init(shownTurning size: Size, degrees: Double) {
        let r = degrees * .pi / 180, c = cos(r), s = sin(r), cx = size.width / 2, cy = size.height / 2
        func source(_ x: Double, _ y: Double) -> Point { Point(x: c * (x - cx) - s * (y - cy) + cx, y: s * (x - cx) + c * (y - cy) + cy) }
        self.init(topLeft: source(0, 0), topRight: source(size.width, 0), bottomRight: source(size.width, size.height), bottomLeft: source(0, size.height))
    }

    /// Top-left, top-right, bottom-right, bottom-left.
    public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// A quad from corners in that order; nil unless exactly four.
    public init?(corners: [Point]) {
        guard corners.count == 4 else { return nil }
        self.init(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    public func map(_ transform: (Point) -> Point) -> Quad {
        Quad(topLeft: transform(topLeft), topRight: transform(topRight),
             bottomRight: transform(bottomRight), bottomLeft: transform(bottomLeft))
    }

    /// The same page in a picture decoded at another size (a thumbnail, a preview): pixel
    /// coordinates scale with the picture.
    public func scaled(from source: Size, to target: Size) -> Quad {
        let sx = source.width > 0 ? target.width / source.width : 1
        let sy = source.height > 0 ? target.height / source.height : 1
        return map { Point(x: $0.x * sx, y: $0.y * sy) }
    }

    public var isFinite: Bool { corners.allSatisfy { $0.x.isFinite && $0.y.isFinite } }

    /// The shoelace area, positive for corners that go clockwise on screen (y down), as a page's do.
    public var signedArea: Double {
        let c = corners
        var sum = 0.0
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    public var area: Double { abs(signedArea) }

    /// Every turn at a corner goes the same way (clockwise on screen) and no turn is straight:
    /// a quad a page can be flattened from. A twisted (bow-tie) or folded quad is not.
    public var isConvex: Bool {
        guard isFinite else { return false }
        let c = corners
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4], d = c[(i + 2) % 4]
            if Self.cross(b - a, d - b) <= 0 { return false }
        }
        return true
    }

    /// Inside or on the edge of a convex, clockwise quad.
    public func contains(_ p: Point) -> Bool {
        let c = corners
        for i in 0..<4 where Self.cross(c[(i + 1) % 4] - c[i], p - c[i]) < 0 {
            return false
        }
        return true
    }

    /// Lengths of the four edges: top, right, bottom, left.
    public var edgeLengths: (top: Double, right: Double, bottom: Double, left: Double) {
        (topLeft.distance(to: topRight), topRight.distance(to: bottomRight),
         bottomRight.distance(to: bottomLeft), bottomLeft.distance(to: topLeft))
    }

    /// The cosine of the interior angle at each corner (0 for a right angle), in corner order.
    public var cornerCosines: [Double] {
        let c = corners
        return (0..<4).map { i in
            let p = c[i], prev = c[(i + 3) % 4], next = c[(i + 1) % 4]
            let u = prev - p, v = next - p
            let lu = (u.x * u.x + u.y * u.y).squareRoot(), lv = (v.x * v.x + v.y * v.y).squareRoot()
            guard lu > 0, lv > 0 else { return 1 }
            return (u.x * v.x + u.y * v.y) / (lu * lv)
        }
    }

    /// The largest distance between matching corners: how far a detection is from the truth.
    public func maxCornerDistance(to other: Quad) -> Double {
        zip(corners, other.corners).map { $0.distance(to: $1) }.max() ?? 0
    }

    /// The smallest rectangle holding the four corners.
    public var boundingBox: Rect {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }

    static func cross(_ u: Point, _ v: Point) -> Double { u.x * v.y - u.y * v.x }
}
