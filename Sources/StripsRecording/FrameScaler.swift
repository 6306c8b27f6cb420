/// Turns captured ARGB8888 frames into the opaque RGBA rows libimagequant reads, shrunk by an
/// area average (every source pixel counts once, so thin lines and text fade rather than flicker
/// as they would with nearest-neighbour sampling). Scale 0.5 averages exact 2x2 blocks.
public struct FrameScaler: Hashable, Sendable {
    public let sourceWidth: Int
    public let sourceHeight: Int
    public let width: Int
    public let height: Int
    /// Source column (and row) where each output column (row) starts; one more entry at the end.
    private let columnStarts: [Int]
    private let rowStarts: [Int]

    /// `scale` is in 0 < scale <= 1; each side is rounded and never below one pixel.
    public init(sourceWidth: Int, sourceHeight: Int, scale: Double) {
        precondition(sourceWidth > 0 && sourceHeight > 0 && scale > 0 && scale <= 1, "bad scaler geometry")
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        width = max(1, Int((Double(sourceWidth) * scale).rounded()))
        height = max(1, Int((Double(sourceHeight) * scale).rounded()))
        columnStarts = (0...width).map { [w = width] in $0 * sourceWidth / w }
        rowStarts = (0...height).map { [h = height] in $0 * sourceHeight / h }
    }

    /// RGBA bytes, alpha forced to 255: a window read back can carry alpha 0, and a GIF frame
    /// with transparent pixels would show the previous frame through.
    public func rgba(from frame: RecordedFrame) -> [UInt8] {
        let source = frame.fitted(width: sourceWidth, height: sourceHeight).pixels
        if width == sourceWidth && height == sourceHeight { return swizzled(source) }
        var output = [UInt8](repeating: 255, count: width * height * 4)
        var sums = [UInt32](repeating: 0, count: width * 3)
        source.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    for i in sums.indices { sums[i] = 0 }
                    let rowCount = rowStarts[y + 1] - rowStarts[y]
                    for sy in rowStarts[y]..<rowStarts[y + 1] {
                        let rowBase = sy * sourceWidth * 4
                        for x in 0..<width {
                            var b: UInt32 = 0, g: UInt32 = 0, r: UInt32 = 0
                            for sx in columnStarts[x]..<columnStarts[x + 1] {
                                let p = rowBase + sx * 4
                                b += UInt32(src[p]); g += UInt32(src[p + 1]); r += UInt32(src[p + 2])
                            }
                            sums[x * 3] += r; sums[x * 3 + 1] += g; sums[x * 3 + 2] += b
                        }
                    }
                    for x in 0..<width {
                        let count = UInt32(rowCount * (columnStarts[x + 1] - columnStarts[x]))
                        let o = (y * width + x) * 4
                        // Rounded, not truncated, so a flat colour keeps its exact value.
                        out[o] = UInt8((sums[x * 3] + count / 2) / count)
                        out[o + 1] = UInt8((sums[x * 3 + 1] + count / 2) / count)
                        out[o + 2] = UInt8((sums[x * 3 + 2] + count / 2) / count)
                    }
                }
            }
        }
        return output
    }

    private func swizzled(_ bgra: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 255, count: bgra.count)
        bgra.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { out in
                var i = 0
                while i < src.count {
                    out[i] = src[i + 2]; out[i + 1] = src[i + 1]; out[i + 2] = src[i]
                    i += 4
                }
            }
        }
        return output
    }
}
