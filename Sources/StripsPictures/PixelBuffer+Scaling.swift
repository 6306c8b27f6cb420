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

    /// Which source pixels each of `count` new pixels along an axis of `length` covers, and by how much.
    struct Coverage {
        var first: [Int] = []
        var weights: [[Float]] = []

        init(length: Int, count: Int) {
            let step = Double(length) / Double(count)
            for i in 0..<count {
                let start = Double(i) * step, end = min(Double(length), Double(i + 1) * step)
                let first = min(length - 1, Int(start))
                var weights: [Float] = []
                var j = first
                while j < length && Double(j) < end {
                    let covered = min(Double(j + 1), end) - max(Double(j), start)
                    weights.append(Float(covered / (end - start)))
                    j += 1
                }
                if weights.isEmpty { weights = [1] }
                self.first.append(first)
                self.weights.append(weights)
            }
        }
    }

    private func boxResized(width newWidth: Int, height newHeight: Int) -> PixelBuffer {
        let n = format.bytesPerPixel, w = width, h = height
        let across = Coverage(length: w, count: newWidth), down = Coverage(length: h, count: newHeight)
        // Rows first, into floats; then columns, rounded back to bytes.
        var rows = [Float](repeating: 0, count: newWidth * h * n)
        bytes.withUnsafeBufferPointer { source in
            rows.withUnsafeMutableBufferPointer { dest in
                guard let s = source.baseAddress, let d = dest.baseAddress else { return }
                for y in 0..<h {
                    let row = s + y * w * n, out = d + y * newWidth * n
                    for x in 0..<newWidth {
                        let first = across.first[x]
                        across.weights[x].withUnsafeBufferPointer { weights in
                            for c in 0..<n {
                                var sum: Float = 0
                                for (k, weight) in weights.enumerated() { sum += weight * Float(row[(first + k) * n + c]) }
                                out[x * n + c] = sum
                            }
                        }
                    }
                }
            }
        }
        var out = PixelBuffer(width: newWidth, height: newHeight, format: format)
        let stride = newWidth * n
        rows.withUnsafeBufferPointer { source in
            out.bytes.withUnsafeMutableBufferPointer { dest in
                guard let s = source.baseAddress, let d = dest.baseAddress else { return }
                var sums = [Float](repeating: 0, count: stride)
                for y in 0..<newHeight {
                    let first = down.first[y]
                    for i in 0..<stride { sums[i] = 0 }
                    for (k, weight) in down.weights[y].enumerated() {
                        let row = s + (first + k) * stride
                        for i in 0..<stride { sums[i] += weight * row[i] }
                    }
                    let outRow = d + y * stride
                    for i in 0..<stride { outRow[i] = UInt8(max(0, min(255, sums[i] + 0.5))) }
                }
            }
        }
        return out
    }
}
