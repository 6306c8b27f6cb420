import StripsPictures

/// How a page's stored pixels become the page: the file's EXIF orientation followed by the user's
/// clockwise quarter turns, as one of the eight EXIF orientations. Both exporters work from this
/// single value: the PDF as a page transform, the folder as one lossless JPEG transform.
extension Orientation {
    /// This orientation, then `turns` clockwise quarter turns of the upright picture.
    func turned(clockwise turns: Int) -> Orientation {
        let rotation: Orientation = [.up, .right, .down, .left][((turns % 4) + 4) % 4]
        // Found by comparing pixel maps on a small asymmetric picture: the definition itself,
        // with no table to get wrong.
        let w = 3, h = 2
        let (uw, uh) = swapsAxes ? (h, w) : (w, h)
        let (fw, fh) = rotation.swapsAxes ? (uh, uw) : (uw, uh)
        return Orientation.allCases.first { candidate in
            (0..<fh).allSatisfy { y in
                (0..<fw).allSatisfy { x in
                    let upright = rotation.storedPixel(x: x, y: y, w: uw, h: uh)
                    let stored = storedPixel(x: upright.x, y: upright.y, w: w, h: h)
                    let direct = candidate.storedPixel(x: x, y: y, w: w, h: h)
                    return stored == direct
                }
            }
        } ?? self
    }

    /// The affine map from stored picture coordinates (0...w, 0...h) to displayed ones, as
    /// (xx, yx, xy, yy, x0, y0) in cairo's convention: x' = xx x + xy y + x0, y' = yx x + yy y + y0.
    func storedToDisplayed(width w: Double, height h: Double) -> (xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double) {
        // storedPixel maps a displayed pixel to a stored one; on pixel centres that is the affine
        // s = A d + b. A is a signed permutation, so its inverse is its transpose.
        let size = 4
        let origin = storedPixel(x: 0, y: 0, w: size, h: size)
        let alongX = storedPixel(x: 1, y: 0, w: size, h: size)
        let alongY = storedPixel(x: 0, y: 1, w: size, h: size)
        let a11 = Double(alongX.x - origin.x), a21 = Double(alongX.y - origin.y)
        let a12 = Double(alongY.x - origin.x), a22 = Double(alongY.y - origin.y)
        // The offset for the real size: each flipped axis ends at the far edge, w or h.
        let bx = a11 + a12 < 0 ? w : 0, by = a21 + a22 < 0 ? h : 0
        // s = A d + b  =>  d = Aᵀ (s - b).
        return (xx: a11, yx: a12, xy: a21, yy: a22, x0: -(a11 * bx + a21 * by), y0: -(a12 * bx + a22 * by))
    }
}
