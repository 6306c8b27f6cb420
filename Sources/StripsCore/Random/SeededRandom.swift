import Foundation

/// SplitMix64: a tiny generator whose whole state is one number, the same numbers from the same
/// seed on every machine. The project's one seeded generator: the pizza's "mix" key picks the same
/// combinations in every headless run of a script (a clock seed varies them live), and test
/// pictures, synthetic photos and benchmark inputs are made from seeds with it.
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

extension SeededRandom {
    /// Uniform in the range.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }

    /// Normal with mean 0 and deviation 1 (Box-Muller).
    public mutating func gaussian() -> Double {
        let u = max(uniform(0...1), 1e-12), v = uniform(0...1)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    public mutating func chance(_ p: Double) -> Bool { uniform(0...1) < p }

    /// A byte: the generator's top eight bits.
    public mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 56) }
}
