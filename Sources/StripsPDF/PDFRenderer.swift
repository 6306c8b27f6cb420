import CPoppler
import Foundation
import StripsCore
import StripsPictures

/// Renders PDF pages into pixels, on any thread, several at once (see `PDFDocumentPool` for why
/// each thread gets its own poppler document). The host makes one and passes it to what renders
/// pages (`PDFPages`, saving); it keeps a few documents open between renders.
public final class PDFRenderer: Sendable {
    private let pool: PDFDocumentPool
    /// Pages that are one scanned JPEG, whose pixels are decoded from the stream instead.
    public let scans = ScannedPages()

    /// `idleDocuments`: how many open documents to keep between renders, over all files.
    public init(idleDocuments: Int = 8) {
        pool = PDFDocumentPool(idleLimit: idleDocuments)
    }

    /// Page `pageIndex` (from 0) of `path`, as large as fits `maxWidth` x `maxHeight` pixels with
    /// its shape kept, on white paper, turned `extraQuarterTurns` clockwise beyond its own /Rotate.
    /// B, G, R, A and fully opaque.
    public func render(_ path: String, pageIndex: Int, maxWidth: Int, maxHeight: Int,
                       extraQuarterTurns: Int = 0) -> Result<PixelBuffer, PDFFailure> {
        render(path, pageIndex: pageIndex, maxWidth: maxWidth, maxHeight: maxHeight, region: nil, extraQuarterTurns: extraQuarterTurns)
            .map(\.pixels)
    }

    /// The same, or only `region` of the page (0...1 of it as shown), at the scale the whole page
    /// would have: a zoomed page renders the part in view, sharp at any zoom, never the whole.
    public func render(_ path: String, pageIndex: Int, maxWidth: Int, maxHeight: Int, region: Rect?,
                       extraQuarterTurns: Int = 0) -> Result<(pixels: PixelBuffer, region: Rect?), PDFFailure> {
        withPage(path, pageIndex) { page, size in
            let shown = PDFPageRaster.shown(size, quarterTurns: extraQuarterTurns)
            guard maxWidth > 0, maxHeight > 0, shown.width > 0, shown.height > 0 else {
                return .failure(PDFFailure("nothing to render into (\(maxWidth) x \(maxHeight) pixels)"))
            }
            // The whole page at the scale asked (a page may be drawn larger than its points).
            let scale = min(Double(maxWidth) / shown.width, Double(maxHeight) / shown.height)
            let whole = (width: max(1, Int((shown.width * scale).rounded())), height: max(1, Int((shown.height * scale).rounded())))
            let plan = RegionPlan(size: whole, limit: PixelLimit(width: Int32(clamping: whole.width), height: Int32(clamping: whole.height)), region: region)
            guard plan.width * plan.height <= PDFPageRaster.maxPixels else {
                return .failure(PDFFailure("too large to render: \(plan.width) x \(plan.height) pixels"))
            }
            let raster = PDFPageRaster(page: size, quarterTurns: extraQuarterTurns, width: whole.width, height: whole.height)
            return Self.pixels(page, raster, part: plan).map { ($0, plan.region) }
        }
    }

    /// The same page drawn at `dpi` into a new PNG file at `destination`, written atomically
    /// (nothing appears on failure; an existing file is never replaced).
    public func writePNG(_ path: String, pageIndex: Int, to destination: String, dpi: Double = 150,
                         extraQuarterTurns: Int = 0) -> Result<Void, PDFFailure> {
        withPage(path, pageIndex) { page, size in
            PDFPageRaster.atResolution(size, quarterTurns: extraQuarterTurns, dpi: dpi).flatMap { raster in
                Self.png(page, raster, to: destination)
            }
        }
    }

    /// Closes the documents kept open for `path` (after the document leaves the app, say).
    public func forget(_ path: String) { pool.close(path) }

    private func withPage<T>(_ path: String, _ pageIndex: Int,
                             _ body: (OpaquePointer, Size) -> Result<T, PDFFailure>) -> Result<T, PDFFailure> {
        pool.withDocument(path) { document in
            guard let page = document.page(pageIndex) else {
                return .failure(PDFFailure("no page \(pageIndex + 1) (the document has \(document.pageCount))"))
            }
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            return body(page, PDFSource.size(of: page))
        }
    }

    /// Draws straight into the buffer's bytes: cairo's ARGB32 on a little-endian machine is
    /// B, G, R, A byte for byte, and opaque paper makes premultiplying moot.
    private static func pixels(_ page: OpaquePointer, _ raster: PDFPageRaster, part: RegionPlan) -> Result<PixelBuffer, PDFFailure> {
        let w = Int32(part.width), h = Int32(part.height)
        var pixels = PixelBuffer(width: part.width, height: part.height, format: .bgra)
        guard cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, w) == w * 4 else {
            return .failure(PDFFailure("cannot draw into a \(w) x \(h) picture"))
        }
        let problem = pixels.bytes.withUnsafeMutableBufferPointer { bytes -> PDFFailure? in
            guard let canvas = cairo_image_surface_create_for_data(bytes.baseAddress, CAIRO_FORMAT_ARGB32, w, h, w * 4) else {
                return PDFFailure("cannot draw into a \(w) x \(h) picture")
            }
            defer { cairo_surface_destroy(canvas) }
            return raster.draw(page, on: canvas, offset: (Double(part.x), Double(part.y)))
        }
        if let problem { return .failure(problem) }
        return .success(pixels)
    }

    private static func png(_ page: OpaquePointer, _ raster: PDFPageRaster, to destination: String) -> Result<Void, PDFFailure> {
        let whole = RegionPlan(size: (raster.width, raster.height), limit: PixelLimit(width: Int32(clamping: raster.width), height: Int32(clamping: raster.height)),
                               region: nil)
        return pixels(page, raster, part: whole).flatMap { PNGFile.write($0, to: destination) }
    }
}
