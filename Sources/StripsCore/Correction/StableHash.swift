/// FNV-1a over bytes, the same in every run and on every machine (Swift's `Hasher` is seeded per
/// process): what a recipe step's fingerprint in a cache key is made of.
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x100_0000_01b3
    }

    /// The eight bytes of `number`, low first.
    mutating func add(_ number: Int64) {
        for k in 0..<8 { add(UInt8(truncatingIfNeeded: number >> (k * 8))) }
    }

    /// Sixteen hexadecimal digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
