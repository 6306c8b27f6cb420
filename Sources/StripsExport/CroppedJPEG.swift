import StripsCore
import StripsPictures
import StripsRender

/// A corrected JPEG page that keeps the file's bytes in a PDF (issue 21): the recipe says its
/// steps are a page transform (`SourceKeeping.transformed`: an upright rectangle crop, a
/// straighten), which the PDF does over the JPEG as it is. Pages whose recipe needs new pixels are
/// resampled once from the full-size picture and stored as a JPEG of `flattenedQuality`.
enum CroppedJPEG {
    static let flattenedQuality = 92

    /// What `page` shows of `picture` under `transform`, or nil when it cannot be drawn that way
    /// (a crop of less than a pixel, a page of no size): then it is saved as new pixels.
    static func view(_ picture: Picture, _ page: ExportPage, _ transform: PageTransform) -> JPEGView? {
        let stored = Size(width: Double(picture.width), height: Double(picture.height))
        let upright = picture.orientation.swapsAxes ? Size(width: stored.height, height: stored.width) : stored
        // The crop is in the picture's size as the document showed it: the same file, so the same size.
        let shown = page.pixelSize ?? upright
        guard shown.width > 0, shown.height > 0 else { return nil }
        let crop = (transform.crop ?? Quad(whole: shown)).scaled(from: shown, to: upright)
        guard let rectangle = crop.uprightRectangle, rectangle.width >= 1, rectangle.height >= 1 else { return nil }
        let size = page.corrections.pixels.correctedSize(of: shown)
        let pageSize = Size(width: (size.width * upright.width / shown.width).rounded(), height: (size.height * upright.height / shown.height).rounded())
        guard pageSize.width >= 1, pageSize.height >= 1 else { return nil }
        var fill = (1.0, 1.0, 1.0)
        if transform.straighten != 0, case .success(let small) = PageReader().decode(.picture(path: picture.file.path), limit: PixelLimit(width: 512, height: 512), fast: true) {
            let (r, g, b) = PageRenderer.paperColour(of: small.pixels, crop: crop, sourceSize: upright)
            fill = (Double(r) / 255, Double(g) / 255, Double(b) / 255)
        }
        return JPEGView(crop: rectangle, page: pageSize, straighten: transform.straighten, fill: fill)
    }
}
