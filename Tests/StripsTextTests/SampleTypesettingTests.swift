import CCairo
import StripsSampleScans
import Testing

/// The sample pages the reading tests judge are the same pixels in every process (issue 29): cairo
/// keeps the first fontconfig answer for a face, and fontconfig unhints DejaVu under 7.5 pixels, so
/// without fixed font options a page's text depended on the size its face happened to be drawn at first.
@Suite struct SampleTypesettingTests {
    /// `text` in `family` at 45.8 px (11 pt at 300 dpi) as the sample scanners set it, after the
    /// face was first drawn at `firstSize` by code that fixes no options.
    static func typeset(_ family: String, firstSize: Double) -> [UInt8] {
        let (width, height) = (640, 80)
        guard let first = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 64, 16), let other = cairo_create(first) else { return [] }
        cairo_select_font_face(other, family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(other, firstSize)
        cairo_move_to(other, 1, 12)
        cairo_show_text(other, "tiny")
        cairo_destroy(other)
        cairo_surface_destroy(first)

        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)), let cr = cairo_create(surface) else { return [] }
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        SampleFontOptions.apply(to: cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 45.8)
        cairo_move_to(cr, 10.3, 60)
        cairo_show_text(cr, "Place the frame on a firm")
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(surface)) * height))
    }

    @Test func textIsTheSameWhateverSizeItsFaceWasFirstDrawnAt() {
        // cairo keeps one toy face per spelling of the family name (fontconfig ignores case), so
        // these two spellings, used nowhere else, start fresh in any process.
        let tinyFirst = Self.typeset("DEJAVU SERIF", firstSize: 5)
        let largeFirst = Self.typeset("dejavu SERIF", firstSize: 45.8)
        #expect(!tinyFirst.isEmpty && tinyFirst.contains { $0 < 128 }, "no text was drawn")
        #expect(tinyFirst == largeFirst, "\(zip(tinyFirst, largeFirst).filter { $0 != $1 }.count) bytes differ")
    }
}
