extension PixelBuffer {
    /// The picture no larger than `limit`, shape kept: itself when it fits, else shrunk.
    public func fitted(into limit: PixelLimit) -> PixelBuffer {
        guard width > Int(limit.width) || height > Int(limit.height), limit.width > 0, limit.height > 0, !isEmpty else { return self }
        let scale = min(Double(limit.width) / Double(width), Double(limit.height) / Double(height))
        return resized(width: max(1, Int((Double(width) * scale).rounded())), height: max(1, Int((Double(height) * scale).rounded())))
    }

    /// The picture at `newWidth` x `newHeight`, each new pixel the average of the old pixels it
    /// covers, weighted by how much of each it covers (a box filter: a shrink of any ratio keeps
    /// every old pixel's share, so fine text and stripes turn grey instead of aliasing).
    /// Exact halvings come first, two by two, while the picture is at least four times too large.
    public func resized(width newWidth: Int, height newHeight: Int) -> PixelBuffer {
        guard newWidth > 0, newHeight > 0, !isEmpty else { return PixelBuffer(width: max(0, newWidth), height: max(0, newHeight), format: format) }
        if newWidth == width && newHeight == height { return self }
        var source = self
        while source.width / 2 >= newWidth * 2 && source.height / 2 >= newHeight * 2 { source = source.halved() }
        return source.boxResized(width: newWidth, height: newHeight)
    }

    /// The picture at `newWidth` x `newHeight` (each at least its own), each new pixel the old one
    /// it falls in: for a reader that thresholds (orientation detection), where the letters' shapes
    /// are what counts and a filter's greys would be work for nothing.
    public func enlarged(width newWidth: Int, height newHeight: Int) -> PixelBuffer {
        guard newWidth >= width, newHeight >= height, !isEmpty else { return resized(width: newWidth, height: newHeight) }
        if newWidth == width && newHeight == height { return self }
        let n = format.bytesPerPixel, stride = bytesPerRow, rowBytes = newWidth * n
        let columns = (0..<newWidth).map { x in x * width / newWidth * n }
        var out = PixelBuffer(width: newWidth, height: newHeight, format: format)
        bytes.withUnsafeBufferPointer { source in
            out.bytes.withUnsafeMutableBufferPointer { dest in
                guard let s = source.baseAddress, let d = dest.baseAddress else { return }
                var previous = -1
                for y in 0..<newHeight {
                    let from = y * height / newHeight, row = d + y * rowBytes
                    if from == previous {
                        // The same row again: a copy of the one just made.
                        row.update(from: row - rowBytes, count: rowBytes)
                        continue
                    }
                    previous = from
                    let line = s + from * stride
                    for x in 0..<newWidth { for c in 0..<n { row[x * n + c] = line[columns[x] + c] } }
                }
            }
        }
        return out
    }

    /// Each pixel the mean of a 2 x 2 block (an odd last row or column is dropped).
    func halved() -> PixelBuffer {
        let w = width / 2, h = height / 2, n = format.bytesPerPixel, stride = bytesPerRow
        var out = PixelBuffer(width: w, height: h, format: format)
        bytes.withUnsafeBufferPointer { source in
            out.bytes.withUnsafeMutableBufferPointer { dest in
                guard let s = source.baseAddress, let d = dest.baseAddress else { return }
                for y in 0..<h {
                    let top = s + 2 * y * stride, bottom = top + stride, row = d + y * w * n
                    for x in 0..<w {
                        for c in 0..<n {
                            let i = 2 * x * n + c
                            let sum = UInt16(top[i]) + UInt16(top[i + n]) + UInt16(bottom[i]) + UInt16(bottom[i + n])
                            row[x * n + c] = UInt8((sum + 2) >> 2)
                        }
                    }
                }
            }
        }
        return out
    }

    private func boxResized(width newWidth: Int, height newHeight: Int) -> PixelBuffer {
        var resampler = BoxResampler(width: width, height: height, format: format, outputWidth: newWidth, outputHeight: newHeight)
        bytes.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for y in 0..<height { resampler.add(base + y * bytesPerRow) }
        }
        return resampler.result()
    }

    /// The pixels of `x`, `y`, `width`, `height` (clamped to the picture).
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> PixelBuffer {
        let x0 = max(0, min(width, x)), y0 = max(0, min(height, y))
        let x1 = max(x0, min(width, x + w)), y1 = max(y0, min(height, y + h))
        if x0 == 0, y0 == 0, x1 == width, y1 == height { return self }
        let n = format.bytesPerPixel, rowBytes = (x1 - x0) * n
        var out = PixelBuffer(width: x1 - x0, height: y1 - y0, format: format)
        bytes.withUnsafeBufferPointer { source in
            out.bytes.withUnsafeMutableBufferPointer { dest in
                guard let s = source.baseAddress, let d = dest.baseAddress else { return }
                for row in 0..<(y1 - y0) { (d + row * rowBytes).update(from: s + (y0 + row) * bytesPerRow + x0 * n, count: rowBytes) }
            }
        }
        return out
    }
}
