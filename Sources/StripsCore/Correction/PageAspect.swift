/// The true width-to-height ratio of a rectangle photographed as a quad. The quad's two vanishing
/// points give the camera's focal length (with the principal point at the picture's centre), and
/// the back-projected corners then give the ratio: Zhang and He, "Whiteboard scanning and image
/// enhancement" (Digital Signal Processing 17, 2007; MSR-TR-2003-39). With one vanishing point at
/// infinity (a page tilted one way only) the focal length cannot be measured, and a phone
/// camera's typical one is assumed; with both at infinity (no perspective) the ratio is the mean
/// of opposite edge lengths, whatever the focal length.
public enum PageAspect {
    /// A main phone camera's focal length over the picture diagonal (about 26 mm full-frame
    /// equivalent over the 43.3 mm diagonal): assumed when the quad cannot tell.
    public static let typicalFocalOverDiagonal = 0.6

    /// Focal lengths outside this many picture diagonals are noise, not a camera.
    static let plausibleFocal: ClosedRange<Double> = 0.15...10
    /// The cameras pages are photographed with: a phone's main lens (24-28 mm equivalent, 0.55-0.65
    /// diagonals) to its 2-3x tele (about 1.2-1.8). The vanishing points' focal length is noisy when
    /// the page is small or nearly square-on, so a measurement outside is taken at this range's edge.
    static let phoneFocal: ClosedRange<Double> = 0.45...1.3

    /// Width (top edge) over height (left edge) of the page; always finite and positive.
    public static func estimate(quad: Quad, pictureSize: Size) -> Double {
        solve(quad: quad, pictureSize: pictureSize).aspect
    }

    /// The focal length the quad's vanishing points give, in picture diagonals; nil when they
    /// cannot (no perspective, one vanishing point at infinity, or no real camera fits).
    public static func measuredFocalLength(quad: Quad, pictureSize: Size) -> Double? {
        solve(quad: quad, pictureSize: pictureSize).focal
    }

    static func solve(quad: Quad, pictureSize: Size) -> (aspect: Double, focal: Double?) {
        let affine = affineRatio(quad)
        guard quad.isFinite, quad.isConvex, pictureSize.width > 0, pictureSize.height > 0 else { return (affine, nil) }
        let diagonal = (pictureSize.width * pictureSize.width + pictureSize.height * pictureSize.height).squareRoot()
        // Picture-centred coordinates, scaled by the diagonal so the numbers stay near 1.
        let cx = pictureSize.width / 2, cy = pictureSize.height / 2
        func h(_ p: Point) -> Vector3 { Vector3((p.x - cx) / diagonal, (p.y - cy) / diagonal, 1) }
        // The paper's m1..m4 are the corners of (0,0), (w,0), (0,h), (w,h).
        let m1 = h(quad.topLeft), m2 = h(quad.topRight), m3 = h(quad.bottomLeft), m4 = h(quad.bottomRight)
        let d2 = m2.cross(m4).dot(m3), d3 = m3.cross(m4).dot(m2)
        guard abs(d2) > 1e-15, abs(d3) > 1e-15 else { return (affine, nil) }
        let k2 = m1.cross(m4).dot(m3) / d2
        let k3 = m1.cross(m4).dot(m2) / d3
        let n2 = m2.scaled(k2) - m1, n3 = m3.scaled(k3) - m1
        // A third component near zero: that pair of opposite edges is parallel in the photo, its
        // vanishing point at infinity. Both: no perspective at all.
        let parallel2 = abs(n2.z) < 1e-3 * n2.length, parallel3 = abs(n3.z) < 1e-3 * n3.length
        if parallel2 && parallel3 { return (affine, nil) }
        var f2 = -(n2.x * n3.x + n2.y * n3.y) / (n2.z * n3.z)
        let plausible = !parallel2 && !parallel3 && f2.isFinite && f2 > 0
            && plausibleFocal.contains(f2.squareRoot())
        if !plausible {
            f2 = typicalFocalOverDiagonal * typicalFocalOverDiagonal
        } else {
            let f = f2.squareRoot().clamped(to: phoneFocal)
            f2 = f * f
        }
        let num = n2.x * n2.x + n2.y * n2.y + f2 * n2.z * n2.z
        let den = n3.x * n3.x + n3.y * n3.y + f2 * n3.z * n3.z
        guard num > 0, den > 0 else { return (affine, nil) }
        let ratio = (num / den).squareRoot()
        return (ratio.isFinite && ratio > 0 ? ratio : affine, plausible ? f2.squareRoot() : nil)
    }

    /// The estimate snapped to a paper size within `PaperSize.snapTolerance`.
    public static func snapped(quad: Quad, pictureSize: Size) -> Double {
        PaperSize.snap(aspect: estimate(quad: quad, pictureSize: pictureSize)).aspect
    }

    /// Mean of top and bottom over mean of left and right; 1 when the quad has no size.
    static func affineRatio(_ quad: Quad) -> Double {
        guard quad.isFinite else { return 1 }
        let e = quad.edgeLengths
        let w = (e.top + e.bottom) / 2, h = (e.left + e.right) / 2
        guard w > 0, h > 0, (w / h).isFinite else { return 1 }
        return w / h
    }
}

struct Vector3 {
    var x, y, z: Double
    init(_ x: Double, _ y: Double, _ z: Double) { (self.x, self.y, self.z) = (x, y, z) }
    func cross(_ o: Vector3) -> Vector3 { Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    func scaled(_ s: Double) -> Vector3 { Vector3(x * s, y * s, z * s) }
    var length: Double { dot(self).squareRoot() }
    static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
}
