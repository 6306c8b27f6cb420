/// Packed pixel rows at a 64-byte aligned address with a stride that is a multiple of 64, and
/// 64 bytes to spare after the last row for SIMD reads that overrun it.
final class AlignedPlane {
    static let alignment = 64
    let stride: Int
    let rowBytes: Int
    let rows: Int
    let base: UnsafeMutablePointer<UInt8>

    init(rowBytes: Int, rows: Int) {
        precondition(rowBytes > 0 && rows > 0, "an empty plane")
        self.rowBytes = rowBytes
        self.rows = rows
        stride = (rowBytes + Self.alignment - 1) / Self.alignment * Self.alignment
        let bytes = stride * rows + Self.alignment
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: Self.alignment)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        base = raw.assumingMemoryBound(to: UInt8.self)
    }

    deinit { UnsafeMutableRawPointer(base).deallocate() }

    /// Copies tightly packed rows of `rowBytes` each.
    func copy(_ packed: [UInt8]) {
        precondition(packed.count == rowBytes * rows, "plane size and pixel count disagree")
        packed.withUnsafeBufferPointer { from in
            for row in 0..<rows {
                (base + row * stride).update(from: from.baseAddress! + row * rowBytes, count: rowBytes)
            }
        }
    }
}
