extension PixelBuffer {
    /// A grey picture's rows at one bit a pixel, a pixel under 128 being black: black as 1 or as
    /// 0 (`blackIsOne`: cairo's A1 masks count 1 as ink, PNG greys 1 as white), the first pixel in
    /// a byte's high bit (PNG) or low bit (cairo's A1 on a little-endian machine), rows `stride`
    /// bytes apart (default: as few as hold a row).
    public func packedBits(blackIsOne: Bool, lowBitFirst: Bool = false, stride: Int? = nil) -> [UInt8] {
        let rowBytes = stride ?? (width + 7) / 8
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        bytes.withUnsafeBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width where (p[y * width + x] < 128) == blackIsOne {
                    out[y * rowBytes + x / 8] |= lowBitFirst ? 1 << UInt8(x % 8) : 0x80 >> UInt8(x % 8)
                }
            }
        }
        return out
    }
}
