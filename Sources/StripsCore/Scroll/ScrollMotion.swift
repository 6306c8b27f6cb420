/// What a scroll view's offset is doing between frames. Each case is a closed form of time,
/// so the offset at any instant is a pure function of the motion and the clock.
public enum ScrollMotion: Sendable {
    case idle
    case dragging(Drag)
    case decelerating(Deceleration, since: Double)
    case springing(Spring, since: Double)
    case animating(from: Double, to: Double, Tween)
    /// Wheel or trackpad input; `last` is the newest event, so the strip settles once it stops;
    /// `start` is where the gesture began, so a paging strip turns one page per gesture.
    case wheeling(last: Double, start: Double)

    public struct Drag: Sendable {
        public var startOffset: Double
        public var startPointer: Double
        public var tracker: VelocityTracker
    }

    public var isIdle: Bool {
        if case .idle = self { return true }
        return false
    }

    public var isDragging: Bool {
        if case .dragging = self { return true }
        return false
    }
}
