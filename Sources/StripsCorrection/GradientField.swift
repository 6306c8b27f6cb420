import Foundation
import StripsPictures

/// The small copy's edges: each channel smoothed (a 5-tap binomial, about a one-pixel Gaussian),
/// Sobel gradients, the strongest channel's kept per pixel (a page and a desk of the same
/// brightness but different colour still have an edge), thinned to ridge pixels along the gradient.
/// Edges come from gradient, not brightness, so a white page on a white light table has them too.
struct GradientField {
    let width: Int, height: Int
    /// Gradient per pixel, in grey levels per pixel.
    var gx: [Float], gy: [Float]
    /// Ridge pixels whose gradient is above `threshold`, in reading order.
    var edges: [Edge] = []
    /// The typical gradient of the picture (its median): noise and texture, not edges.
    var noise: Float = 0
    var threshold: Float = 0

    struct Edge {
        var x: Float, y: Float       // the ridge's peak, near the pixel's centre
        var nx: Float, ny: Float     // unit gradient direction, dark to bright
        var magnitude: Float
        var angle: Float             // direction of the edge's normal in degrees, 0..<180 (either way)
    }

    /// Levels on a log scale (scaled to match plain levels near 200): a shadow or uneven light
    /// multiplies brightness, so on this scale it shifts both sides of an edge alike and the
    /// edge's strength stays. The offset keeps dark desks' noise from being blown up.
    static let logLevel: [Float] = (0..<256).map { Float(224 * log(Double($0) + 24)) }

    init(_ picture: PixelBuffer) {
        width = picture.width
        height = picture.height
        let n = width * height
        gx = [Float](repeating: 0, count: n)
        gy = [Float](repeating: 0, count: n)
        guard width >= 8, height >= 8 else { return }
        let channels = picture.format == .grey ? 1 : 3
        let bpp = picture.format.bytesPerPixel
        var best = [Float](repeating: 0, count: n)
        var plane = [Float](repeating: 0, count: n)
        var scratch = [Float](repeating: 0, count: n)
        for c in 0..<channels {
            // bgra keeps red third; the channel order does not matter for an edge.
            picture.bytes.withUnsafeBufferPointer { src in
                for i in 0..<n { plane[i] = Self.logLevel[Int(src[i * bpp + c])] }
            }
            Self.smooth(&plane, &scratch, width, height)
            Self.sobel(plane, width, height) { i, x, y in
                let m = x * x + y * y
                if m > best[i] { best[i] = m; gx[i] = x; gy[i] = y }
            }
        }
        var magnitude = best.map { $0.squareRoot() }
        noise = Self.median(magnitude)
        threshold = max(1.2, 3 * noise)
        edges = Self.ridges(&magnitude, gx, gy, width, height, threshold)
    }

    /// [1 4 6 4 1] / 16 along rows, then columns, edges replicated.
    static func smooth(_ p: inout [Float], _ tmp: inout [Float], _ w: Int, _ h: Int) {
        p.withUnsafeMutableBufferPointer { a in
            tmp.withUnsafeMutableBufferPointer { t in
                for y in 0..<h {
                    let r = y * w
                    for x in 0..<w {
                        let x0 = max(x - 2, 0), x1 = max(x - 1, 0), x3 = min(x + 1, w - 1), x4 = min(x + 2, w - 1)
                        t[r + x] = (a[r + x0] + 4 * a[r + x1] + 6 * a[r + x] + 4 * a[r + x3] + a[r + x4]) * (1.0 / 16)
                    }
                }
                for y in 0..<h {
                    let y0 = max(y - 2, 0) * w, y1 = max(y - 1, 0) * w, y3 = min(y + 1, h - 1) * w, y4 = min(y + 2, h - 1) * w
                    let r = y * w
                    for x in 0..<w {
                        a[r + x] = (t[y0 + x] + 4 * t[y1 + x] + 6 * t[r + x] + 4 * t[y3 + x] + t[y4 + x]) * (1.0 / 16)
                    }
                }
            }
        }
    }

    /// Sobel at every inner pixel, scaled to levels per pixel (the kernels weigh 8).
    static func sobel(_ p: [Float], _ w: Int, _ h: Int, _ body: (Int, Float, Float) -> Void) {
        p.withUnsafeBufferPointer { a in
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) {
                    let i = y * w + x
                    let tl = a[i - w - 1], t = a[i - w], tr = a[i - w + 1]
                    let l = a[i - 1], r = a[i + 1]
                    let bl = a[i + w - 1], b = a[i + w], br = a[i + w + 1]
                    let dx = (tr + 2 * r + br - tl - 2 * l - bl) * 0.125
                    let dy = (bl + 2 * b + br - tl - 2 * t - tr) * 0.125
                    body(i, dx, dy)
                }
            }
        }
    }

    static func median(_ values: [Float]) -> Float {
        // A histogram at a tenth of a level is exact enough and linear.
        var histogram = [Int](repeating: 0, count: 2048)
        for v in values { histogram[min(2047, Int(v * 10))] += 1 }
        var seen = 0
        for (i, c) in histogram.enumerated() {
            seen += c
            if seen * 2 >= values.count { return Float(i) / 10 }
        }
        return 0
    }

    /// Pixels whose gradient is at least `threshold` and not below either neighbour across the
    /// edge (non-maximum suppression in four directions).
    static func ridges(_ m: inout [Float], _ gx: [Float], _ gy: [Float], _ w: Int, _ h: Int, _ threshold: Float) -> [Edge] {
        var edges = [Edge]()
        for y in 2..<(h - 2) {
            for x in 2..<(w - 2) {
                let i = y * w + x
                let v = m[i]
                if v < threshold { continue }
                let ax = abs(gx[i]), ay = abs(gy[i])
                let (sx, sy): (Int, Int)
                if ax > 2.414 * ay { (sx, sy) = (1, 0) } else if ay > 2.414 * ax { (sx, sy) = (0, 1) } else { (sx, sy) = (1, gx[i] * gy[i] > 0 ? 1 : -1) }
                let step = sy * w + sx
                let before = m[i - step], after = m[i + step]
                if v < before || v <= after { continue }
                // The ridge's peak between pixels (a parabola through the three), for lines a
                // fraction of a pixel true.
                let curve = before - 2 * v + after
                let offset = curve < 0 ? max(-0.5, min(0.5, 0.5 * (before - after) / curve)) : 0
                let nx = gx[i] / v, ny = gy[i] / v
                var angle = Float(atan2(Double(ny), Double(nx)) * 180 / .pi)
                if angle < 0 { angle += 180 }
                if angle >= 180 { angle -= 180 }
                edges.append(Edge(x: Float(x) + 0.5 + offset * Float(sx), y: Float(y) + 0.5 + offset * Float(sy),
                                  nx: nx, ny: ny, magnitude: v, angle: angle))
            }
        }
        return edges
    }

    /// The gradient at the pixel holding point (x, y); zero outside.
    @inline(__always)
    func gradient(_ x: Float, _ y: Float) -> (Float, Float) {
        guard x >= 0, y >= 0 else { return (0, 0) }
        let ix = Int(x), iy = Int(y)
        guard ix < width, iy < height else { return (0, 0) }
        return (gx[iy * width + ix], gy[iy * width + ix])
    }
}
