import CCairo
import Foundation
import StripsPictures

/// Writes pages as one PDF through cairo, a page per picture, each page the picture's shape.
/// JPEGs go in byte for byte (cairo's JPEG pass-through: the file becomes the page's DCTDecode
/// image stream) with orientation and rotation done by the page transform; other pictures are
/// decoded and embedded losslessly (Flate).
enum PDFWriter {
    static func write(_ pages: [ExportPage], to output: OutputFile, progress: (Int) -> Void) throws(SaveError) {
        let sink = Unmanaged.passUnretained(output).toOpaque()
        guard let pdf = cairo_pdf_surface_create_for_stream(writeToOutput, sink, 595, 842) else {
            throw SaveError(output.subject, "cairo could not start a PDF")
        }
        defer { cairo_surface_destroy(pdf) }
        cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATOR, "Strips")
        for (index, page) in pages.enumerated() {
            try draw(try Picture.load(page), turns: page.turns, on: pdf)
            try check(pdf, output)
            progress(index + 1)
        }
        cairo_surface_finish(pdf)
        try check(pdf, output)
    }

    private static func check(_ pdf: OpaquePointer, _ output: OutputFile) throws(SaveError) {
        if let failure = output.failure { throw failure }
        let status = cairo_surface_status(pdf)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw SaveError(output.subject, "cairo could not write the PDF (\(String(cString: cairo_status_to_string(status))))")
        }
    }

    /// One page: sized by `PageSize`, the picture mapped onto it by its EXIF orientation and the
    /// user's turns combined.
    private static func draw(_ picture: Picture, turns: Int, on pdf: OpaquePointer) throws(SaveError) {
        let orientation = picture.orientation.turned(clockwise: turns)
        let stored = PageSize.points(width: picture.width, height: picture.height, dpi: picture.dpi)
        let page = orientation.swapsAxes ? (width: stored.height, height: stored.width) : stored
        cairo_pdf_surface_set_size(pdf, page.width, page.height)

        // The decoded pixels (when there are any) must outlive the page: cairo reads them in
        // cairo_show_page.
        var decoded: DecodedPixels?
        let image: OpaquePointer
        if let jpeg = picture.jpeg, jpeg.isEmbeddable {
            image = try jpegSurface(picture)
        } else {
            let pixels = try DecodedPixels(picture)
            guard pixels.width == picture.width, pixels.height == picture.height else {
                throw SaveError(picture.name, "the decoded picture is \(pixels.width) x \(pixels.height), its header says \(picture.width) x \(picture.height)")
            }
            image = try pixelSurface(pixels, name: picture.name)
            decoded = pixels
        }
        defer { cairo_surface_destroy(image) }

        guard let cr = cairo_create(pdf) else { throw SaveError(picture.name, "cairo could not draw") }
        defer { cairo_destroy(cr) }
        // Page points <- displayed pixels <- stored pixels <- the image surface's own pixels.
        let displayed = orientation.swapsAxes ? (width: picture.height, height: picture.width) : (width: picture.width, height: picture.height)
        cairo_scale(cr, page.width / Double(displayed.width), page.height / Double(displayed.height))
        let m = orientation.storedToDisplayed(width: Double(picture.width), height: Double(picture.height))
        var matrix = cairo_matrix_t(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
        cairo_transform(cr, &matrix)
        cairo_scale(cr, Double(picture.width) / Double(cairo_image_surface_get_width(image)),
                    Double(picture.height) / Double(cairo_image_surface_get_height(image)))
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint(cr)
        cairo_show_page(cr)
        withExtendedLifetime(decoded) {}
    }

    /// A one-pixel image surface carrying the whole JPEG file as its JPEG data: cairo writes that
    /// data as the image stream (with the JPEG's own size) and never looks at the pixel. A
    /// full-size surface would cost a 48 MB allocation per 12 MP page, and cairo copies it when
    /// the page's snapshot of it is released: ten times slower.
    private static func jpegSurface(_ picture: Picture) throws(SaveError) -> OpaquePointer {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw SaveError(picture.name, "out of memory")
        }
        let owner = Unmanaged.passRetained(picture.file).toOpaque()
        let status = cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_JPEG, picture.file.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                                 UInt(picture.file.bytes.count), releaseSource, owner)
        guard status == CAIRO_STATUS_SUCCESS else {
            Unmanaged<SourceFile>.fromOpaque(owner).release()
            cairo_surface_destroy(surface)
            throw SaveError(picture.name, "cairo refused the JPEG data")
        }
        return surface
    }

    /// An image surface of decoded pixels: RGB24 when opaque (B, G, R, A and cairo's RGB24 share
    /// the layout, the rows are copied as they are), else a premultiplied ARGB32 copy.
    private static func pixelSurface(_ decoded: DecodedPixels, name: String) throws(SaveError) -> OpaquePointer {
        let w = Int32(decoded.width), h = Int32(decoded.height)
        guard let surface = cairo_image_surface_create(decoded.isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, w, h),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(surface) else {
            throw SaveError(name, "out of memory for a \(w) x \(h) page")
        }
        let stride = Int(cairo_image_surface_get_stride(surface)), rowBytes = decoded.pitch
        decoded.pixels.bytes.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for y in 0..<Int(h) {
                let to = UnsafeMutableRawPointer(target).advanced(by: y * stride)
                if decoded.isOpaque {
                    to.copyMemory(from: base + y * rowBytes, byteCount: rowBytes)
                    continue
                }
                let from = (base + y * rowBytes).assumingMemoryBound(to: UInt32.self), words = to.assumingMemoryBound(to: UInt32.self)
                for x in 0..<Int(w) { words[x] = premultiplied(from[x]) }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    private static func premultiplied(_ argb: UInt32) -> UInt32 {
        let a = argb >> 24
        if a == 0xFF { return argb }
        func channel(_ shift: UInt32) -> UInt32 { ((((argb >> shift) & 0xFF) * a + 127) / 255) << shift }
        return a << 24 | channel(16) | channel(8) | channel(0)
    }
}

/// cairo's write callback: into the OutputFile passed as the closure. A failure is kept by the
/// OutputFile and reported to cairo, which then stops writing.
private func writeToOutput(_ closure: UnsafeMutableRawPointer?, _ data: UnsafePointer<UInt8>?, _ length: UInt32) -> cairo_status_t {
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let output = Unmanaged<OutputFile>.fromOpaque(closure).takeUnretainedValue()
    output.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
    return output.failure == nil ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
}

/// cairo's destroy callback for JPEG data: the source file's bytes may go.
private func releaseSource(_ owner: UnsafeMutableRawPointer?) {
    guard let owner else { return }
    Unmanaged<SourceFile>.fromOpaque(owner).release()
}
