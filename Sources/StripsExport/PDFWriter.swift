import CCairo
import Foundation
import StripsCore
import StripsFiles
import StripsLooks
import StripsPDF
import StripsPictures

/// One page of a PDF that cairo writes.
enum CairoPage {
    /// A JPEG's bytes as the page's image stream (cairo's JPEG pass-through: never re-compressed),
    /// shown as `orientation` says by the page transform, on a page of `size` points.
    case jpeg(Picture, Orientation, size: (width: Double, height: Double))
    /// Pixels embedded losslessly (Flate), turned `turns` quarter turns clockwise by the page
    /// transform, on a page of `size` points (the turned shape).
    case pixels(PixelBuffer, turns: Int, size: (width: Double, height: Double))
    /// A page in a look, encoded compactly (`PageImageEncoder`: a JPEG, or CCITT G4 for black and
    /// white) and embedded as those bytes, turned and placed as `pixels` is.
    case encoded(PDFImage, turns: Int, size: (width: Double, height: Double))
    /// A JPEG made for the page (a scan: `ScanPageImage`) as its image stream, turned and sized as `pixels`.
    case encodedJPEG([UInt8], turns: Int, size: (width: Double, height: Double))
    /// Black and white at 1 bit (a line-art scan, grey pixels of 0 and 255): black painted
    /// through a 1-bit stencil on a white page, turned and sized as `pixels`.
    case lineArt(PixelBuffer, turns: Int, size: (width: Double, height: Double))
    /// A page in the colour or grey look as mixed raster content (`MixedRaster`): its background
    /// JPEG stretched over the page, then each ink colour painted through its 1-bit G4 mask (a PDF
    /// stencil mask), turned and placed as `pixels` is.
    case mixedRaster(MixedRasterPage, turns: Int, size: (width: Double, height: Double))
    /// A JPEG's bytes as the image stream with the page's rectangle crop and fine turn done by
    /// the page transform and a clip (`exif` shows it upright), then turned `turns` quarter turns:
    /// a cropped or straightened photo keeps its own bytes.
    case croppedJPEG(Picture, exif: Orientation, view: JPEGView, turns: Int, size: (width: Double, height: Double))

    /// The page's size in points, as it is shown.
    var size: (width: Double, height: Double) {
        switch self {
        case .jpeg(_, _, let size), .pixels(_, _, let size), .encoded(_, _, let size), .encodedJPEG(_, _, let size), .lineArt(_, _, let size),
             .croppedJPEG(_, _, _, _, let size), .mixedRaster(_, _, let size):
            return size
        }
    }
}

/// What a page shows of a JPEG without re-encoding it (issue 21's quality rule).
struct JPEGView {
    /// The rectangle of the upright picture (its pixels) the page is made of.
    var crop: Rect
    /// The corrected page's size in pixels (`PixelRecipe.correctedSize`), which the crop fills.
    var page: Size
    /// Degrees counter-clockwise, about the page's centre.
    var straighten: Double
    /// What the corners a turn uncovers are filled with (red, green, blue, 0...1).
    var fill: (Double, Double, Double)
}

/// Writes pages as one PDF through cairo into a `WholeFile`, each page made just before it is
/// drawn, so only one page's pixels are in memory at a time.
enum PDFWriter {
    static func write(count: Int, into file: WholeFile, destination: String, page: (Int) throws(SaveError) -> CairoPage,
                      drawn: (Int) -> Void) throws(SaveError) {
        let folder = Destination.parentFolder(of: destination)
        func check(_ pdf: OpaquePointer) throws(SaveError) {
            if let failure = file.failure { throw SaveError.writing(destination, failure, folder: folder) }
            let status = cairo_surface_status(pdf)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw SaveError(destination, HostMessage(trLater("cairo could not write the PDF (%s)"), String(cString: cairo_status_to_string(status))))
            }
        }
        guard let pdf = cairo_pdf_surface_create_for_stream(writeToFile, Unmanaged.passUnretained(file).toOpaque(), 595, 842) else {
            throw SaveError(destination, HostMessage(trLater("cairo could not start a PDF")))
        }
        defer { cairo_surface_destroy(pdf) }
        cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATOR, "Strips")
        // cairo dates its file now unless told; the text overlay's /ID is a digest of this file, and
        // the published file keeps that /ID: the save's time (SOURCE_DATE_EPOCH when set) keeps a
        // document with text the same bytes from one save of the same pages to the next.
        cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATE_DATE, cairoDate(PDFMetadata.saveTime()))
        for index in 0..<count {
            try draw(try page(index), on: pdf, destination: destination)
            try check(pdf)
            drawn(index + 1)
        }
        cairo_surface_finish(pdf)
        try check(pdf)
    }

    private static func draw(_ page: CairoPage, on pdf: OpaquePointer, destination: String) throws(SaveError) {
        switch page {
        case .jpeg(let picture, let orientation, let size):
            let image = try jpegSurface(picture, destination: destination)
            defer { cairo_surface_destroy(image) }
            // Page points <- displayed pixels <- stored pixels.
            let displayed = orientation.swapsAxes ? (width: picture.height, height: picture.width) : (width: picture.width, height: picture.height)
            let m = orientation.storedToDisplayed(width: Double(picture.width), height: Double(picture.height))
            var matrix = cairo_matrix_t(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
            try paint(image, on: pdf, size: size, destination: destination) { cr in
                cairo_scale(cr, size.width / Double(displayed.width), size.height / Double(displayed.height))
                cairo_transform(cr, &matrix)
                // The one-pixel stand-in surface stretched over the whole stored picture.
                cairo_scale(cr, Double(picture.width), Double(picture.height))
            }
        case .pixels(let pixels, let turns, let size):
            let image = try pixelSurface(pixels, destination: destination)
            defer { cairo_surface_destroy(image) }
            try paint(image, on: pdf, size: size, destination: destination) { cr in
                turn(cr, turns: turns, size: size, pictureWidth: Double(pixels.width), pictureHeight: Double(pixels.height))
            }
        case .encoded(let encoded, let turns, let size):
            let (image, side) = try encodedSurface(encoded, destination: destination)
            defer { cairo_surface_destroy(image) }
            try paint(image, on: pdf, size: size, destination: destination) { cr in
                turn(cr, turns: turns, size: size, pictureWidth: Double(encoded.width), pictureHeight: Double(encoded.height))
                // A JPEG's stand-in surface is one pixel: stretched over the whole picture.
                cairo_scale(cr, Double(encoded.width) / Double(side.width), Double(encoded.height) / Double(side.height))
            }
        case .encodedJPEG(let bytes, let turns, let size):
            let image = try encodedJPEGSurface(bytes, destination: destination)
            defer { cairo_surface_destroy(image) }
            // The one-pixel stand-in stretched over the whole picture.
            try paint(image, on: pdf, size: size, destination: destination) { cr in turn(cr, turns: turns, size: size, pictureWidth: 1, pictureHeight: 1) }
        case .croppedJPEG(let picture, let exif, let view, let turns, let size):
            let image = try jpegSurface(picture, destination: destination)
            defer { cairo_surface_destroy(image) }
            let m = exif.storedToDisplayed(width: Double(picture.width), height: Double(picture.height))
            var matrix = cairo_matrix_t(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
            cairo_pdf_surface_set_size(pdf, size.width, size.height)
            guard let cr = cairo_create(pdf) else { throw SaveError(destination, HostMessage(trLater("cairo could not draw"))) }
            defer { cairo_destroy(cr) }
            // Page points <- the corrected page's pixels (the quarter turns).
            let (w, h) = (view.page.width, view.page.height)
            turn(cr, turns: turns, size: size, pictureWidth: w, pictureHeight: h)
            cairo_rectangle(cr, 0, 0, w, h)
            cairo_clip(cr)
            if view.straighten != 0 {
                cairo_set_source_rgb(cr, view.fill.0, view.fill.1, view.fill.2)
                cairo_paint(cr)
                // Counter-clockwise on the page is negative in cairo's y-down space.
                cairo_translate(cr, w / 2, h / 2)
                cairo_rotate(cr, -view.straighten * Double.pi / 180)
                cairo_translate(cr, -w / 2, -h / 2)
            }
            // <- the upright picture's pixels (the crop) <- stored pixels <- the one-pixel stand-in.
            cairo_scale(cr, w / view.crop.width, h / view.crop.height)
            cairo_translate(cr, -view.crop.minX, -view.crop.minY)
            cairo_transform(cr, &matrix)
            cairo_scale(cr, Double(picture.width), Double(picture.height))
            cairo_set_source_surface(cr, image, 0, 0)
            cairo_paint(cr)
            cairo_show_page(cr)
        case .mixedRaster(let page, let turns, let size):
            try drawMixedRaster(page, turns: turns, size: size, on: pdf, destination: destination)
        case .lineArt(let grey, let turns, let size):
            let mask = try stencilSurface(grey, destination: destination)
            defer { cairo_surface_destroy(mask) }
            cairo_pdf_surface_set_size(pdf, size.width, size.height)
            guard let cr = cairo_create(pdf) else { throw SaveError(destination, HostMessage(trLater("cairo could not draw"))) }
            defer { cairo_destroy(cr) }
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            turn(cr, turns: turns, size: size, pictureWidth: Double(grey.width), pictureHeight: Double(grey.height))
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_mask_surface(cr, mask, 0, 0)
            cairo_show_page(cr)
        }
    }

    private static func drawMixedRaster(_ page: MixedRasterPage, turns: Int, size: (width: Double, height: Double), on pdf: OpaquePointer,
                                        destination: String) throws(SaveError) {
        let background = try encodedJPEGSurface(page.background.bytes, destination: destination)
        defer { cairo_surface_destroy(background) }
        var masks: [OpaquePointer] = []
        defer { masks.forEach { cairo_surface_destroy($0) } }
        for layer in page.layers { masks.append(try maskSurface(layer.mask, destination: destination)) }
        cairo_pdf_surface_set_size(pdf, size.width, size.height)
        guard let cr = cairo_create(pdf) else { throw SaveError(destination, HostMessage(trLater("cairo could not draw"))) }
        defer { cairo_destroy(cr) }
        // Page points <- the page picture's pixels, the space every layer is placed in.
        turn(cr, turns: turns, size: size, pictureWidth: Double(page.width), pictureHeight: Double(page.height))
        cairo_save(cr)
        // The background's one-pixel stand-in stretched over the whole page.
        cairo_scale(cr, Double(page.width), Double(page.height))
        cairo_set_source_surface(cr, background, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
        for (layer, mask) in zip(page.layers, masks) {
            cairo_set_source_rgb(cr, Double(layer.colour.red) / 255, Double(layer.colour.green) / 255, Double(layer.colour.blue) / 255)
            guard let pattern = cairo_pattern_create_for_surface(mask) else { throw SaveError(destination, HostMessage(trLater("out of memory"))) }
            // Whole mask pixels on whole page pixels: nothing to smooth (PDF's /Interpolate false).
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
            var placement = cairo_matrix_t()
            cairo_matrix_init_translate(&placement, -Double(layer.x), -Double(layer.y))
            cairo_pattern_set_matrix(pattern, &placement)
            cairo_mask(cr, pattern)
            cairo_pattern_destroy(pattern)
        }
        cairo_show_page(cr)
    }

    /// An A1 surface of a G4 mask's size carrying its bytes as cairo's CCITT mime data: painted
    /// through with `cairo_mask`, cairo writes it as a stencil mask (an `/ImageMask`) whose stream
    /// is those bytes, black painting (cairo's stencil decodes 1 as paint: BlackIs1).
    private static func maskSurface(_ mask: PDFImage, destination: String) throws(SaveError) -> OpaquePointer {
        guard mask.filter == .ccittFax, let surface = cairo_image_surface_create(CAIRO_FORMAT_A1, Int32(mask.width), Int32(mask.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw SaveError(destination, HostMessage(trLater("out of memory for a %s x %s mask"), "\(mask.width)", "\(mask.height)"))
        }
        guard attach(mask.bytes, as: "image/g3fax", to: surface),
              attach(Array("Columns=\(mask.width) Rows=\(mask.height) K=-1 BlackIs1=true".utf8), as: "application/x-cairo.ccitt.params", to: surface) else {
            cairo_surface_destroy(surface)
            throw SaveError(destination, HostMessage(trLater("cairo refused a mask's CCITT data")))
        }
        return surface
    }

    /// The page's corner the picture's top left lands on, then the turn, then the scale that
    /// stretches a picture of that many pixels over the page.
    private static func turn(_ cr: OpaquePointer, turns: Int, size: (width: Double, height: Double), pictureWidth: Double, pictureHeight: Double) {
        let quarter = ((turns % 4) + 4) % 4
        switch quarter {
        case 1: cairo_translate(cr, size.width, 0)
        case 2: cairo_translate(cr, size.width, size.height)
        case 3: cairo_translate(cr, 0, size.height)
        default: break
        }
        cairo_rotate(cr, Double(quarter) * Double.pi / 2)
        let upright = quarter % 2 == 0 ? size : (width: size.height, height: size.width)
        cairo_scale(cr, upright.width / pictureWidth, upright.height / pictureHeight)
    }

    /// A one-pixel image surface carrying a JPEG made for the page as its JPEG data (as
    /// `jpegSurface` does for a source file's).
    private static func encodedJPEGSurface(_ bytes: [UInt8], destination: String) throws(SaveError) -> OpaquePointer {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1), cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let data = malloc(max(1, bytes.count)) else {
            throw SaveError(destination, HostMessage(trLater("out of memory")))
        }
        bytes.withUnsafeBytes { data.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(data), byteCount: bytes.count) }
        let status = cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_JPEG, data.assumingMemoryBound(to: UInt8.self), UInt(bytes.count), free, data)
        guard status == CAIRO_STATUS_SUCCESS else {
            free(data)
            cairo_surface_destroy(surface)
            throw SaveError(destination, HostMessage(trLater("cairo refused the JPEG data")))
        }
        return surface
    }

    /// An A1 surface of a black-and-white picture, 1 where it is black: cairo writes it as a
    /// 1-bit image mask.
    private static func stencilSurface(_ grey: PixelBuffer, destination: String) throws(SaveError) -> OpaquePointer {
        let w = Int32(grey.width), h = Int32(grey.height)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A1, w, h), cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let target = cairo_image_surface_get_data(surface) else {
            throw SaveError(destination, HostMessage(trLater("out of memory for a %s x %s page"), "\(w)", "\(h)"))
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        // cairo packs A1 pixels into words in the machine's order: the first pixel is the low bit here.
        let bits = grey.packedBits(blackIsOne: true, lowBitFirst: UInt16(1).littleEndian == 1, stride: stride)
        bits.withUnsafeBytes { UnsafeMutableRawPointer(target).copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(target), byteCount: min(bits.count, stride * Int(h))) }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    private static func paint(_ image: OpaquePointer, on pdf: OpaquePointer, size: (width: Double, height: Double), destination: String,
                              transform: (OpaquePointer) -> Void) throws(SaveError) {
        cairo_pdf_surface_set_size(pdf, size.width, size.height)
        guard let cr = cairo_create(pdf) else { throw SaveError(destination, HostMessage(trLater("cairo could not draw"))) }
        defer { cairo_destroy(cr) }
        transform(cr)
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint(cr)
        cairo_show_page(cr)
    }

    /// A one-pixel image surface carrying the whole JPEG file as its JPEG data: cairo writes that
    /// data as the image stream (with the JPEG's own size) and never looks at the pixel. A
    /// full-size surface would cost a 48 MB allocation per 12 MP page, and cairo copies it when
    /// the page's snapshot of it is released: ten times slower.
    private static func jpegSurface(_ picture: Picture, destination: String) throws(SaveError) -> OpaquePointer {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw SaveError.page(destination, picture.name, HostMessage(trLater("out of memory")))
        }
        let owner = Unmanaged.passRetained(picture.file).toOpaque()
        let status = cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_JPEG, picture.file.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                                 UInt(picture.file.bytes.count), releaseSource, owner)
        guard status == CAIRO_STATUS_SUCCESS else {
            Unmanaged<SourceFile>.fromOpaque(owner).release()
            cairo_surface_destroy(surface)
            throw SaveError.page(destination, picture.name, HostMessage(trLater("cairo refused the JPEG data")))
        }
        return surface
    }

    /// A surface carrying an encoded page picture as cairo's mime data, which cairo then writes as
    /// the image stream unchanged, and its size in surface pixels. A JPEG (grey or colour) rides
    /// on a one-pixel stand-in (cairo takes the JPEG's own size and colours from its header); CCITT
    /// needs a 1-bit surface of the picture's size (a tenth of its grey bytes) and its parameters
    /// beside it. The surface's own pixels are never written.
    private static func encodedSurface(_ encoded: PDFImage, destination: String) throws(SaveError) -> (OpaquePointer, (width: Int, height: Int)) {
        guard let type = encoded.cairoMimeType else { throw SaveError(destination, HostMessage(trLater("internal: cairo cannot embed %s as it is"), encoded.filter.rawValue)) }
        let ccitt = encoded.filter == .ccittFax
        let side = ccitt ? (width: encoded.width, height: encoded.height) : (width: 1, height: 1)
        guard let surface = cairo_image_surface_create(ccitt ? CAIRO_FORMAT_A1 : CAIRO_FORMAT_RGB24, Int32(side.width), Int32(side.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw SaveError(destination, HostMessage(trLater("out of memory for a %s x %s page"), "\(encoded.width)", "\(encoded.height)"))
        }
        var attached = attach(encoded.bytes, as: type, to: surface)
        if attached, let parameters = encoded.cairoCCITTParameters {
            attached = attach(Array(parameters.utf8), as: "application/x-cairo.ccitt.params", to: surface)
        }
        guard attached else {
            cairo_surface_destroy(surface)
            throw SaveError(destination, HostMessage(trLater("cairo refused the page's %s data"), encoded.filter.rawValue))
        }
        return (surface, side)
    }

    /// Gives cairo a copy of `bytes` as the surface's mime data of `type` (cairo frees it).
    private static func attach(_ bytes: [UInt8], as type: String, to surface: OpaquePointer) -> Bool {
        let data = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        data.initialize(from: bytes, count: bytes.count)
        let status = cairo_surface_set_mime_data(surface, type, data, UInt(bytes.count), freeMimeData, data)
        if status != CAIRO_STATUS_SUCCESS { data.deallocate() }
        return status == CAIRO_STATUS_SUCCESS
    }

    /// An image surface of the pixels: RGB24 when opaque, else premultiplied ARGB32 (both are
    /// B, G, R, A in memory on a little-endian machine, as the buffer is).
    private static func pixelSurface(_ pixels: PixelBuffer, destination: String) throws(SaveError) -> OpaquePointer {
        let w = Int32(pixels.width), h = Int32(pixels.height), opaque = pixels.isOpaque
        guard let surface = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, w, h),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(surface) else {
            throw SaveError(destination, HostMessage(trLater("out of memory for a %s x %s page"), "\(w)", "\(h)"))
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let source = pixels.bgra()
        source.bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            for y in 0..<Int(h) {
                let row = UnsafeMutableRawPointer(target).advanced(by: y * stride)
                // Opaque rows are cairo's RGB24 as they are (it ignores the fourth byte).
                if opaque {
                    row.copyMemory(from: base.advanced(by: y * source.bytesPerRow), byteCount: source.bytesPerRow)
                    continue
                }
                let from = base.advanced(by: y * source.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                let to = row.assumingMemoryBound(to: UInt32.self)
                for x in 0..<Int(w) { to[x] = premultiplied(from[x]) }
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

/// cairo's write callback: into the WholeFile passed as the closure. A failure is kept by the
/// file and reported to cairo, which then stops writing.
private func writeToFile(_ closure: UnsafeMutableRawPointer?, _ data: UnsafePointer<UInt8>?, _ length: UInt32) -> cairo_status_t {
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let file = Unmanaged<WholeFile>.fromOpaque(closure).takeUnretainedValue()
    return file.write(UnsafeRawBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
}

/// cairo's destroy callback for JPEG data: the source file's bytes may go.
private func releaseSource(_ owner: UnsafeMutableRawPointer?) {
    guard let owner else { return }
    Unmanaged<SourceFile>.fromOpaque(owner).release()
}

/// cairo's destroy callback for mime data this writer copied.
private func freeMimeData(_ data: UnsafeMutableRawPointer?) {
    data?.assumingMemoryBound(to: UInt8.self).deallocate()
}

/// A date as cairo's metadata takes it: `YYYY-MM-DDThh:mm:ssZ`, in UTC.
private func cairoDate(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                  Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
}
