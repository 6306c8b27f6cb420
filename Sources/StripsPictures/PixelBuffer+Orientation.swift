extension PixelBuffer {
    /// The picture turned upright for its EXIF orientation: pixels move, none is resampled.
    public func oriented(_ orientation: Orientation) -> PixelBuffer {
        guard orientation != .up, !isEmpty else { return self }
        let w = width, h = height, n = format.bytesPerPixel
        let (dw, dh) = orientation.swapsAxes ? (h, w) : (w, h)
        var turned = PixelBuffer(width: dw, height: dh, format: format)
        bytes.withUnsafeBufferPointer { source in
            turned.bytes.withUnsafeMutableBufferPointer { dest in
                guard let source = source.baseAddress, let dest = dest.baseAddress else { return }
                for y in 0..<dh {
                    // Walk the stored pixels with a fixed step per displayed pixel: no per-pixel switch.
                    let start = orientation.storedPixel(x: 0, y: y, w: w, h: h)
                    let next = dw > 1 ? orientation.storedPixel(x: 1, y: y, w: w, h: h) : start
                    let step = (next.x - start.x) + (next.y - start.y) * w
                    var index = start.x + start.y * w
                    let row = dest + y * dw * n
                    if n == 4 {
                        let from = UnsafeRawPointer(source).assumingMemoryBound(to: UInt32.self)
                        let to = UnsafeMutableRawPointer(row).assumingMemoryBound(to: UInt32.self)
                        for x in 0..<dw {
                            to[x] = from[index]
                            index += step
                        }
                    } else {
                        for x in 0..<dw {
                            for c in 0..<n { row[x * n + c] = source[index * n + c] }
                            index += step
                        }
                    }
                }
            }
        }
        return turned
    }
}
