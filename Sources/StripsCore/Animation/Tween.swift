/// Progress 0...1 over a duration with an easing, as a pure function of time.
public struct Tween: Hashable, Sendable {
    public var start: Double
    public var duration: Double
    public var easing: Easing

    public init(start: Double, duration: Double, easing: Easing = .easeInOut) {
        self.start = start
        self.duration = duration
        self.easing = easing
    }

    /// Linear time fraction, clamped; a zero duration is complete at once.
    public func fraction(at t: Double) -> Double {
        guard duration > 0 else { return 1 }
        return ((t - start) / duration).clamped(to: 0...1)
    }

    public func progress(at t: Double) -> Double { easing(fraction(at: t)) }

    public func isFinished(at t: Double) -> Bool { t >= start + duration }

    public func value(from a: Double, to b: Double, at t: Double) -> Double { a.lerp(to: b, progress(at: t)) }
}
