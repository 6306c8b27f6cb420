import CPoppler
import Foundation
import StripsCore
import StripsPhotosFeatures

/// Writes simple PDFs with cairo for tests and benchmarks: each page carries real text (a font,
/// selectable, extractable) and vector shapes, like a typed letter, so nothing needs committing.
public enum PDFSampleDocument {
    /// One page per entry of `pageSizes`; page N (from 1) reads "`label` N" near its top left, in
    /// 24 pt black text starting 72 pt from the left and top edges, over a grey rule and a box.
    /// `curves` adds that many thin Bézier strokes to each page, for drawings that cost rendering time.
    public static func write(to path: String, pageSizes: [Size], label: String = "Page", curves: Int = 0) -> Result<Void, PDFFailure> {
        guard let first = pageSizes.first else { return .failure(PDFFailure("a PDF needs at least one page")) }
        let surface = cairo_pdf_surface_create(path, first.width, first.height)
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            return .failure(PDFFailure("cannot write \(path)"))
        }
        defer { cairo_destroy(cr) }
        for (index, size) in pageSizes.enumerated() {
            cairo_pdf_surface_set_size(surface, size.width, size.height)
            drawPage(cr, size: size, text: "\(label) \(index + 1)", index: index)
            drawCurves(cr, size: size, count: curves, seed: index)
            cairo_show_page(cr)
        }
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            return .failure(PDFFailure("cannot write \(path): \(String(cString: cairo_status_to_string(status)))"))
        }
        return .success(())
    }

    private static func drawPage(_ cr: OpaquePointer, size: Size, text: String, index: Int) {
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 24)
        cairo_move_to(cr, 72, 72 + 24)
        cairo_show_text(cr, text)
        // Body lines of a letter, so rendering has real work to do.
        cairo_select_font_face(cr, "DejaVu Serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 11)
        var y = 150.0
        while y < size.height - 100 {
            cairo_move_to(cr, 72, y)
            cairo_show_text(cr, "Line \(Int(y)) of page \(index + 1): the quick brown fox jumps over the lazy dog.")
            y += 14
        }
        cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)
        cairo_set_line_width(cr, 2)
        cairo_move_to(cr, 72, 120)
        cairo_line_to(cr, size.width - 72, 120)
        cairo_stroke(cr)
        cairo_rectangle(cr, size.width - 144, size.height - 144, 72, 72)
        cairo_stroke(cr)
    }

    private static func drawCurves(_ cr: OpaquePointer, size: Size, count: Int, seed: Int) {
        guard count > 0 else { return }
        // A fixed sequence, so every run draws the same page.
        var random = SeededRandom(seed: UInt64(seed + 1))
        func next() -> Double { random.uniform(0...1) }
        cairo_set_line_width(cr, 0.5)
        for _ in 0..<count {
            cairo_set_source_rgb(cr, next() * 0.6, next() * 0.6, next() * 0.6)
            cairo_move_to(cr, next() * size.width, next() * size.height)
            cairo_curve_to(cr, next() * size.width, next() * size.height, next() * size.width, next() * size.height,
                           next() * size.width, next() * size.height)
            cairo_stroke(cr)
        }
    }
}
