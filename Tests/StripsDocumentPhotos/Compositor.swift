import Foundation
import StripsCore
import StripsPictures

/// Drawing a photo's layers into float rgb planes (interleaved): the page through its
/// homography with antialiased edges and a contact shadow, a cast shadow, blur and sensor noise.
enum Compositor {
    static func lay(_ art: PixelBuffer, on rgb: inout [Float], width: Int, height: Int, quad: Quad,
                    light: Lighting, random: inout SeededRandom) {
        // A page texture much larger than it appears is averaged down first, as a lens would.
        let appears = (quad.area).squareRoot(), texture = Double(art.width * art.height).squareRoot()
        let shrink = max(1, Int(texture / appears / 1.5))
        let page = shrink > 1 ? boxReduce(art, shrink) : art
        let (tw, th) = (page.width, page.height)
        guard let toPage = Homography(rectangle: Size(width: Double(tw), height: Double(th)), to: quad)?.inverse else { return }
        let paperGain = Float(random.uniform(0.9...1.04))
        let contact = Float(random.uniform(0...0.35))
        let contactReach = 0.004 * Double(width + height) / 2
        let corners = quad.corners
        let edges = (0..<4).map { i -> (Point, Point) in
            let a = corners[i], b = corners[(i + 1) % 4]
            let len = a.distance(to: b)
            return (a, Point(x: -(b.y - a.y) / len, y: (b.x - a.x) / len))  // inward normal
        }
        let box = quad.boundingBox
        let reach = Int(contactReach * 4) + 2
        let x0 = max(0, Int(box.minX) - reach), x1 = min(width - 1, Int(box.maxX) + reach)
        let y0 = max(0, Int(box.minY) - reach), y1 = min(height - 1, Int(box.maxY) + reach)
        guard x0 <= x1, y0 <= y1 else { return }
        page.bytes.withUnsafeBufferPointer { tex in
            rgb.withUnsafeMutableBufferPointer { out in
                for y in y0...y1 {
                    for x in x0...x1 {
                        let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                        var inside = Double.infinity
                        for (a, n) in edges { inside = min(inside, (p.x - a.x) * n.x + (p.y - a.y) * n.y) }
                        let o = (y * width + x) * 3
                        if inside < 0.5 {
                            // The page's contact shadow on the desk just outside it.
                            let k = 1 - contact * Float(exp(min(0, inside) / contactReach))
                            out[o] *= k; out[o + 1] *= k; out[o + 2] *= k
                        }
                        let coverage = Float(max(0, min(1, inside + 0.5)))
                        if coverage <= 0 { continue }
                        let t = toPage.apply(p)
                        let sx = min(max(t.x - 0.5, 0), Double(tw - 1)), sy = min(max(t.y - 0.5, 0), Double(th - 1))
                        let ix = min(Int(sx), tw - 2 < 0 ? 0 : tw - 2), iy = min(Int(sy), th - 2 < 0 ? 0 : th - 2)
                        let fx = Float(sx - Double(ix)), fy = Float(sy - Double(iy))
                        let lit = light.factor(p.x, p.y) * paperGain
                        for c in 0..<3 {
                            let a = Float(tex[(iy * tw + ix) * 3 + c]), b = Float(tex[(iy * tw + min(ix + 1, tw - 1)) * 3 + c])
                            let d = Float(tex[(min(iy + 1, th - 1) * tw + ix) * 3 + c])
                            let e = Float(tex[(min(iy + 1, th - 1) * tw + min(ix + 1, tw - 1)) * 3 + c])
                            let v = ((a + (b - a) * fx) * (1 - fy) + (d + (e - d) * fx) * fy) * lit
                            out[o + c] = out[o + c] * (1 - coverage) + v * coverage
                        }
                    }
                }
                // The desk is under the same light.
                for y in 0..<height {
                    for x in 0..<width {
                        let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                        var inside = Double.infinity
                        for (a, n) in edges { inside = min(inside, (p.x - a.x) * n.x + (p.y - a.y) * n.y) }
                        let deskShare = Float(max(0, min(1, 0.5 - inside)))
                        if deskShare <= 0 { continue }
                        let k = 1 + (light.factor(p.x, p.y) - 1) * deskShare
                        let o = (y * width + x) * 3
                        out[o] *= k; out[o + 1] *= k; out[o + 2] *= k
                    }
                }
            }
        }
    }

    /// A soft-edged shadow (a hand, a phone, a lamp's arm) falling across the page and the desk
    /// beside it: everything on one side of a line through the page darkened.
    static func castShadow(on rgb: inout [Float], width: Int, height: Int, across quad: Quad, random: inout SeededRandom) {
        let c = quad.corners
        let (u, v) = (random.uniform(0.25...0.75), random.uniform(0.25...0.75))
        let top = Point(x: c[0].x + (c[1].x - c[0].x) * u, y: c[0].y + (c[1].y - c[0].y) * u)
        let bottom = Point(x: c[3].x + (c[2].x - c[3].x) * u, y: c[3].y + (c[2].y - c[3].y) * u)
        let through = Point(x: top.x + (bottom.x - top.x) * v, y: top.y + (bottom.y - top.y) * v)
        let angle = random.uniform(0...(2 * .pi))
        let n = Point(x: cos(angle), y: sin(angle))
        let depth = Float(random.uniform(0.3...0.6))
        let soft = random.uniform(0.003...0.03) * Double(width + height) / 2
        rgb.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                for x in 0..<width {
                    let d = ((Double(x) + 0.5 - through.x) * n.x + (Double(y) + 0.5 - through.y) * n.y) / soft
                    if d < -1 { continue }
                    let t = Float(min(1, (d + 1) / 2))
                    let k = 1 - depth * t * t * (3 - 2 * t)
                    let o = (y * width + x) * 3
                    out[o] *= k; out[o + 1] *= k * 0.98; out[o + 2] *= k * 0.96
                }
            }
        }
    }

    /// Three box blurs, a close stand-in for a Gaussian of `sigma` pixels.
    static func blur(_ rgb: inout [Float], width: Int, height: Int, sigma: Double) {
        let radius = Int(((12 * sigma * sigma / 3 + 1).squareRoot() - 1) / 2)
        guard radius >= 1 else { return }
        for _ in 0..<3 {
            boxBlur(&rgb, width: width, height: height, radius: radius, horizontal: true)
            boxBlur(&rgb, width: width, height: height, radius: radius, horizontal: false)
        }
    }

    private static func boxBlur(_ rgb: inout [Float], width: Int, height: Int, radius: Int, horizontal: Bool) {
        let (lines, length) = horizontal ? (height, width) : (width, height)
        let step = horizontal ? 3 : width * 3
        var line = [Float](repeating: 0, count: length * 3)
        let scale = 1 / Float(2 * radius + 1)
        rgb.withUnsafeMutableBufferPointer { p in
            line.withUnsafeMutableBufferPointer { l in
                for i in 0..<lines {
                    let start = horizontal ? i * width * 3 : i * 3
                    for k in 0..<length { for c in 0..<3 { l[k * 3 + c] = p[start + k * step + c] } }
                    for c in 0..<3 {
                        var sum: Float = 0
                        for k in -radius...radius { sum += l[min(max(k, 0), length - 1) * 3 + c] }
                        for k in 0..<length {
                            p[start + k * step + c] = sum * scale
                            sum += l[min(k + radius + 1, length - 1) * 3 + c] - l[max(k - radius, 0) * 3 + c]
                        }
                    }
                }
            }
        }
    }

    /// Sensor noise: near-Gaussian (a sum of four uniforms), mostly in brightness, some in colour.
    static func addNoise(_ rgb: inout [Float], sigma: Float, random: inout SeededRandom) {
        rgb.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 2 < p.count {
                let bits = random.next()
                func u(_ s: UInt64) -> Float { Float((bits >> s) & 0xFFFF) / 65535 }
                let luminance = (u(0) + u(16) + u(32) + u(48) - 2) * 1.732 * sigma
                let chroma = (u(8) - 0.5) * sigma
                p[i] += luminance + chroma; p[i + 1] += luminance; p[i + 2] += luminance - chroma
                i += 3
            }
        }
    }

    static func boxReduce(_ picture: PixelBuffer, _ factor: Int) -> PixelBuffer {
        let (w, h) = (picture.width / factor, picture.height / factor)
        var out = PixelBuffer(width: w, height: h, format: .rgb)
        let area = factor * factor
        for y in 0..<h {
            for x in 0..<w {
                var s = (0, 0, 0)
                for dy in 0..<factor {
                    for dx in 0..<factor {
                        let o = ((y * factor + dy) * picture.width + x * factor + dx) * 3
                        s = (s.0 + Int(picture.bytes[o]), s.1 + Int(picture.bytes[o + 1]), s.2 + Int(picture.bytes[o + 2]))
                    }
                }
                let o = (y * w + x) * 3
                out.bytes[o] = UInt8(s.0 / area); out.bytes[o + 1] = UInt8(s.1 / area); out.bytes[o + 2] = UInt8(s.2 / area)
            }
        }
        return out
    }
}
