import Foundation

/// UIScrollView's motion along one axis, without a view: content offset, size and insets, and
/// what moves the offset (drag with rubber band, fling, bounce, settling on a target, animated
/// moves, wheel). Where to settle is not its business: its `Strip` asks the strip's `Snapping`.
/// Time always comes in as an argument.
public struct ScrollView: Sendable {
    public let axis: Axis
    public private(set) var viewport: Double = 0
    public private(set) var contentLength: Double = 0
    public private(set) var leadingInset: Double = 0
    public private(set) var trailingInset: Double = 0
    public private(set) var offset: Double = 0
    public private(set) var motion: ScrollMotion = .idle
    public var decelerationRate: Double
    /// Rubber band, spring, settling thresholds, velocity window, wheel step and idle time: set
    /// by the strip when the tuning changes; motions under way keep the numbers they began with.
    public var physics = Tuning.defaults.scroll

    public init(axis: Axis, decelerationRate: Double = Tuning.defaults.scroll.normalDeceleration) {
        self.axis = axis
        self.decelerationRate = decelerationRate
    }

    public var minOffset: Double { -leadingInset }
    public var maxOffset: Double { max(minOffset, contentLength + trailingInset - viewport) }
    public var offsetRange: ClosedRange<Double> { minOffset...maxOffset }
    public var isIdle: Bool { motion.isIdle }
    public var isDragging: Bool { motion.isDragging }

    /// A bounds change: the caller supplies the offset that keeps the right item in view
    /// (the layout's `targetContentOffset(forBoundsChange:)`); any motion stops there.
    public mutating func setGeometry(viewport: Double, contentLength: Double, leadingInset: Double, trailingInset: Double, offset: Double) {
        self.viewport = max(0, viewport)
        self.contentLength = max(0, contentLength)
        self.leadingInset = leadingInset
        self.trailingInset = trailingInset
        self.offset = offset.clamped(to: offsetRange)
        motion = .idle
    }

    /// Moves the offset without animation, stopping any motion but a drag's bookkeeping.
    public mutating func setOffset(_ value: Double) {
        offset = value.clamped(to: offsetRange)
        motion = .idle
    }

    /// A 0.3 s-style programmatic move (tap on a thumbnail, arrow keys).
    public mutating func animate(to target: Double, at time: Double, duration: Double, easing: Easing = .easeInOut) {
        let target = target.clamped(to: offsetRange)
        guard duration > 0, abs(target - offset) > 1e-9 else {
            setOffset(target)
            return
        }
        motion = .animating(from: offset, to: target, Tween(start: time, duration: duration, easing: easing))
    }

    // MARK: Drag

    public mutating func beginDrag(pointer: Point, at time: Double) {
        // Catching a moving strip starts from where it is now, as a finger stops a fling.
        var drag = ScrollMotion.Drag(startOffset: offset, startPointer: pointer.along(axis),
                                     tracker: VelocityTracker(window: physics.velocityWindow, maxSpeed: physics.maxSpeed))
        drag.tracker.add(pointer, at: time)
        motion = .dragging(drag)
    }

    public mutating func drag(pointer: Point, at time: Double) {
        guard case .dragging(var drag) = motion else { return }
        drag.tracker.add(pointer, at: time)
        let raw = drag.startOffset + (drag.startPointer - pointer.along(axis))
        offset = RubberBand.clamp(raw, to: offsetRange, dimension: viewport, coefficient: physics.rubberBand)
        motion = .dragging(drag)
    }

    /// Releases the drag: the content velocity at release (points per second) and the offset the
    /// drag began at, for the strip's snapping to decide where to rest. Nil when not dragging.
    public mutating func release(pointer: Point, at time: Double) -> (velocity: Double, startOffset: Double)? {
        guard case .dragging(var drag) = motion else { return nil }
        drag.tracker.add(pointer, at: time)
        motion = .idle
        return (-drag.tracker.velocity(at: time).along(axis), drag.startOffset)
    }

    // MARK: Settling

    /// Moves to `target` from the current offset, carrying `velocity`: a deceleration that lands
    /// exactly on the target when the fling is heading there at about the right speed, otherwise a
    /// critically damped spring, which glides back from a short drag and bounces in from the edges.
    public mutating func settle(on target: Double, velocity: Double, at time: Double) {
        let target = target.clamped(to: offsetRange)
        let distance = target - offset
        if abs(distance) < 0.01 && abs(velocity) < 1 {
            offset = target
            motion = .idle
            return
        }
        let inBounds = offsetRange.contains(offset)
        let landing = Deceleration.landing(from: offset, on: target, rate: decelerationRate)
        let ratio = velocity == 0 ? 0 : landing.velocity / velocity
        if inBounds && (0.5...2).contains(ratio) {
            motion = .decelerating(landing, since: time)
        } else {
            motion = .springing(spring(from: offset, to: target, velocity: velocity), since: time)
        }
    }

    private func spring(from position: Double, to target: Double, velocity: Double) -> Spring {
        Spring(from: position, to: target, velocity: velocity, damping: physics.springDamping)
    }

    /// A free fling: natural deceleration, bouncing back if it runs past an edge.
    public mutating func fling(velocity: Double, at time: Double) {
        if !offsetRange.contains(offset) {
            motion = .springing(spring(from: offset, to: offset.clamped(to: offsetRange), velocity: velocity), since: time)
        } else if abs(velocity) < 1 {
            motion = .idle
        } else {
            motion = .decelerating(Deceleration(start: offset, velocity: velocity, rate: decelerationRate), since: time)
        }
    }

    // MARK: Wheel

    /// Wheel and trackpad deltas in SDL's precise units; positive scrolls toward the end.
    /// `limit` narrows the range a gesture that began at a given offset may reach.
    public mutating func wheel(delta: Double, at time: Double, limit: (_ start: Double) -> ClosedRange<Double>) {
        if case .dragging = motion { return }
        var start = offset
        if case .wheeling(_, let began) = motion { start = began }
        offset = (offset + delta * physics.wheelStep).clamped(to: limit(start))
        motion = .wheeling(last: time, start: start)
    }

    /// Where a wheel gesture began, once it has been quiet long enough to be over.
    public func endedWheelGesture(at time: Double) -> Double? {
        guard case .wheeling(let last, let start) = motion, time - last >= physics.wheelIdle else { return nil }
        return start
    }

    /// Stops where the offset is now.
    public mutating func stop() { motion = .idle }

    // MARK: Time

    /// Advances the motion to `time`. Returns true when the strip came to rest on this tick.
    /// A wheel gesture waits for its strip to decide where it ends (`endedWheelGesture`).
    @discardableResult
    public mutating func tick(at time: Double) -> Bool {
        switch motion {
        case .idle, .dragging, .wheeling:
            return false
        case .animating(let from, let to, let tween):
            if tween.isFinished(at: time) {
                offset = to
                motion = .idle
                return true
            }
            offset = tween.value(from: from, to: to, at: time)
            return false
        case .decelerating(let decel, let since):
            let t = max(0, time - since)
            let position = decel.position(at: t)
            if !offsetRange.contains(position) {
                // Ran past an edge: the spring takes over with the speed the content had.
                // The overshoot is one frame's travel at most, so the hand-over is seamless.
                let edge = position.clamped(to: offsetRange)
                offset = position
                motion = .springing(spring(from: position, to: edge, velocity: decel.velocity(at: t)), since: time)
                return false
            }
            if t >= decel.duration(untilWithin: physics.settleDistance) {
                offset = decel.restingPoint.clamped(to: offsetRange)
                motion = .idle
                return true
            }
            offset = position
            return false
        case .springing(let spring, let since):
            let t = max(0, time - since)
            if spring.isSettled(at: t, within: physics.settleDistance, speed: physics.settleSpeed) {
                offset = spring.target
                motion = .idle
                return true
            }
            offset = spring.position(at: t)
            return false
        }
    }
}
