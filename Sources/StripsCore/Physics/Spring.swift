import Foundation

/// A critically damped spring toward `target`: the fastest return that never oscillates.
/// x(t) = e^(-b t) (x0 + (v0 + b x0) t), with x measured from the target.
public struct Spring: Hashable, Sendable {
    public var target: Double
    public var displacement: Double  // x0, from the target
    public var velocity: Double  // v0, points per second
    public var damping: Double  // b

    public init(from position: Double, to target: Double, velocity: Double, damping: Double = Tuning.defaults.scroll.springDamping) {
        self.target = target
        self.displacement = position - target
        self.velocity = velocity
        self.damping = damping
    }

    public func position(at t: Double) -> Double {
        target + exp(-damping * t) * (displacement + (velocity + damping * displacement) * t)
    }

    public func velocity(at t: Double) -> Double {
        // d/dt of the above: e^(-bt) (v0 - b (v0 + b x0) t)
        exp(-damping * t) * (velocity - damping * (velocity + damping * displacement) * t)
    }

    /// Whether the spring is close enough to its target, and slow enough, to stop on it.
    public func isSettled(at t: Double, within distance: Double, speed: Double) -> Bool {
        abs(position(at: t) - target) < distance && abs(velocity(at: t)) < speed
    }
}
