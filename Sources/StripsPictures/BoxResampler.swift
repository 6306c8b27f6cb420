/// A picture shrunk while it is read, row by row, top to bottom: each new pixel the average of
/// the old pixels it covers, weighted by how much of each it covers (a box filter: any ratio
/// keeps every old pixel's share, so fine text and stripes turn grey instead of aliasing). Only
/// the new picture is kept (in floats while it fills), never the old one whole, so a 300 MP
/// picture read by rows costs the memory of the size it is drawn at.
struct BoxResampler {
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
        for (i, first) in vertical.first.enumerated() {
            for (k, weight) in vertical.weights[i].enumerated() where first + k < self.height {
                down[first + k].append((i, weight))
            }
        }
        sums = [Float](repeating: 0, count: output.width * output.height * format.bytesPerPixel)
        row = [Float](repeating: 0, count: output.width * format.bytesPerPixel)
    }

    /// Adds the next source row (`width` pixels of `format`, packed).
    mutating func add(_ source: UnsafePointer<UInt8>) {
        guard rowsAdded < height else { return }
        let n = format.bytesPerPixel, outWidth = output.width
        row.withUnsafeMutableBufferPointer { out in
            for x in 0..<outWidth {
                let first = across.first[x]
                across.weights[x].withUnsafeBufferPointer { weights in
                    for c in 0..<n {
                        var sum: Float = 0
                        for k in 0..<weights.count { sum += weights[k] * Float(source[(first + k) * n + c]) }
                        out[x * n + c] = sum
                    }
                }
            }
        }
        let stride = outWidth * n
        for (target, weight) in down[rowsAdded] {
            sums.withUnsafeMutableBufferPointer { sums in
                row.withUnsafeBufferPointer { row in
                    let base = target * stride
                    for i in 0..<stride { sums[base + i] += weight * row[i] }
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
