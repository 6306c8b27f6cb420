import StripsCore
import StripsPictures

/// A page photographed as a quad, made a rectangle: the perspective undone by the homography from
/// the output rectangle to the quad, every output pixel sampled bicubically from the source.
/// Pure; safe on any thread.
public enum Flattener {
    /// The largest output this makes, in pixels (a 600 dpi A3 page is 70 MP).
    public static let maximumPixels = 200_000_000

    /// The page inside `quad` (in `picture`'s own pixels) as a `size` picture (whole numbers,
    /// usually `flattenedSize(quad:pictureSize:)`) of the picture's format. A picture decoded
    /// smaller takes the quad scaled to it (`Quad.scaled(from:to:)`) and a smaller size, so a
    /// thumbnail is the same page as the saved one. When the output has far fewer pixels than the
    /// quad covers, the picture is first box-averaged to about twice the output's density, so a
    /// small flattening of a large picture does not alias. Nil for a quad with no projective map
    /// (three corners in a line, a point not finite) or a size that is empty or too large.
    public static func flatten(_ picture: PixelBuffer, quad: Quad, size: Size) -> PixelBuffer? {
        guard size.width.isFinite, size.height.isFinite, !picture.isEmpty else { return nil }
        let (w, h) = (Int(size.width.rounded()), Int(size.height.rounded()))
        guard w >= 1, h >= 1, w.multipliedReportingOverflow(by: h).overflow == false, w * h <= maximumPixels else { return nil }
        var source = picture
        var pageQuad = quad
        let shrink = Int((quad.area / Double(w * h)).squareRoot() / 2)
        if shrink >= 2, picture.width / shrink >= 4, picture.height / shrink >= 4 {
            source = picture.boxReduced(by: shrink)
            pageQuad = quad.map { Point(x: $0.x / Double(shrink), y: $0.y / Double(shrink)) }
        }
        guard let map = Homography(rectangle: Size(width: Double(w), height: Double(h)), to: pageQuad) else { return nil }
        return Resampler.resample(source, width: w, height: h, outputToSource: map, outside: .edge)
    }
}
