/// A pointer press as a gesture recogniser sees it: what it landed on (nil: nothing that takes
/// gestures), where it began, whether that was at rest, and whether it has become a drag by
/// moving past the tap slop. A press that never became a drag, on something at rest, is a tap.
public struct Press<Target: Hashable & Sendable>: Hashable, Sendable {
    public var target: Target?
    public var start: Point
    public var wasIdle: Bool
    public private(set) var isDragging = false
    /// Moving less than this is a tap, not a drag (the tuning's tap slop).
    public var slop: Double

    public init(on target: Target?, at start: Point, wasIdle: Bool, slop: Double = Tuning.defaults.scroll.tapSlop) {
        self.target = target
        self.slop = slop
        self.start = start
        self.wasIdle = wasIdle
    }

    /// The pointer moved: true at the moment the press becomes a drag.
    public mutating func move(to p: Point) -> Bool {
        guard !isDragging, target != nil, p.distance(to: start) >= slop else { return false }
        isDragging = true
        return true
    }

    public var isTap: Bool { !isDragging && wasIdle }
}
