import Foundation
import StripsCore
import StripsPictures

/// A synthetic phone photo of a page with its true corners: a page picture placed in 3-D in front
/// of a pinhole camera (principal point at the photo's centre, a phone's range of focal lengths),
/// turned in its plane by up to 30 degrees and tilted towards the camera, covering 20-90 % of the
/// photo, on a desk, under uneven light, maybe a shadow across, then blurred, noised and saved as
/// a JPEG. The same index and seed give the same photo on every machine.
public struct DocumentPhoto: Sendable {
    public let index: Int
    public let desk: Desk
    public let shadow: Bool
    public let pageName: String
    /// Width over height of the page itself.
    public let pageAspect: Double
    /// The page's corners in the photo's pixels (top-left of the page first, clockwise).
    public let corners: Quad
    /// The photo as a camera would save it (JPEG bytes) and decoded (rgb).
    public let jpeg: [UInt8]
    public let picture: PixelBuffer
    /// The page's turn in its own plane (degrees) and the share of the photo it covers.
    public let roll: Double
    public let coverage: Double
    public let blur: Double
    public let quality: Int
    /// The camera's focal length in photo diagonals.
    public let focal: Double

    /// "wood", "fabric", "light-table", "laminate", with "+shadow" when a shadow falls across.
    public var className: String { desk.rawValue + (shadow ? "+shadow" : "") }
}

public enum DocumentPhotoSet {
    /// Photo sizes: phone photos scaled down (2-3 MP) and now and then a full 12 MP one; under a
    /// cap below 1.9 MP (a quick slice), 1200 x 900.
    static let sizes = [(1600, 1200), (1200, 1600), (2000, 1500), (1500, 2000), (4000, 3000), (3000, 4000)]

    /// Photo `index` of the set made from `seed`; `pages` are the sample pages (rendered pages are
    /// made here); `maximumPixels` keeps a quick slice small.
    public static func photo(_ index: Int, seed: UInt64 = 21, pages: [PageArt], maximumPixels: Int = 12_000_000,
                             size: (width: Int, height: Int)? = nil) -> DocumentPhoto {
        var random = SeededRandom(seed: seed &* 1_000_003 &+ UInt64(index))
        let desk = Desk.allCases[index % Desk.allCases.count]
        let shadow = (index / Desk.allCases.count) % 2 == 1
        let art = pages.isEmpty || random.chance(0.5) ? PageArt.rendered(seed: random.next()) : pages[Int(random.next() % UInt64(pages.count))]
        // Mostly the phone held the page's way round, sometimes not.
        let pageLandscape = art.aspect > 1
        let landscape = random.chance(0.8) ? pageLandscape : !pageLandscape
        let fitting = sizes.filter { $0.0 * $0.1 <= maximumPixels && ($0.0 > $0.1) == landscape }
        let candidates = fitting.isEmpty ? [landscape ? (1200, 900) : (900, 1200)] : fitting
        let big = random.chance(1.0 / 6)
        let pool = candidates.filter { big == ($0.0 * $0.1 > 6_000_000) }
        let choices = pool.isEmpty ? candidates : pool
        let drawn = choices[Int(random.next() % UInt64(choices.count))]
        let (width, height) = size.map { ($0.width, $0.height) } ?? drawn

        let camera = Camera(width: width, height: height, focal: random.uniform(0.5...1.1) * (Double(width * width + height * height)).squareRoot())
        var pose = Pose(roll: 0, pitch: 0, yaw: 0)
        var quad = Quad(whole: .zero)
        // Every third photo is taken close, the page filling most of the frame (which it can
        // only do held nearly straight); the others anywhere up to 30 degrees turned. A pose whose
        // page cannot cover a fifth of the photo (a long receipt turned across the frame) is
        // drawn again.
        let close = index % 3 == 2
        for _ in 0..<6 {
            pose = close ? Pose(roll: random.uniform(-6...6), pitch: random.uniform(-12...12), yaw: random.uniform(-10...10))
                : Pose(roll: random.uniform(-30...30), pitch: random.uniform(-25...25), yaw: random.uniform(-20...20))
            quad = camera.place(aspect: art.aspect, pose: pose, coverage: close ? random.uniform(0.65...0.92) : random.uniform(0.2...0.6), random: &random)
            if quad.area >= 0.2 * Double(width * height) { break }
        }

        var rgb = desk.render(width: width, height: height, random: &random)
        let light = Lighting(random: &random, width: width, height: height)
        Compositor.lay(art.picture, on: &rgb, width: width, height: height, quad: quad, light: light, random: &random)
        if shadow { Compositor.castShadow(on: &rgb, width: width, height: height, across: quad, random: &random) }
        let diagonal = Double(width * width + height * height).squareRoot()
        let blur = random.uniform(0.3...2.0) * diagonal / 2500
        Compositor.blur(&rgb, width: width, height: height, sigma: blur)
        Compositor.addNoise(&rgb, sigma: Float(random.uniform(1.5...5)), random: &random)
        var photo = PixelBuffer(width: width, height: height, format: .rgb)
        photo.bytes = rgb.map { UInt8(max(0, min(255, $0.rounded()))) }
        let quality = Int(random.uniform(60...92))
        let jpeg = JPEG.encode(photo, quality: quality) ?? []
        let decoded = JPEG.decode(jpeg) ?? photo
        return DocumentPhoto(index: index, desk: desk, shadow: shadow, pageName: art.name, pageAspect: art.aspect,
                             corners: quad, jpeg: jpeg, picture: decoded, roll: pose.roll,
                             coverage: quad.area / Double(width * height), blur: blur, quality: quality,
                             focal: camera.focal / diagonal)
    }
}

extension DocumentPhotoSet {
    /// A photo of `desk` with no page on it, under the same kind of light and noise.
    public static func emptyDesk(_ desk: Desk, width: Int, height: Int, seed: UInt64) -> PixelBuffer {
        var random = SeededRandom(seed: seed)
        var rgb = desk.render(width: width, height: height, random: &random)
        Compositor.blur(&rgb, width: width, height: height, sigma: 1)
        Compositor.addNoise(&rgb, sigma: 3, random: &random)
        var photo = PixelBuffer(width: width, height: height, format: .rgb)
        photo.bytes = rgb.map { UInt8(max(0, min(255, $0.rounded()))) }
        return photo
    }
}

struct Pose {
    var roll, pitch, yaw: Double
}

/// A pinhole camera looking down +z, principal point at the photo's centre.
struct Camera {
    let width: Int, height: Int, focal: Double

    /// The page's corners in the photo: a page `aspect` wide and 1 high, turned by `pose`, at
    /// `distance`, moved `shift` across.
    func project(aspect: Double, pose: Pose, distance: Double, shift: (Double, Double)) -> Quad {
        let (r, p, y) = (pose.roll * .pi / 180, pose.pitch * .pi / 180, pose.yaw * .pi / 180)
        let corners = [(-aspect / 2, -0.5), (aspect / 2, -0.5), (aspect / 2, 0.5), (-aspect / 2, 0.5)]
        let points = corners.map { c -> Point in
            var (x0, y0, z0) = (c.0 * cos(r) - c.1 * sin(r), c.0 * sin(r) + c.1 * cos(r), 0.0)
            (y0, z0) = (y0 * cos(p) - z0 * sin(p), y0 * sin(p) + z0 * cos(p))
            (x0, z0) = (x0 * cos(y) + z0 * sin(y), -x0 * sin(y) + z0 * cos(y))
            let z = max(z0 + distance, 1e-3)
            return Point(x: Double(width) / 2 + focal * (x0 + shift.0) / z, y: Double(height) / 2 + focal * (y0 + shift.1) / z)
        }
        return Quad(corners: points) ?? Quad(whole: Size(width: Double(width), height: Double(height)))
    }

    /// Where a page covering about `coverage` of the photo lands, moved to a random place where
    /// all of it is inside the photo (nearer the camera's axis, or further away, when it cannot be).
    func place(aspect: Double, pose: Pose, coverage: Double, random: inout SeededRandom) -> Quad {
        let photoArea = Double(width * height)
        let margin = 0.01 * Double(min(width, height))
        var distance = 3.0
        for _ in 0..<8 {
            let quad = project(aspect: aspect, pose: pose, distance: distance, shift: (0, 0))
            distance *= (quad.area / photoArea / coverage).squareRoot()
        }
        func fits(_ q: Quad) -> Bool {
            let b = q.boundingBox
            return b.minX >= margin && b.minY >= margin && b.maxX <= Double(width) - margin && b.maxY <= Double(height) - margin
        }
        while !fits(project(aspect: aspect, pose: pose, distance: distance, shift: (0, 0))) { distance *= 1.03 }
        let centred = project(aspect: aspect, pose: pose, distance: distance, shift: (0, 0)).boundingBox
        let slackX = Double(width) - 2 * margin - centred.width, slackY = Double(height) - 2 * margin - centred.height
        let dx = margin + random.uniform(0...1) * max(0, slackX) - centred.minX
        let dy = margin + random.uniform(0...1) * max(0, slackY) - centred.minY
        var shift = (dx * distance / focal, dy * distance / focal)
        var quad = project(aspect: aspect, pose: pose, distance: distance, shift: shift)
        while !fits(quad) {
            shift = (shift.0 * 0.8, shift.1 * 0.8)
            quad = project(aspect: aspect, pose: pose, distance: distance, shift: shift)
        }
        return quad
    }
}

/// Light falling unevenly: brighter to one side, darker towards the corners.
struct Lighting {
    let gain, vignette, gx, gy: Double
    let width: Double, height: Double

    init(random: inout SeededRandom, width: Int, height: Int) {
        gain = random.uniform(0.85...1.05)
        vignette = random.uniform(0...0.3)
        gx = random.uniform(-0.15...0.15)
        gy = random.uniform(-0.15...0.15)
        self.width = Double(width)
        self.height = Double(height)
    }

    func factor(_ x: Double, _ y: Double) -> Float {
        let u = x / width - 0.5, v = y / height - 0.5
        return Float(gain * (1 - vignette * (u * u + v * v) * 2) * (1 + gx * u * 2 + gy * v * 2))
    }
}
