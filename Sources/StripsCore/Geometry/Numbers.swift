extension Comparable {
    public func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}

extension Double {
    /// Linear interpolation from `self` to `other`.
    public func lerp(to other: Double, _ t: Double) -> Double { self + (other - self) * t }
}

extension Int {
    /// `Int(value)` that never traps: NaN becomes 0 and huge values saturate. Layout math on
    /// degenerate windows (0 wide, 1e21 wide) must yield an empty frame, not a crash.
    public init(saturating value: Double) {
        guard value.isFinite else {
            self = value.isNaN ? 0 : (value > 0 ? Int(1 << 52) : -Int(1 << 52))
            return
        }
        self = Int(value.clamped(to: -4.5e15...4.5e15))
    }
}

extension Int32 {
    /// `Int32(value)` that never traps, for sizes handed to SDL.
    public init(saturating value: Double) {
        self = value.isNaN ? 0 : Int32(value.clamped(to: -2_147_483_648...2_147_483_647))
    }
}
