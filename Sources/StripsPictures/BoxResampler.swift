/// A picture shrunk while it is read, row by row, top to bottom: each new pixel the average of
/// the old pixels it covers, weighted by how much of each it covers (a box filter: any ratio
/// keeps every old pixel's share, so fine text and stripes turn grey instead of aliasing). Only
/// the new picture is kept (in floats while it fills), never the old one whole, so a 300 MP
/// picture read by rows costs the memory of the size it is drawn at.
struct BoxResampler {
    /// Which source pixels each of `count` new pixels along an axis of `length` covers, and by
    /// how much: new pixel i takes `counts[i]` source pixels from `firsts[i]`, weighted by
    /// `weights[offsets[i]...]` (flat arrays: no array per pixel to retain while resampling).
    struct Coverage {
        var firsts: [Int] = []
        var counts: [Int] = []
        var offsets: [Int] = []
        var weights: [Float] = []

        init(length: Int, count: Int) {
            let step = Double(length) / Double(count)
            for i in 0..<count {
                let start = Double(i) * step, end = min(Double(length), Double(i + 1) * step)
                let first = min(length - 1, Int(start))
                offsets.append(weights.count)
                var j = first
                while j < length && Double(j) < end {
                    let covered = min(Double(j + 1), end) - max(Double(j), start)
                    weights.append(Float(covered / (end - start)))
                    j += 1
                }
                if weights.count == offsets[i] { weights.append(1) }
                firsts.append(first)
                counts.append(weights.count - offsets[i])
            }
        }
    }

    let width: Int
    let height: Int
    let output: (width: Int, height: Int)
    let format: PixelBuffer.Format
    private let across: Coverage
    /// For each source row, the new rows it falls in and its weight in each.
    private var down: [[(row: Int, weight: Float)]]
    private var sums: [Float]
    private var row = [Float]()
    private(set) var rowsAdded = 0

    /// A `width` x `height` picture of `format` resampled to `outputWidth` x `outputHeight`
    /// (meant for shrinking; a pixel or two more, from rounding, repeats the nearest pixels).
    init(width: Int, height: Int, format: PixelBuffer.Format, outputWidth: Int, outputHeight: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.format = format
        output = (max(1, outputWidth), max(1, outputHeight))
        across = Coverage(length: self.width, count: output.width)
        let vertical = Coverage(length: self.height, count: output.height)
        down = Array(repeating: [], count: self.height)
        for i in 0..<output.height {
            for k in 0..<vertical.counts[i] where vertical.firsts[i] + k < self.height {
                down[vertical.firsts[i] + k].append((i, vertical.weights[vertical.offsets[i] + k]))
            }
        }
        sums = [Float](repeating: 0, count: output.width * output.height * format.bytesPerPixel)
        row = [Float](repeating: 0, count: output.width * format.bytesPerPixel)
    }

    /// Adds the next source row (`width` pixels of `format`, packed).
    mutating func add(_ source: UnsafePointer<UInt8>) {
        guard rowsAdded < height else { return }
        let n = format.bytesPerPixel, outWidth = output.width
        across.firsts.withUnsafeBufferPointer { firsts in
            across.counts.withUnsafeBufferPointer { counts in
                across.offsets.withUnsafeBufferPointer { offsets in
                    across.weights.withUnsafeBufferPointer { weights in
                        row.withUnsafeMutableBufferPointer { out in
                            for x in 0..<outWidth {
                                let first = firsts[x], count = counts[x], offset = offsets[x]
                                if n == 4 {
                                    // One pixel's four bytes at once.
                                    var sum = SIMD4<Float>(repeating: 0)
                                    for k in 0..<count {
                                        let p = source + (first + k) * 4
                                        sum += SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * weights[offset + k]
                                    }
                                    out[x * 4] = sum[0]
                                    out[x * 4 + 1] = sum[1]
                                    out[x * 4 + 2] = sum[2]
                                    out[x * 4 + 3] = sum[3]
                                } else {
                                    for c in 0..<n {
                                        var sum: Float = 0
                                        for k in 0..<count { sum += weights[offset + k] * Float(source[(first + k) * n + c]) }
                                        out[x * n + c] = sum
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        let stride = outWidth * n
        sums.withUnsafeMutableBufferPointer { sums in
            row.withUnsafeBufferPointer { row in
                guard let s = sums.baseAddress, let r = row.baseAddress else { return }
                for (target, weight) in down[rowsAdded] {
                    let into = s + target * stride
                    for i in 0..<stride { into[i] += weight * r[i] }
                }
            }
        }
        rowsAdded += 1
    }

    /// The new picture (rows never added stay black).
    func result() -> PixelBuffer {
        var out = PixelBuffer(width: output.width, height: output.height, format: format)
        sums.withUnsafeBufferPointer { sums in
            out.bytes.withUnsafeMutableBufferPointer { bytes in
                for i in 0..<bytes.count { bytes[i] = UInt8(max(0, min(255, sums[i] + 0.5))) }
            }
        }
        return out
    }
}
