/// SplitMix64: a tiny generator whose whole state is one number, so the "mix" key picks the same
/// combinations in every headless run of a script, and a clock seed varies them live.
public struct SeededRandom: RandomNumberGenerator, Hashable, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform index in 0..<count other than `excluded` (any index when there is only one).
    public mutating func index(below count: Int, other excluded: Int) -> Int {
        guard count > 1 else { return 0 }
        guard (0..<count).contains(excluded) else { return Int.random(in: 0..<count, using: &self) }
        let pick = Int.random(in: 0..<(count - 1), using: &self)
        return pick >= excluded ? pick + 1 : pick
    }
}
