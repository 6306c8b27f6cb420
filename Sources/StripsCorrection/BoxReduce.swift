import StripsPictures

extension PixelBuffer {
    /// Each `factor` x `factor` block averaged into one pixel (a partial block at the right or
    /// bottom edge is dropped): the cheapest good shrink, reading every source byte once. Pixel
    /// coordinates scale exactly: x in the result is x * factor in the source.
    public func boxReduced(by factor: Int) -> PixelBuffer {
        guard factor > 1 else { return self }
        let bpp = format.bytesPerPixel
        let (ow, oh) = (width / factor, height / factor)
        guard ow > 0, oh > 0 else { return PixelBuffer(width: 0, height: 0, format: format) }
        var out = PixelBuffer(width: ow, height: oh, format: format)
        var sums = [UInt32](repeating: 0, count: ow * bpp)
        let divisor = UInt32(factor * factor), half = divisor / 2
        let rowBytes = bytesPerRow, blockBytes = factor * bpp
        bytes.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                sums.withUnsafeMutableBufferPointer { acc in
                    for oy in 0..<oh {
                        for i in 0..<acc.count { acc[i] = 0 }
                        for dy in 0..<factor {
                            let row = (oy * factor + dy) * rowBytes
                            for ox in 0..<ow {
                                var s = row + ox * blockBytes
                                let a = ox * bpp
                                for _ in 0..<factor {
                                    for c in 0..<bpp { acc[a + c] &+= UInt32(src[s + c]) }
                                    s += bpp
                                }
                            }
                        }
                        let o = oy * ow * bpp
                        for i in 0..<acc.count { dst[o + i] = UInt8((acc[i] + half) / divisor) }
                    }
                }
            }
        }
        return out
    }
}
