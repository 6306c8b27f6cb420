import Dispatch
import StripsCore
import StripsPictures

/// Samples a picture through a projective map with a bicubic filter (Catmull-Rom: sharp, no
/// visible ringing on text): each output pixel's centre is mapped into the source and the 4 x 4
/// source pixels around it are weighed. The one resampling routine behind flattening,
/// straightening and rendering a page's recipe, so all of them look alike.
///
/// Speed (docs/PERFORMANCE.md, "Border correction"): the filter's weights come from a table of
/// 256 phases, pixels are read through raw pointers with one loop per pixel format, the 4 x 4
/// taps away from the edges skip every bounds check, and rows can be split across threads.
enum Resampler {
    /// What a sample outside the source takes.
    enum Outside: Sendable {
        /// The nearest edge pixel's colour: a quad reaching a little past the picture.
        case edge
        /// One colour, as the buffer's format lays it out (1, 3 or 4 bytes).
        case fill([UInt8])
    }

    /// The page an output shows when it is not the whole output (a straightened page: its turned
    /// corners uncover the output's): output pixels whose point, mapped by `outputToPage`, falls
    /// outside `0...size` take `fill`.
    struct Bounds: Sendable {
        var outputToPage: Homography
        var size: Size
        var fill: [UInt8]
    }

    /// A `width` x `height` buffer of `source`'s format whose pixel (x, y) shows the source at
    /// `outputToSource` of (x + 0.5, y + 0.5), in continuous pixel coordinates. `threads` > 1
    /// splits the rows into that many bands worked on at once.
    static func resample(_ source: PixelBuffer, width: Int, height: Int, outputToSource h: Homography, outside: Outside,
                         bounds: Bounds? = nil, threads: Int = 1) -> PixelBuffer {
        var out = PixelBuffer(width: width, height: height, format: source.format)
        guard width > 0, height > 0, !source.isEmpty else { return out }
        let job = Job(source: source, width: width, height: height, map: h, outside: outside, bounds: bounds)
        inBands(source, into: &out, threads: threads, job.rows)
        return out
    }

    /// Runs `rows` over every row of `out`, in up to `threads` bands of at least 64 rows worked on
    /// at once (each band writes rows of its own).
    private static func inBands(_ source: PixelBuffer, into out: inout PixelBuffer, threads: Int,
                                _ rows: @Sendable (Range<Int>, Pointers) -> Void) {
        let height = out.height
        source.bytes.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                let pointers = Pointers(source: s, output: d)
                let bands = max(1, min(threads, height / 64))
                if bands == 1 {
                    rows(0..<height, pointers)
                } else {
                    DispatchQueue.concurrentPerform(iterations: bands) { band in
                        rows(height * band / bands..<height * (band + 1) / bands, pointers)
                    }
                }
            }
        }
    }

    /// The buffers of one resampling, shared by its bands (each writes rows of its own).
    private struct Pointers: @unchecked Sendable {
        let source: UnsafePointer<UInt8>
        let output: UnsafeMutablePointer<UInt8>
    }

    /// Catmull-Rom weights of the four pixels at -1, 0, 1, 2 for a sample `t` past pixel 0.
    @inline(__always)
    static func weights(_ t: Float) -> SIMD4<Float> {
        let t2: Float = t * t, t3: Float = t2 * t
        let w0: Float = (2 * t2 - t3 - t) * 0.5
        let w1: Float = (3 * t3 - 5 * t2 + 2) * 0.5
        let w2: Float = (4 * t2 - 3 * t3 + t) * 0.5
        let w3: Float = (t3 - t2) * 0.5
        return SIMD4(w0, w1, w2, w3)
    }

    /// Sub-pixel positions the weights are tabulated at: a 1/256 pixel step is far below what
    /// 8-bit output can show.
    static let phases = 256
    static let table: [SIMD4<Float>] = (0...phases).map { weights(Float($0) / Float(phases)) }

    private struct Job: Sendable {
        let source: PixelBuffer
        let width: Int, height: Int
        let map: Homography
        let outside: Outside
        let bounds: Bounds?

        func rows(_ rows: Range<Int>, _ p: Pointers) {
            let bpp = source.format.bytesPerPixel
            let (sw, sh) = (source.width, source.height)
            let rowBytes = sw * bpp
            var fill = SIMD4<Float>(255, 255, 255, 255)
            var useFill = false
            if case .fill(let colour) = outside {
                useFill = true
                for c in 0..<min(bpp, colour.count) { fill[c] = Float(colour[c]) }
            }
            var pageFill = fill
            if let bounds { for c in 0..<min(bpp, bounds.fill.count) { pageFill[c] = Float(bounds.fill[c]) } }
            let m = map.m
            let b = bounds?.outputToPage.m ?? [1, 0, 0, 0, 1, 0, 0, 0, 1]
            let pageW = bounds?.size.width ?? .infinity, pageH = bounds?.size.height ?? .infinity
            let hasBounds = bounds != nil
            let src = p.source
            let (fsw, fsh) = (Double(sw) - 0.5, Double(sh) - 0.5)
            // The interior fast path reads whole 4-byte words, so an rgb row's last tap needs one
            // more pixel after it.
            let lastX = bpp == 3 ? sw - 4 : sw - 3
            Resampler.table.withUnsafeBufferPointer { lut in
                for y in rows {
                    let py = Double(y) + 0.5
                    var X = m[0] * 0.5 + m[1] * py + m[2]
                    var Y = m[3] * 0.5 + m[4] * py + m[5]
                    var W = m[6] * 0.5 + m[7] * py + m[8]
                    var PX = b[0] * 0.5 + b[1] * py + b[2]
                    var PY = b[3] * 0.5 + b[4] * py + b[5]
                    var PW = b[6] * 0.5 + b[7] * py + b[8]
                    var o = p.output + y * width * bpp
                    for _ in 0..<width {
                        defer {
                            X += m[0]; Y += m[3]; W += m[6]
                            PX += b[0]; PY += b[3]; PW += b[6]
                            o += bpp
                        }
                        var value = fill
                        if hasBounds {
                            let qx = PX / PW, qy = PY / PW
                            if !(qx >= 0 && qy >= 0 && qx <= pageW && qy <= pageH) {
                                Self.store(pageFill, o, bpp)
                                continue
                            }
                        }
                        let sx = X / W - 0.5, sy = Y / W - 0.5
                        if sx > -1e6, sx < 1e6, sy > -1e6, sy < 1e6 {
                            if !useFill || (sx >= -0.5 && sy >= -0.5 && sx <= fsw && sy <= fsh) {
                                let fx = sx.rounded(.down), fy = sy.rounded(.down)
                                let ix = Int(fx), iy = Int(fy)
                                let wx = lut[Int((sx - fx) * Double(Resampler.phases))]
                                let wy = lut[Int((sy - fy) * Double(Resampler.phases))]
                                if ix >= 1, iy >= 1, ix <= lastX, iy + 2 < sh {
                                    let base = src + (iy - 1) * rowBytes + (ix - 1) * bpp
                                    switch bpp {
                                    case 1: value = SIMD4(repeating: Self.grey(base, rowBytes, wx, wy))
                                    case 3: value = Self.colour(base, rowBytes, 3, wx, wy)
                                    default: value = Self.colour(base, rowBytes, 4, wx, wy)
                                    }
                                } else {
                                    value = Self.clamped(src, ix, iy, sw, sh, bpp, wx, wy)
                                }
                            }
                        }
                        Self.store(value, o, bpp)
                    }
                }
            }
        }

        @inline(__always)
        static func store(_ value: SIMD4<Float>, _ o: UnsafeMutablePointer<UInt8>, _ bpp: Int) {
            let v = value.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255)) + SIMD4(repeating: 0.5)
            o[0] = UInt8(v[0])
            if bpp > 1 { o[1] = UInt8(v[1]); o[2] = UInt8(v[2]) }
            if bpp > 3 { o[3] = UInt8(v[3]) }
        }

        /// Four neighbouring bytes as floats (one grey row's taps, or one colour pixel and the
        /// next pixel's first byte, which the weights leave out).
        @inline(__always)
        static func word(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
            SIMD4<Float>(UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self))
        }

        @inline(__always)
        static func grey(_ base: UnsafePointer<UInt8>, _ rowBytes: Int, _ wx: SIMD4<Float>, _ wy: SIMD4<Float>) -> Float {
            let r0 = (word(base) * wx).sum()
            let r1 = (word(base + rowBytes) * wx).sum()
            let r2 = (word(base + 2 * rowBytes) * wx).sum()
            let r3 = (word(base + 3 * rowBytes) * wx).sum()
            return (SIMD4(r0, r1, r2, r3) * wy).sum()
        }

        @inline(__always)
        static func colour(_ base: UnsafePointer<UInt8>, _ rowBytes: Int, _ bpp: Int, _ wx: SIMD4<Float>, _ wy: SIMD4<Float>) -> SIMD4<Float> {
            var sum = SIMD4<Float>(repeating: 0)
            var row = base
            for j in 0..<4 {
                var r = word(row) * wx[0]
                r += word(row + bpp) * wx[1]
                r += word(row + 2 * bpp) * wx[2]
                r += word(row + 3 * bpp) * wx[3]
                sum += r * wy[j]
                row += rowBytes
            }
            // rgb: the fourth lane held the next pixel's red; the output takes only three.
            if bpp == 3 { sum[3] = 255 }
            return sum
        }

        /// Near the edges: each tap's place clamped into the picture, byte by byte.
        static func clamped(_ src: UnsafePointer<UInt8>, _ ix: Int, _ iy: Int, _ sw: Int, _ sh: Int, _ bpp: Int,
                            _ wx: SIMD4<Float>, _ wy: SIMD4<Float>) -> SIMD4<Float> {
            var sum = SIMD4<Float>(repeating: 0)
            let rowBytes = sw * bpp
            for j in 0..<4 {
                let yy = min(max(iy - 1 + j, 0), sh - 1)
                var row = SIMD4<Float>(repeating: 0)
                for i in 0..<4 {
                    let o = src + yy * rowBytes + min(max(ix - 1 + i, 0), sw - 1) * bpp
                    let pixel: SIMD4<Float>
                    switch bpp {
                    case 1: pixel = SIMD4(repeating: Float(o[0]))
                    case 3: pixel = SIMD4(Float(o[0]), Float(o[1]), Float(o[2]), 255)
                    default: pixel = SIMD4(Float(o[0]), Float(o[1]), Float(o[2]), Float(o[3]))
                    }
                    row += pixel * wx[i]
                }
                sum += row * wy[j]
            }
            return sum
        }
    }
}

extension Resampler {
    /// A map's value at a grid node, held within a million pixels; one that is not a number is
    /// taken as far outside (the edge's colour).
    static func node(_ value: Double) -> Float { Float(value.isFinite ? min(max(value, -1e6), 1e6) : -1e6) }

    /// Output pixels between the grid's exactly mapped points: a smooth map (a curved page laid
    /// flat) is linear to well under a hundredth of a pixel over this many.
    static let gridStep = 8

    /// A `width` x `height` buffer whose pixel (x, y) shows `source` at `outputToSource(x + 0.5,
    /// y + 0.5)` (past the source's edge, the edge's colour), for a map that is no homography:
    /// the map is asked at every `gridStep`-th pixel each way and taken bilinearly between, so it
    /// costs a few multiplications a pixel whatever it is. `bounds` as in the homography's
    /// resampling. `threads` splits the rows.
    static func resample(_ source: PixelBuffer, width: Int, height: Int, outputToSource: (Point) -> Point,
                         bounds: Bounds? = nil, threads: Int = 1) -> PixelBuffer {
        var out = PixelBuffer(width: width, height: height, format: source.format)
        guard width > 0, height > 0, !source.isEmpty else { return out }
        let step = gridStep
        let gw = (width + step - 1) / step + 1, gh = (height + step - 1) / step + 1
        var gx = [Float](repeating: 0, count: gw * gh), gy = [Float](repeating: 0, count: gw * gh)
        for j in 0..<gh {
            for i in 0..<gw {
                let p = outputToSource(Point(x: Double(i * step) + 0.5, y: Double(j * step) + 0.5))
                let ok = p.x.isFinite && p.y.isFinite
                gx[j * gw + i] = node(ok ? p.x : .nan)
                gy[j * gw + i] = node(ok ? p.y : .nan)
            }
        }
        let job = GridJob(source: source, width: width, height: height, gx: gx, gy: gy, gw: gw, bounds: bounds)
        inBands(source, into: &out, threads: threads, job.rows)
        return out
    }

    private struct GridJob: Sendable {
        let source: PixelBuffer
        let width: Int, height: Int
        let gx: [Float], gy: [Float]
        let gw: Int
        let bounds: Bounds?

        func rows(_ rows: Range<Int>, _ p: Pointers) {
            let bpp = source.format.bytesPerPixel
            let (sw, sh) = (source.width, source.height)
            let rowBytes = sw * bpp
            var pageFill = SIMD4<Float>(255, 255, 255, 255)
            if let bounds { for c in 0..<min(bpp, bounds.fill.count) { pageFill[c] = Float(bounds.fill[c]) } }
            let b = bounds?.outputToPage.m ?? [1, 0, 0, 0, 1, 0, 0, 0, 1]
            let pageW = bounds?.size.width ?? .infinity, pageH = bounds?.size.height ?? .infinity
            let hasBounds = bounds != nil
            let src = p.source
            let lastX = bpp == 3 ? sw - 4 : sw - 3
            let step = Resampler.gridStep
            let inverse = 1 / Float(step)
            gx.withUnsafeBufferPointer { gx in
            gy.withUnsafeBufferPointer { gy in
            Resampler.table.withUnsafeBufferPointer { lut in
                for y in rows {
                    let j = y / step, fy = Float(y - j * step) * inverse
                    let py = Double(y) + 0.5
                    var o = p.output + y * width * bpp
                    for x in 0..<width {
                        defer { o += bpp }
                        if hasBounds {
                            let px = Double(x) + 0.5
                            let w = b[6] * px + b[7] * py + b[8]
                            let qx = (b[0] * px + b[1] * py + b[2]) / w, qy = (b[3] * px + b[4] * py + b[5]) / w
                            if !(qx >= 0 && qy >= 0 && qx <= pageW && qy <= pageH) {
                                Job.store(pageFill, o, bpp)
                                continue
                            }
                        }
                        let i = x / step, fx = Float(x - i * step) * inverse
                        let k = j * gw + i
                        let topX = gx[k] + (gx[k + 1] - gx[k]) * fx, bottomX = gx[k + gw] + (gx[k + gw + 1] - gx[k + gw]) * fx
                        let topY = gy[k] + (gy[k + 1] - gy[k]) * fx, bottomY = gy[k + gw] + (gy[k + gw + 1] - gy[k + gw]) * fx
                        let sx = Double(topX + (bottomX - topX) * fy) - 0.5, sy = Double(topY + (bottomY - topY) * fy) - 0.5
                        let fxs = sx.rounded(.down), fys = sy.rounded(.down)
                        let ix = Int(fxs), iy = Int(fys)
                        let wx = lut[min(Int((sx - fxs) * Double(Resampler.phases)), Resampler.phases)]
                        let wy = lut[min(Int((sy - fys) * Double(Resampler.phases)), Resampler.phases)]
                        let value: SIMD4<Float>
                        if ix >= 1, iy >= 1, ix <= lastX, iy + 2 < sh {
                            let base = src + (iy - 1) * rowBytes + (ix - 1) * bpp
                            switch bpp {
                            case 1: value = SIMD4(repeating: Job.grey(base, rowBytes, wx, wy))
                            case 3: value = Job.colour(base, rowBytes, 3, wx, wy)
                            default: value = Job.colour(base, rowBytes, 4, wx, wy)
                            }
                        } else {
                            value = Job.clamped(src, min(max(ix, -2), sw + 1), min(max(iy, -2), sh + 1), sw, sh, bpp, wx, wy)
                        }
                        Job.store(value, o, bpp)
                    }
                }
            }
            }
            }
        }
    }
}

extension Resampler {
    /// As the grid resampling above, for a map split in two the way leptonica lays a page flat:
    /// output pixel (x, y) shows the source at column `column(x + 0.5, y + 0.5)`, and source column
    /// X (its centre, X + 0.5) at output row y takes its row from `row(X + 0.5, y + 0.5)`. Each output
    /// row is made in two one-dimensional passes, the Catmull-Rom weights the same: down each
    /// source column it needs (four taps, kept in floats), then along the row (four taps). Eight
    /// taps a pixel instead of sixteen; where the row depends on the column, each column's row is
    /// its own (a curve's vertical shift changes by hundredths of a pixel from one column to the
    /// next). Both maps are asked on a grid every `gridStep` pixels and taken linearly between.
    static func resample(_ source: PixelBuffer, width: Int, height: Int, column: (Point) -> Double,
                         row: (Double, Double) -> Double, threads: Int = 1) -> PixelBuffer {
        var out = PixelBuffer(width: width, height: height, format: source.format)
        guard width > 0, height > 0, !source.isEmpty else { return out }
        let step = gridStep
        let gw = (width + step - 1) / step + 1, gh = (height + step - 1) / step + 1
        let cw = (source.width + step - 1) / step + 1
        var columns = [Float](repeating: 0, count: gw * gh), rows = [Float](repeating: 0, count: cw * gh)
        for j in 0..<gh {
            let y = Double(j * step) + 0.5
            for i in 0..<gw { columns[j * gw + i] = node(column(Point(x: Double(i * step) + 0.5, y: y))) }
            for i in 0..<cw { rows[j * cw + i] = node(row(Double(i * step) + 0.5, y)) }
        }
        let job = SplitJob(source: source, width: width, height: height, columns: columns, rows: rows, gw: gw, cw: cw)
        inBands(source, into: &out, threads: threads, job.rows)
        return out
    }

    private struct SplitJob: Sendable {
        let source: PixelBuffer
        let width: Int, height: Int
        let columns: [Float], rows: [Float]
        let gw: Int, cw: Int

        /// The whole part below zero of `value`, for values already held within a few pixels of
        /// the picture (a conversion truncates towards zero; `rounded(.down)` is a library call).
        @inline(__always)
        static func floor(_ value: Float) -> Int { Int(Int32(value + 16)) - 16 }

        /// A sample's place (held within 8 pixels of the picture) in whole 256ths of a pixel, 16
        /// pixels on: its pixel is `>> 8` less 16, its phase in the weights' table `& 255`. Adding
        /// 1.5 x 2^52 to a double leaves the whole number nearest in its low bits, so no checked
        /// conversion is made twice a tap row (they were a third of the drawing's time).
        @inline(__always)
        static func fixed(_ value: Float) -> Int {
            let magic = 6_755_399_441_055_744.0
            return Int(truncatingIfNeeded: ((Double(value) + 16) * 256 - 0.5 + magic).bitPattern & 0xFFFF_FFFF)
        }

        func rows(_ band: Range<Int>, _ p: Pointers) {
            let bpp = source.format.bytesPerPixel
            let (sw, sh) = (source.width, source.height)
            let rowBytes = sw * bpp
            let src = p.source
            let step = Resampler.gridStep
            let inverse = 1 / Float(step)
            // One output row's source columns (their centres minus a half) and the columns taken
            // down their rows, each as four floats.
            var xs = [Float](repeating: 0, count: width)
            var down = [SIMD4<Float>](repeating: .zero, count: sw)
            columns.withUnsafeBufferPointer { gx in
            self.rows.withUnsafeBufferPointer { gy in
            Resampler.table.withUnsafeBufferPointer { lut in
            xs.withUnsafeMutableBufferPointer { xs in
            down.withUnsafeMutableBufferPointer { down in
                for y in band {
                    let j = y / step, fy = Float(y - j * step) * inverse
                    var lo = Float.infinity, hi = -Float.infinity
                    // The row's nodes taken down to it, then across each cell of `step` pixels.
                    var x = 0, i = 0
                    while x < width {
                        let k = j * gw + i
                        let left = gx[k] + (gx[k + gw] - gx[k]) * fy, right = gx[k + 1] + (gx[k + gw + 1] - gx[k + 1]) * fy
                        let slope = (right - left) * inverse
                        for t in 0..<min(step, width - x) {
                            let sx = min(max(left + slope * Float(t) - 0.5, -8), Float(sw) + 8)
                            xs[x + t] = sx
                            lo = min(lo, sx); hi = max(hi, sx)
                        }
                        x += step; i += 1
                    }
                    // Down the source columns this row reaches (and the filter's taps beside them).
                    let first = min(max(Self.floor(lo) - 1, 0), sw - 1), last = min(max(Self.floor(hi) + 2, 0), sw - 1)
                    var cell = first / step, left: Float = 0, slope: Float = 0
                    for c in first...last {
                        let t = c - cell * step
                        if c == first || t == step {
                            if t == step { cell += 1 }
                            let k = j * cw + cell
                            left = gy[k] + (gy[k + cw] - gy[k]) * fy
                            slope = (gy[k + 1] + (gy[k + cw + 1] - gy[k + 1]) * fy - left) * inverse
                        }
                        let sy = min(max(left + slope * Float(c - cell * step) - 0.5, -8), Float(sh) + 8)
                        let place = Self.fixed(sy)
                        let iy = (place >> 8) - 16
                        let wy = lut[place & 255]
                        var sum = SIMD4<Float>(repeating: 0)
                        if iy >= 1, iy + 2 < sh, bpp != 3 || c + 1 < sw {
                            var tap = src + (iy - 1) * rowBytes + c * bpp
                            for t in 0..<4 {
                                let pixel = bpp == 1 ? SIMD4<Float>(repeating: Float(tap[0])) : Job.word(tap)
                                sum += pixel * wy[t]
                                tap += rowBytes
                            }
                        } else {
                            for t in 0..<4 {
                                let tap = src + min(max(iy - 1 + t, 0), sh - 1) * rowBytes + c * bpp
                                let pixel: SIMD4<Float>
                                switch bpp {
                                case 1: pixel = SIMD4(repeating: Float(tap[0]))
                                case 3: pixel = SIMD4(Float(tap[0]), Float(tap[1]), Float(tap[2]), 255)
                                default: pixel = SIMD4(Float(tap[0]), Float(tap[1]), Float(tap[2]), Float(tap[3]))
                                }
                                sum += pixel * wy[t]
                            }
                        }
                        down[c] = sum
                    }
                    // Along the row, from the columns taken down.
                    var o = p.output + y * width * bpp
                    for x in 0..<width {
                        let sx = xs[x]
                        let place = Self.fixed(sx)
                        let ix = (place >> 8) - 16, phase = place & 255
                        let wx = lut[phase]
                        var value: SIMD4<Float>
                        if phase == 0, ix >= 0, ix < sw {
                            // On a column's centre (a curve with no sideways shift): the column itself.
                            value = down[ix]
                        } else if ix >= 1, ix + 2 < sw {
                            value = down[ix - 1] * wx[0] + down[ix] * wx[1] + down[ix + 1] * wx[2] + down[ix + 2] * wx[3]
                        } else {
                            value = .zero
                            for t in 0..<4 { value += down[min(max(ix - 1 + t, 0), sw - 1)] * wx[t] }
                        }
                        if bpp == 3 { value[3] = 255 }
                        Self.store(value, o, bpp)
                        o += bpp
                    }
                }
            }
            }
            }
            }
            }
        }

        /// As `Job.store`, clamped lane by lane (the generic SIMD clamp is a call a pixel).
        @inline(__always)
        static func store(_ value: SIMD4<Float>, _ o: UnsafeMutablePointer<UInt8>, _ bpp: Int) {
            @inline(__always) func byte(_ v: Float) -> UInt8 { UInt8(Swift.min(Swift.max(v, 0), 255) + 0.5) }
            o[0] = byte(value[0])
            if bpp > 1 { o[1] = byte(value[1]); o[2] = byte(value[2]) }
            if bpp > 3 { o[3] = byte(value[3]) }
        }
    }
}
