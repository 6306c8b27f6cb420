import Foundation

/// UIScrollView's deceleration as a closed form: the velocity is multiplied by `rate` every
/// millisecond, so position, velocity and the resting point are known at any time without stepping.
public struct Deceleration: Hashable, Sendable {
    public var start: Double
    public var velocity: Double  // points per second
    public var rate: Double

    public init(start: Double, velocity: Double, rate: Double) {
        self.start = start
        self.velocity = velocity
        self.rate = rate
    }

    /// 1000 ln d: the exponent per second (negative).
    private var k: Double { 1000 * log(rate) }

    public func position(at t: Double) -> Double {
        start + velocity * (pow(rate, 1000 * t) - 1) / k
    }

    public func velocity(at t: Double) -> Double {
        velocity * pow(rate, 1000 * t)
    }

    /// Where the motion comes to rest: x0 - v0 / (1000 ln d).
    public var restingPoint: Double { start - velocity / k }

    /// Seconds until the remaining distance to the resting point falls under `threshold` points.
    public func duration(untilWithin threshold: Double) -> Double {
        let remaining = abs(velocity / k)
        guard remaining > threshold, threshold > 0 else { return 0 }
        return log(threshold / remaining) / k
    }

    /// The deceleration, at this rate, that starts at `start` and comes to rest exactly on `target`:
    /// how a fling lands on a snap point without a visible correction at the end.
    public static func landing(from start: Double, on target: Double, rate: Double) -> Deceleration {
        Deceleration(start: start, velocity: -(target - start) * 1000 * log(rate), rate: rate)
    }
}
