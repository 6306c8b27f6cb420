import CPoppler
import CTurboJPEG
import Foundation
import StripsCore

/// A PDF of scanned letter pages, as scanners write them: one 300 dpi JPEG per page (DCTDecode,
/// which cairo embeds as is when the JPEG bytes are attached to the picture).
enum ScanPDF {
    static func write(to path: String, pages: Int) -> String? {
        let w: Int32 = 2550, h: Int32 = 3300
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, w))
        var pixels = [UInt8](repeating: 0, count: stride * Int(h))
        // Off-white paper with grain and dark bars where lines of text would be.
        var state: UInt32 = 7
        for y in 0..<Int(h) {
            let inLine = y > 300 && y < 3000 && (y / 25) % 2 == 0
            for x in 0..<Int(w) {
                state = state &* 1_664_525 &+ 1_013_904_223
                let grain = Int(state >> 28)
                let ink = inLine && x > 300 && x < 2250 && (x / 9) % 5 != 0
                let v = UInt8(ink ? 30 + grain : 235 + grain)
                let i = y * stride + x * 4
                pixels[i] = v; pixels[i + 1] = v; pixels[i + 2] = v; pixels[i + 3] = 255
            }
        }
        guard let tj = tjInitCompress() else { return "libjpeg-turbo could not start" }
        defer { tjDestroy(tj) }
        var jpeg: UnsafeMutablePointer<UInt8>?
        var jpegSize: UInt = 0
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(tj, $0.baseAddress, w, Int32(stride), h, Int32(TJPF_BGRX.rawValue), &jpeg, &jpegSize, Int32(TJSAMP_420.rawValue), 85, 0)
        }
        guard status == 0, let jpeg else { return "cannot encode the scan" }
        defer { tjFree(jpeg) }
        let surface = cairo_pdf_surface_create(path, 612, 792)
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return "cannot write \(path)" }
        defer { cairo_destroy(cr) }
        return pixels.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let image = cairo_image_surface_create_for_data(buffer.baseAddress, CAIRO_FORMAT_RGB24, w, h, Int32(stride)) else { return "no image" }
            defer { cairo_surface_destroy(image) }
            cairo_surface_set_mime_data(image, CAIRO_MIME_TYPE_JPEG, jpeg, UInt(jpegSize), nil, nil)
            for _ in 0..<pages {
                cairo_save(cr)
                cairo_scale(cr, 72.0 / 300, 72.0 / 300)
                cairo_set_source_surface(cr, image, 0, 0)
                cairo_paint(cr)
                cairo_restore(cr)
                cairo_show_page(cr)
            }
            cairo_surface_finish(surface)
            return cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS ? nil : "cannot write \(path)"
        }
    }
}
