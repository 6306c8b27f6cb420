import Foundation
import StripsPictures

/// A flat page (a scan) photographed as an open book's page: the paper bent as a bound page bends
/// (sunk at the gutter, rising steeply out of it, flattening across, drooping a little at the
/// fore-edge), seen from above by a pinhole camera on a dark desk, the gutter in shadow. The
/// page's text lines come out curved as a book's do, more towards the top and bottom where the
/// camera sees them from the side: what the dewarper is tested and measured on, with the scan's
/// words known. Pure and seeded; any thread.
public enum BookPagePhoto {
    public struct Bend: Hashable, Sendable {
        /// How high the page rises out of the gutter, in fractions of its width.
        public var rise: Double
        /// How far the fore-edge droops back down, in fractions of its width.
        public var droop: Double
        /// The gutter on the page's left (a right-hand page) or right (a left-hand page).
        public var gutterLeft: Bool
        /// The camera's place over the page, in fractions of its width and height from its centre.
        public var offset: (x: Double, y: Double)

        public init(rise: Double = 0.08, droop: Double = 0.02, gutterLeft: Bool = true, offset: (x: Double, y: Double) = (0.05, -0.03)) {
            self.rise = rise
            self.droop = droop
            self.gutterLeft = gutterLeft
            self.offset = offset
        }

        public static func == (a: Bend, b: Bend) -> Bool {
            a.rise == b.rise && a.droop == b.droop && a.gutterLeft == b.gutterLeft && a.offset == b.offset
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(rise); hasher.combine(droop); hasher.combine(gutterLeft); hasher.combine(offset.x); hasher.combine(offset.y)
        }
    }

    /// `page` (grey or colour) bent by `bend` and photographed into a `width` x `height` rgb picture
    /// (the page's height about 80 % of the picture's).
    public static func photograph(_ page: PixelBuffer, bend: Bend, width: Int, height: Int, seed: UInt64 = 1) -> PixelBuffer {
        photograph(left: bend.gutterLeft ? nil : page, right: bend.gutterLeft ? page : nil, bend: bend, width: width, height: height, seed: seed)
    }

    /// An open book photographed whole: `left` and `right` (the same size) meeting at the gutter in
    /// the picture's middle, each bent by `bend` (its `gutterLeft` is not used), the spread's height
    /// about 80 % of the picture's.
    public static func spread(left: PixelBuffer, right: PixelBuffer, bend: Bend, width: Int, height: Int, seed: UInt64 = 1) -> PixelBuffer {
        photograph(left: left, right: right, bend: bend, width: width, height: height, seed: seed)
    }

    /// The book's frame: the gutter at x = 0, the right-hand page's paper at s = 0...pw to its
    /// right, the left-hand page's mirrored to its left, the same bend.
    private static func photograph(left: PixelBuffer?, right: PixelBuffer?, bend: Bend, width: Int, height: Int, seed: UInt64) -> PixelBuffer {
        guard let any = right ?? left else { return PixelBuffer(width: width, height: height, format: .rgb) }
        let (pw, ph) = (Double(any.width), Double(any.height))
        // The page's surface across its width, s the distance along the paper from the gutter:
        // its height z(s) and how far from the gutter it lies, x(s), tabulated every paper pixel.
        let steps = any.width
        var zs = [Double](repeating: 0, count: steps + 1), xs = [Double](repeating: 0, count: steps + 1)
        for i in 0...steps {
            let s = Double(i)
            zs[i] = bend.rise * pw * (1 - exp(-s / (0.3 * pw))) - bend.droop * pw * pow(s / pw, 3)
            if i > 0 {
                let dz = zs[i] - zs[i - 1]
                xs[i] = xs[i - 1] + (max(0, 1 - dz * dz)).squareRoot()
            }
        }
        let across = xs[steps]
        // The camera: looking straight down from 1.2 page heights over the middle of
        // what is shown, moved by the offset; the focal length puts the page's height at 80 % of
        // the picture.
        let cameraHeight = 1.2 * ph
        let middle = left != nil && right != nil ? 0 : (right != nil ? across / 2 : -across / 2)
        let cameraX = middle + bend.offset.x * pw, cameraY = ph / 2 + bend.offset.y * ph
        let focal = 0.8 * Double(height) * cameraHeight / ph
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)

        // Each column of the picture sees one line down the paper: the s where the ray meets a
        // page's surface (the nearer the camera where two do), and which page.
        var columnS = [Double](repeating: -1, count: width), columnDepth = [Double](repeating: 0, count: width)
        var columnRight = [Bool](repeating: true, count: width)
        for px in 0..<width {
            let a = (Double(px) + 0.5 - cx) / focal
            var best: (s: Double, depth: Double, right: Bool)?
            for side in [true, false] where (side ? right : left) != nil {
                let sign = side ? 1.0 : -1.0
                func g(_ i: Int) -> Double { sign * xs[i] - cameraX - a * (cameraHeight - zs[i]) }
                var previous = g(0)
                for i in 1...steps {
                    let value = g(i)
                    if (previous < 0) != (value < 0) || value == 0 {
                        let t = previous == value ? 0 : previous / (previous - value)
                        let depth = cameraHeight - (zs[i - 1] + (zs[i] - zs[i - 1]) * t)
                        if best == nil || depth < best!.depth { best = (Double(i - 1) + t, depth, side) }
                        break
                    }
                    previous = value
                }
            }
            if let best { columnS[px] = best.s; columnDepth[px] = best.depth; columnRight[px] = best.right }
        }

        var out = PixelBuffer(width: width, height: height, format: .rgb)
        var random = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func noise() -> Double {
            random ^= random << 13; random ^= random >> 7; random ^= random << 17
            return Double(random % 1000) / 1000 - 0.5
        }
        for py in 0..<height {
            let b = (Double(py) + 0.5 - cy) / focal
            for px in 0..<width {
                let o = (py * width + px) * 3
                var colour = (58.0, 44.0, 36.0)  // the desk, dark wood
                let s = columnS[px]
                if s >= 0, let page = columnRight[px] ? right : left {
                    let y = cameraY + b * columnDepth[px]
                    if y >= 0, y < ph {
                        // The page's own pixel: s along the paper from the gutter.
                        let u = columnRight[px] ? s : pw - 1 - s
                        let sample = bilinear(page, u, y, page.format.bytesPerPixel)
                        // The gutter's shadow: the paper turned away from the light.
                        let i = min(steps, max(1, Int(s)))
                        let slope = zs[i] - zs[i - 1]
                        let light = 0.55 + 0.45 * (1 - min(1, abs(slope) * 1.2))
                        colour = (sample.0 * light, sample.1 * light, sample.2 * light)
                    }
                }
                let n = noise() * 6
                out.bytes[o] = UInt8(min(255, max(0, colour.0 + n)))
                out.bytes[o + 1] = UInt8(min(255, max(0, colour.1 + n)))
                out.bytes[o + 2] = UInt8(min(255, max(0, colour.2 + n)))
            }
        }
        return out
    }

    private static func bilinear(_ page: PixelBuffer, _ x: Double, _ y: Double, _ bpp: Int) -> (Double, Double, Double) {
        let fx = min(max(x - 0.5, 0), Double(page.width - 1)), fy = min(max(y - 0.5, 0), Double(page.height - 1))
        let ix = min(Int(fx), page.width - 2), iy = min(Int(fy), page.height - 2)
        let tx = fx - Double(ix), ty = fy - Double(iy)
        func at(_ x: Int, _ y: Int, _ c: Int) -> Double { Double(page.bytes[(y * page.width + x) * bpp + (bpp == 1 ? 0 : c)]) }
        var result = [0.0, 0.0, 0.0]
        for c in 0..<3 {
            let channel = bpp == 4 ? 2 - c : c  // bgra to rgb
            let top = at(ix, iy, channel) * (1 - tx) + at(ix + 1, iy, channel) * tx
            let bottom = at(ix, iy + 1, channel) * (1 - tx) + at(ix + 1, iy + 1, channel) * tx
            result[c] = top * (1 - ty) + bottom * ty
        }
        return (result[0], result[1], result[2])
    }
}
