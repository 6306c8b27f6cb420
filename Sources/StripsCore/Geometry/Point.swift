/// A position or displacement in window points.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }

    public func distance(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The coordinate along a strip's scrolling axis.
    public func along(_ axis: Axis) -> Double { axis == .horizontal ? x : y }
}

/// The direction a strip scrolls in.
public enum Axis: Sendable {
    case horizontal, vertical
}
