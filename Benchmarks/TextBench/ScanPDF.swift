import CCairo
import Foundation
import StripsLooks

/// A PDF of one scan page the way a saver makes it: the picture's encoded bytes embedded as they
/// are (cairo's mime data: a JPEG, or CCITT G4), the page the picture's size at its resolution.
enum ScanPDF {
    static func write(_ image: PDFImage, dpi: Double, to path: String) throws {
        let scale = 72 / dpi
        let surface = cairo_pdf_surface_create(path, Double(image.width) * scale, Double(image.height) * scale)
        let cr = cairo_create(surface)
        let format = image.filter == .ccittFax ? CAIRO_FORMAT_A1 : CAIRO_FORMAT_RGB24
        let picture = cairo_image_surface_create(format, Int32(image.width), Int32(image.height))
        guard let type = image.cairoMimeType else { throw CocoaError(.featureUnsupported) }
        attach(image.bytes, as: type, to: picture)
        if let parameters = image.cairoCCITTParameters { attach(Array(parameters.utf8), as: "application/x-cairo.ccitt.params", to: picture) }
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, picture, 0, 0)
        cairo_paint(cr)
        cairo_surface_destroy(picture)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw CocoaError(.fileWriteUnknown) }
    }

    private static func attach(_ bytes: [UInt8], as type: String, to surface: OpaquePointer?) {
        let data = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        data.initialize(from: bytes, count: bytes.count)
        cairo_surface_set_mime_data(surface, type, data, UInt(bytes.count), { $0?.assumingMemoryBound(to: UInt8.self).deallocate() }, data)
    }
}
