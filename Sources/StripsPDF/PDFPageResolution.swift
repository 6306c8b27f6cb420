import CPoppler
import Foundation

extension PDFSource {
    /// The resolution of the sharpest picture on page `pageIndex` (from 0, as shown) of `path`, in
    /// dots per inch as it is drawn on the page: what a scanned page's rendering should keep. Nil for
    /// a page without pictures, or one that cannot be read.
    public static func pictureResolution(_ path: String, pageIndex: Int) -> Double? {
        guard case .success(let document) = PopplerDocument.open(path: path), let page = document.page(pageIndex) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        let (best, _) = PopplerLog.capturing { () -> Double? in
            guard let mapping = poppler_page_get_image_mapping(page) else { return nil }
            defer { poppler_page_free_image_mapping(mapping) }
            var best: Double?
            var item: UnsafeMutablePointer<GList>? = mapping
            while let node = item {
                defer { item = node.pointee.next }
                guard let data = node.pointee.data else { continue }
                let image = data.assumingMemoryBound(to: PopplerImageMapping.self).pointee
                let inches = (abs(image.area.x2 - image.area.x1) / 72, abs(image.area.y2 - image.area.y1) / 72)
                guard inches.0 > 0.1, inches.1 > 0.1, let surface = poppler_page_get_image(page, image.image_id) else { continue }
                defer { cairo_surface_destroy(surface) }
                let pixels = (Double(cairo_image_surface_get_width(surface)), Double(cairo_image_surface_get_height(surface)))
                // The image may be drawn turned: pair its longer side with the area's longer side.
                let dpi = max(pixels.0, pixels.1) / max(inches.0, inches.1)
                if dpi.isFinite, dpi > (best ?? 0) { best = dpi }
            }
            return best
        }
        return best
    }
}
