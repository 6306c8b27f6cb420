import StripsCore
import StripsPictures

/// Samples a picture through a projective map with a bicubic filter (Catmull-Rom: sharp, no
/// visible ringing on text): each output pixel's centre is mapped into the source and the 4 x 4
/// source pixels around it are weighed. The one resampling routine behind flattening and
/// straightening, so both look alike.
enum Resampler {
    /// What a sample outside the source takes.
    enum Outside: Sendable {
        /// The nearest edge pixel's colour: a quad reaching a little past the picture.
        case edge
        /// One colour, as the buffer's format lays it out (1, 3 or 4 bytes).
        case fill([UInt8])
    }

    /// A `width` x `height` buffer of `source`'s format whose pixel (x, y) shows the source at
    /// `outputToSource` of (x + 0.5, y + 0.5), in continuous pixel coordinates.
    static func resample(_ source: PixelBuffer, width: Int, height: Int,
                         outputToSource h: Homography, outside: Outside) -> PixelBuffer {
        let bpp = source.format.bytesPerPixel
        var out = PixelBuffer(width: width, height: height, format: source.format)
        guard width > 0, height > 0, !source.isEmpty else { return out }
        let (sw, sh) = (source.width, source.height)
        var fill = SIMD4<Float>(255, 255, 255, 255)
        if case .fill(let colour) = outside {
            for c in 0..<min(bpp, colour.count) { fill[c] = Float(colour[c]) }
        }
        let useFill: Bool
        if case .fill = outside { useFill = true } else { useFill = false }
        let m = h.m
        source.bytes.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                let rowBytes = sw * bpp
                @inline(__always) func pixel(_ x: Int, _ y: Int) -> SIMD4<Float> {
                    let o = y * rowBytes + x * bpp
                    switch bpp {
                    case 1: let v = Float(src[o]); return SIMD4(v, v, v, v)
                    case 3: return SIMD4(Float(src[o]), Float(src[o + 1]), Float(src[o + 2]), 255)
                    default: return SIMD4(Float(src[o]), Float(src[o + 1]), Float(src[o + 2]), Float(src[o + 3]))
                    }
                }
                for y in 0..<height {
                    let py = Double(y) + 0.5
                    var X = m[0] * 0.5 + m[1] * py + m[2]
                    var Y = m[3] * 0.5 + m[4] * py + m[5]
                    var W = m[6] * 0.5 + m[7] * py + m[8]
                    var o = y * width * bpp
                    for _ in 0..<width {
                        defer { X += m[0]; Y += m[3]; W += m[6]; o += bpp }
                        var value = fill
                        let sx = X / W - 0.5, sy = Y / W - 0.5
                        if sx.isFinite, sy.isFinite, sx > -1e6, sx < 1e6, sy > -1e6, sy < 1e6 {
                            let inside = sx >= -0.5 && sy >= -0.5 && sx <= Double(sw) - 0.5 && sy <= Double(sh) - 0.5
                            if inside || !useFill {
                                value = bicubic(sx, sy, sw, sh, pixel)
                            }
                        }
                        let v = value.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255))
                            + SIMD4(repeating: 0.5)
                        dst[o] = UInt8(v[0])
                        if bpp > 1 { dst[o + 1] = UInt8(v[1]); dst[o + 2] = UInt8(v[2]) }
                        if bpp > 3 { dst[o + 3] = UInt8(v[3]) }
                    }
                }
            }
        }
        return out
    }

    @inline(__always)
    private static func bicubic(_ sx: Double, _ sy: Double, _ sw: Int, _ sh: Int,
                                _ pixel: (Int, Int) -> SIMD4<Float>) -> SIMD4<Float> {
        let fx = sx.rounded(.down), fy = sy.rounded(.down)
        let ix = Int(fx), iy = Int(fy)
        let wx = weights(Float(sx - fx)), wy = weights(Float(sy - fy))
        var sum = SIMD4<Float>(repeating: 0)
        if ix >= 1, iy >= 1, ix + 2 < sw, iy + 2 < sh {
            for j in 0..<4 {
                let yy = iy - 1 + j
                var row: SIMD4<Float> = pixel(ix - 1, yy) * wx[0]
                row += pixel(ix, yy) * wx[1]
                row += pixel(ix + 1, yy) * wx[2]
                row += pixel(ix + 2, yy) * wx[3]
                sum += row * wy[j]
            }
        } else {
            for j in 0..<4 {
                let yy = min(max(iy - 1 + j, 0), sh - 1)
                var row = SIMD4<Float>(repeating: 0)
                for i in 0..<4 { row += pixel(min(max(ix - 1 + i, 0), sw - 1), yy) * wx[i] }
                sum += row * wy[j]
            }
        }
        return sum
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
}
