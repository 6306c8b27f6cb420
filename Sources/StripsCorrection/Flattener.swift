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
    public static func flatten(_ picture: PixelBuffer, quad: Quad, size: Size, threads: Int = 1) -> PixelBuffer? {
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
        return Resampler.resample(source, width: w, height: h, outputToSource: map, outside: .edge, threads: threads)
    }

    /// A page made in one resampling: output pixel (x, y) shows `picture` at `outputToSource` of
    /// (x + 0.5, y + 0.5) (past the picture's edge, the edge's colour). With `page`, pixels whose
    /// point, mapped by `page.outputToPage`, falls outside the page's `0...size` are `page.fill`
    /// (the corners a straighten turn uncovers). A flatten and a straighten composed this way are
    /// one pass instead of two, and a page is resampled once. `threads` splits the rows.
    public static func warp(_ picture: PixelBuffer, width: Int, height: Int, outputToSource: Homography,
                            page: (outputToPage: Homography, size: Size, fill: [UInt8])? = nil, threads: Int = 1) -> PixelBuffer? {
        guard width >= 1, height >= 1, !width.multipliedReportingOverflow(by: height).overflow, width * height <= maximumPixels,
              !picture.isEmpty else { return nil }
        let bounds = page.map { Resampler.Bounds(outputToPage: $0.outputToPage, size: $0.size, fill: $0.fill) }
        return Resampler.resample(picture, width: width, height: height, outputToSource: outputToSource, outside: .edge,
                                  bounds: bounds, threads: threads)
    }

    /// As `warp(_:width:height:outputToSource:page:threads:)` for a map that is no homography (a
    /// curved page laid flat: `RecipeGeometry.source(of:)`): asked on a grid every few pixels and
    /// taken linearly between, the samples bicubic as for every other page.
    public static func warp(_ picture: PixelBuffer, width: Int, height: Int, outputToSource: (Point) -> Point,
                            page: (outputToPage: Homography, size: Size, fill: [UInt8])? = nil, threads: Int = 1) -> PixelBuffer? {
        guard width >= 1, height >= 1, !width.multipliedReportingOverflow(by: height).overflow, width * height <= maximumPixels,
              !picture.isEmpty else { return nil }
        let bounds = page.map { Resampler.Bounds(outputToPage: $0.outputToPage, size: $0.size, fill: $0.fill) }
        return Resampler.resample(picture, width: width, height: height, outputToSource: outputToSource, bounds: bounds, threads: threads)
    }

    /// As `warp(_:width:height:outputToSource:page:threads:)` for a curved page drawn by scaling
    /// alone (no crop's perspective, no turn), its map in leptonica's two steps: the picture's
    /// column of each output point, then the picture's row at that column and output row
    /// (`Resampler`'s two passes of four taps).
    public static func warp(_ picture: PixelBuffer, width: Int, height: Int, column: (Point) -> Double,
                            row: (Double, Double) -> Double, threads: Int = 1) -> PixelBuffer? {
        guard width >= 1, height >= 1, !width.multipliedReportingOverflow(by: height).overflow, width * height <= maximumPixels,
              !picture.isEmpty else { return nil }
        return Resampler.resample(picture, width: width, height: height, column: column, row: row, threads: threads)
    }
}
