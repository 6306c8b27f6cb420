/// The pixel size of the page flattened from `quad` in a picture of `pictureSize`: the page's
/// estimated (and snapped) aspect, at the picture's own pixel density where the page is nearest
/// the camera (neither side gets fewer pixels than the longer of its two edges in the photo).
/// A quad that is an upright rectangle keeps its size exactly, so a plain crop is not resampled.
/// Total and cheap: whole numbers of at least 1, never NaN, for any input; a quad that is not
/// finite gives the picture's size, a degenerate one its edge lengths.
public func flattenedSize(quad: Quad, pictureSize: Size) -> Size {
    func whole(_ v: Double) -> Double { v.isFinite ? max(1, v.rounded()) : 1 }
    let picture = Size(width: whole(pictureSize.width), height: whole(pictureSize.height))
    guard quad.isFinite else { return picture }
    let pictureDiagonal = (picture.width * picture.width + picture.height * picture.height).squareRoot()
    // A page never needs more than twice the picture's diagonal a side; corners far outside the
    // picture must not ask for gigapixels.
    let limit = max(2 * pictureDiagonal, 1)

    let e = quad.edgeLengths
    let w0 = max(e.top, e.bottom), h0 = max(e.left, e.right)
    if let rect = uprightRectangle(quad) {
        return Size(width: whole(min(rect.width, limit)), height: whole(min(rect.height, limit)))
    }
    guard quad.isConvex, w0 >= 1, h0 >= 1 else {
        return Size(width: whole(min(w0, limit)), height: whole(min(h0, limit)))
    }
    let aspect = PageAspect.snapped(quad: quad, pictureSize: picture)
    var width = max(w0, h0 * aspect)
    var height = width / aspect
    let over = max(width, height) / limit
    if over > 1 { width /= over; height /= over }
    return Size(width: whole(width), height: whole(height))
}

/// The rectangle when the quad's corners are those of an upright rectangle (within a tenth of a
/// pixel), else nil.
private func uprightRectangle(_ q: Quad) -> Rect? {
    let tolerance = 0.1
    guard abs(q.topLeft.y - q.topRight.y) < tolerance, abs(q.bottomLeft.y - q.bottomRight.y) < tolerance,
          abs(q.topLeft.x - q.bottomLeft.x) < tolerance, abs(q.topRight.x - q.bottomRight.x) < tolerance,
          q.topRight.x > q.topLeft.x, q.bottomLeft.y > q.topLeft.y else { return nil }
    return Rect(x: q.topLeft.x, y: q.topLeft.y, width: q.topRight.x - q.topLeft.x, height: q.bottomLeft.y - q.topLeft.y)
}
