import StripsCore
import StripsPictures
import StripsRender

/// Which corrected pages of a JPEG keep the file's bytes in a PDF (issue 21): a crop that is an
/// upright rectangle (or none) with any straighten, in the original look, is drawn by the page
/// transform and a clip over the JPEG as it is. Other corrections are resampled once from the
/// full-size picture and stored as a JPEG of `flattenedQuality`.
enum CroppedJPEG {
    static let flattenedQuality = 92

    /// The crop and turn `page` shows of `picture`, or nil when they need new pixels.
    static func view(_ picture: Picture, _ page: ExportPage) -> JPEGView? {
        let c = page.corrections
        guard !c.onlyTurns, c.look == .original, c.straighten.isFinite else { return nil }
        let stored = Size(width: Double(picture.width), height: Double(picture.height))
        let upright = picture.orientation.swapsAxes ? Size(width: stored.height, height: stored.width) : stored
        // The crop is in the picture's size as the document showed it: the same file, so the same size.
        let shown = page.pixelSize ?? upright
        guard shown.width > 0, shown.height > 0 else { return nil }
        let quad = (c.crop ?? Quad(whole: shown)).scaled(from: shown, to: upright)
        guard let crop = rectangle(quad), crop.width >= 1, crop.height >= 1 else { return nil }
        let size = c.pixels.correctedSize(of: shown)
        let pageSize = Size(width: (size.width * upright.width / shown.width).rounded(), height: (size.height * upright.height / shown.height).rounded())
        guard pageSize.width >= 1, pageSize.height >= 1 else { return nil }
        var fill = (1.0, 1.0, 1.0)
        if c.straighten != 0, case .success(let small) = PageReader().decode(.picture(path: picture.file.path), limit: PixelLimit(width: 512, height: 512), fast: true) {
            let (r, g, b) = PageRenderer.paperColour(of: small.pixels, crop: quad, sourceSize: upright)
            fill = (Double(r) / 255, Double(g) / 255, Double(b) / 255)
        }
        return JPEGView(crop: crop, page: pageSize, straighten: c.straighten, fill: fill)
    }

    /// The rectangle `quad` is when its sides are level and plumb (to a thousandth of a pixel).
    static func rectangle(_ quad: Quad) -> Rect? {
        let e = 1e-3
        guard abs(quad.topLeft.y - quad.topRight.y) < e, abs(quad.bottomLeft.y - quad.bottomRight.y) < e,
              abs(quad.topLeft.x - quad.bottomLeft.x) < e, abs(quad.topRight.x - quad.bottomRight.x) < e,
              quad.topRight.x > quad.topLeft.x, quad.bottomLeft.y > quad.topLeft.y else { return nil }
        return Rect(x: quad.topLeft.x, y: quad.topLeft.y, width: quad.topRight.x - quad.topLeft.x, height: quad.bottomLeft.y - quad.topLeft.y)
    }
}
