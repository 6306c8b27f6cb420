/// What the x-ray shows of one strip, taken from the strip as the frame is built: where it
/// sits, what part of its content is visible, how fast it moves and where its motion will rest.
public struct StripDiagnostics: Hashable, Sendable {
    /// "preview", "thumbnails", "left", "right".
    public var name: String
    public var axis: Axis
    /// The strip in the window.
    public var frame: Rect
    public var offset: Double
    /// The visible rectangle in content points (the layout's bounds at the offset).
    public var visible: Rect
    /// Content points per second, along the axis; 0 at rest.
    public var velocity: Double
    /// Where the current fling, spring or animation comes to rest; nil while dragged, wheeled or idle.
    public var restingOffset: Double?
    /// The item at that resting offset.
    public var restingIndex: Int?

    /// Where the content now at `offset` appears in the window, along the axis.
    public func windowCoordinate(ofOffset offset: Double) -> Double {
        let viewport = axis == .horizontal ? frame.width : frame.height
        let origin = axis == .horizontal ? frame.minX : frame.minY
        return origin + viewport / 2 + (offset - self.offset)
    }
}

extension Strip {
    /// The strip's diagnostics at `time` (the frame's time: velocities are of this instant).
    public func diagnostics(_ name: String, at time: Double) -> StripDiagnostics {
        var velocity = 0.0
        var resting: Double?
        switch scroll.motion {
        case .idle, .wheeling:
            break
        case .dragging(let drag):
            velocity = -drag.tracker.velocity(at: time).along(layout.axis)
        case .decelerating(let decel, let since):
            velocity = decel.velocity(at: max(0, time - since))
            resting = decel.restingPoint.clamped(to: scroll.offsetRange)
        case .springing(let spring, let since):
            velocity = spring.velocity(at: max(0, time - since))
            resting = spring.target
        case .animating(let from, let to, let tween):
            // The tween's slope over a millisecond either side: its easing has no derivative of its own.
            let h = 0.001
            velocity = (tween.value(from: from, to: to, at: time + h) - tween.value(from: from, to: to, at: time - h)) / (2 * h)
            resting = to
        }
        return StripDiagnostics(
            name: name, axis: layout.axis, frame: frame, offset: scroll.offset, visible: layout.bounds(at: scroll.offset),
            velocity: velocity, restingOffset: resting, restingIndex: resting.map { layout.nearestIndex(atOffset: $0) })
    }
}
