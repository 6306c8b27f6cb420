/// Maps real time to scene time at a rate (slow motion): continuous when the rate changes, so
/// nothing jumps, and the identity until it first does, so traces at full speed are unchanged.
public struct SceneClock: Hashable, Sendable {
    public private(set) var rate = 1.0
    private var realAnchor = 0.0
    private var sceneAnchor = 0.0

    public init() {}

    public func sceneTime(at real: Double) -> Double { sceneAnchor + (real - realAnchor) * rate }

    /// From `real` on, scene time runs at `rate` (0.1: ten times slower).
    public mutating func setRate(_ rate: Double, at real: Double) {
        sceneAnchor = sceneTime(at: real)
        realAnchor = real
        self.rate = rate
    }
}
