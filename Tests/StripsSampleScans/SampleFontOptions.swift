import CCairo

/// The font options every sample page is typeset with, so a page's pixels do not depend on what
/// else the process drew first. cairo resolves a toy face ("DejaVu Serif") through fontconfig once,
/// at its first use, and keeps that answer for every later size; fontconfig turns DejaVu's hinting
/// off under 7.5 pixels, so a suite that happened to draw tiny DejaVu first typeset every later
/// sample scan unhinted, with other glyphs and advances, and Tesseract read a word more or less
/// (issue 29: the grey letter's counts in some full runs). Unhinted outlines with unrounded
/// advances are what printed paper shows anyway, and the one setting both answers agree on.
public enum SampleFontOptions {
    public static func apply(to cr: OpaquePointer) {
        guard let options = cairo_font_options_create() else { return }
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
    }
}
