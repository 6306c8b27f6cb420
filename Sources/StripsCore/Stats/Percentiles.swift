/// Order statistics of a set of measurements (nanoseconds, milliseconds: the caller's unit).
public struct Percentiles: Hashable, Sendable {
    public var count: Int
    public var p50: Double
    public var p99: Double
    public var max: Double
    public var mean: Double

    /// Nearest-rank percentiles; an empty set gives zeros.
    public init(_ values: [Double]) {
        let sorted = values.sorted()
        count = sorted.count
        func rank(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let i = Int((q * Double(sorted.count)).rounded(.up)) - 1
            return sorted[i.clamped(to: 0...(sorted.count - 1))]
        }
        p50 = rank(0.5)
        p99 = rank(0.99)
        max = sorted.last ?? 0
        mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
    }
}
