import StripsCore

/// The thumbnail strip's expanding rate (Photos article, feature 4): it eases to 0 while the
/// user scrolls the strip, so every thumbnail has the same size, and back to 1 at rest. The
/// scene keeps it and passes its value into the thumbnail layout's queries.
public struct ExpandingRate: Hashable, Sendable {
    public private(set) var value = 1.0
    private var from = 1.0
    private var target = 1.0
    private var tween: Tween?

    public init(value: Double = 1) {
        self.value = value
        from = value
        target = value
    }

    public var isAnimating: Bool { tween != nil }

    /// Starts easing toward `newTarget` from wherever the rate is now; a full 0...1 change takes
    /// `fullDuration` (the tuning's), a partial one its share.
    public mutating func animate(to newTarget: Double, at time: Double, fullDuration: Double) {
        guard newTarget != target || tween == nil else { return }
        target = newTarget
        from = value
        let duration = fullDuration * abs(value - newTarget)
        tween = duration > 0 ? Tween(start: time, duration: duration, easing: .easeInOut) : nil
        if tween == nil { value = newTarget }
    }

    public mutating func tick(at time: Double) {
        guard let tween else { return }
        value = tween.value(from: from, to: target, at: time)
        if tween.isFinished(at: time) {
            value = target
            self.tween = nil
        }
    }
}
