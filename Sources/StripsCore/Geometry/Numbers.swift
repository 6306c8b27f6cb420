extension Comparable {
    public func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}

extension Double {
    /// Linear interpolation from `self` to `other`.
    public func lerp(to other: Double, _ t: Double) -> Double { self + (other - self) * t }
}
