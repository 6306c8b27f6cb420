import CPoppler
import Foundation
import StripsCore

/// How a page lands on pixels: the output size for a box or a resolution, and the cairo transform
/// that draws poppler's page (its own /Rotate already applied) turned by extra quarter turns.
struct PDFPageRaster: Hashable, Sendable {
    /// Larger requests are refused rather than allocated (the same limits as for pictures).
    static let maxPixels = 100_000_000
    static let maxSide = 30_000

    var page: Size
    /// Clockwise, like PDF's /Rotate; any integer, taken modulo 4.
    var quarterTurns: Int
    var width: Int
    var height: Int

    /// The page's shape after the extra turns.
    static func shown(_ page: Size, quarterTurns: Int) -> Size {
        quarterTurns.isOdd ? Size(width: page.height, height: page.width) : page
    }

    /// The largest raster of the page's shape that fits `maxWidth` x `maxHeight`.
    static func fitting(_ page: Size, quarterTurns: Int, maxWidth: Int, maxHeight: Int) -> Result<PDFPageRaster, PDFFailure> {
        guard maxWidth > 0, maxHeight > 0 else { return .failure(PDFFailure("nothing to render into (\(maxWidth) x \(maxHeight) pixels)")) }
        let shown = shown(page, quarterTurns: quarterTurns)
        let scale = min(Double(maxWidth) / shown.width, Double(maxHeight) / shown.height)
        return sized(page, quarterTurns: quarterTurns, width: shown.width * scale, height: shown.height * scale)
    }

    /// The page at `dpi` dots per inch (72 is one pixel a point).
    static func atResolution(_ page: Size, quarterTurns: Int, dpi: Double) -> Result<PDFPageRaster, PDFFailure> {
        guard dpi.isFinite, dpi > 0 else { return .failure(PDFFailure("no resolution (\(dpi) dpi)")) }
        let shown = shown(page, quarterTurns: quarterTurns)
        return sized(page, quarterTurns: quarterTurns, width: shown.width * dpi / 72, height: shown.height * dpi / 72)
    }

    private static func sized(_ page: Size, quarterTurns: Int, width: Double, height: Double) -> Result<PDFPageRaster, PDFFailure> {
        guard width.isFinite, height.isFinite, width <= Double(maxSide), height <= Double(maxSide) else {
            return .failure(PDFFailure("too large to render: \(Int(min(width, 1e9))) x \(Int(min(height, 1e9))) pixels"))
        }
        let w = max(1, Int(width.rounded())), h = max(1, Int(height.rounded()))
        guard w * h <= maxPixels else { return .failure(PDFFailure("too large to render: \(w) x \(h) pixels")) }
        return .success(PDFPageRaster(page: page, quarterTurns: quarterTurns, width: w, height: h))
    }

    /// Maps page points (y down, as poppler draws) onto the raster, turned clockwise.
    func apply(to cr: OpaquePointer) {
        let turns = ((quarterTurns % 4) + 4) % 4
        let w = Double(width), h = Double(height)
        switch turns {
        case 1:
            cairo_translate(cr, w, 0)
            cairo_rotate(cr, Double.pi / 2)
            cairo_scale(cr, h / page.width, w / page.height)
        case 2:
            cairo_translate(cr, w, h)
            cairo_rotate(cr, Double.pi)
            cairo_scale(cr, w / page.width, h / page.height)
        case 3:
            cairo_translate(cr, 0, h)
            cairo_rotate(cr, -Double.pi / 2)
            cairo_scale(cr, h / page.width, w / page.height)
        default:
            cairo_scale(cr, w / page.width, h / page.height)
        }
    }

    /// Draws the page onto white paper in a cairo image surface of this raster's size, or, with
    /// `offset`, the part of the raster from that pixel on into a smaller surface.
    func draw(_ popplerPage: OpaquePointer, on surface: OpaquePointer, offset: (x: Double, y: Double) = (0, 0)) -> PDFFailure? {
        guard let cr = cairo_create(surface) else { return PDFFailure("out of memory") }
        defer { cairo_destroy(cr) }
        // PDF pages are transparent: the paper is ours to paint.
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_translate(cr, -offset.x, -offset.y)
        apply(to: cr)
        _ = PopplerLog.capturing { poppler_page_render(popplerPage, cr) }
        cairo_surface_flush(surface)
        let status = cairo_status(cr)
        return status == CAIRO_STATUS_SUCCESS ? nil : PDFFailure("cannot render: \(String(cString: cairo_status_to_string(status)))")
    }
}

private extension Int {
    var isOdd: Bool { self % 2 != 0 }
}
