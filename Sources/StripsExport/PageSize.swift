/// The physical size of a PDF page.
///
/// A page is as large as its picture says when it says something a scanner would: a resolution
/// (JFIF density, EXIF XResolution/YResolution, PNG pHYs, BMP pixels per metre) between 100 and
/// 1200 dpi, giving a page no longer than 200 inches (PDF's practical limit). Otherwise (no
/// resolution, or the 72 or 96 dpi cameras and screenshots write regardless of what they show)
/// the page's longer side is 297 mm, A4's, and the shorter follows the picture's shape. So a
/// 300 dpi A4 scan prints as A4, and a 12 MP phone photo of a letter is a letter-sized page, not
/// 55 inches wide.
enum PageSize {
    static let plausibleDPI = 100.0...1200.0
    static let fallbackLongSide = 297 / 25.4 * 72
    static let maxSide = 200.0 * 72

    /// Points (1/72 inch) for a picture of `width` x `height` stored pixels with `dpi` along the
    /// stored axes; the caller swaps the result for a page turned sideways.
    static func points(width: Int, height: Int, dpi: (x: Double, y: Double)?) -> (width: Double, height: Double) {
        let w = Double(max(width, 1)), h = Double(max(height, 1))
        if let dpi, plausibleDPI.contains(dpi.x), plausibleDPI.contains(dpi.y) {
            let size = (width: w / dpi.x * 72, height: h / dpi.y * 72)
            if max(size.width, size.height) <= maxSide { return size }
        }
        let scale = fallbackLongSide / max(w, h)
        return (w * scale, h * scale)
    }
}
