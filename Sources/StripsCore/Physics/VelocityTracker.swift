/// Estimates the pointer's velocity at release from its recent samples, as UIKit's pan recognizer does.
public struct VelocityTracker: Sendable {
    /// Only the last `window` seconds of movement count (0.1); older motion says nothing about the release.
    public var window: Double
    /// No hand flicks faster (pt/s); a glitching device or script must not launch the content to infinity.
    public var maxSpeed: Double

    private var samples: [(time: Double, position: Point)] = []

    public init(window: Double = Tuning.defaults.scroll.velocityWindow, maxSpeed: Double = Tuning.defaults.scroll.maxSpeed) {
        self.window = window
        self.maxSpeed = maxSpeed
    }

    public mutating func add(_ position: Point, at time: Double) {
        samples.append((time, position))
        // Keep a little more than the window so a sample just outside it can anchor the estimate.
        while samples.count > 2, let first = samples.first, time - first.time > window * 2 {
            samples.removeFirst()
        }
    }

    /// Points per second at `time`. Zero when the pointer rested longer than the window before it,
    /// so a careful drag that stops before release never flings.
    public func velocity(at time: Double) -> Point {
        let recent = samples.filter { time - $0.time <= window + 1e-9 }
        guard let first = recent.first, let last = recent.last, last.time > first.time else { return .zero }
        // A pause at the end of the motion: the pointer is at rest now.
        if time - last.time > window { return .zero }
        let dt = last.time - first.time
        func limited(_ v: Double) -> Double { v.isNaN ? 0 : v.clamped(to: -maxSpeed...maxSpeed) }
        return Point(x: limited((last.position.x - first.position.x) / dt), y: limited((last.position.y - first.position.y) / dt))
    }
}
