import CCairo
import Foundation
import StripsPictures

/// A made-up colour scan of a letter as offices scan them: text on tinted paper under a logo in
/// blue, a photograph printed on the page with text beside it, a highlighted line, and a red
/// stamp over the text, with a lid's shadow, sensor noise and JPEG. Everything that matters is
/// known: the words with their boxes, where the photograph is (and the photograph as printed), and
/// where the stamp's red ink lies clear of the text.
public struct ColourScan: Sendable {
    public var jpeg: [UInt8]
    /// The JPEG decoded (rgb).
    public var picture: PixelBuffer
    public var dpi: Double
    public var words: [DrawnWord]
    /// The photograph's rectangle in the scan's pixels.
    public var photo: PixelRect
    /// The stamp's ring (its outer circle) in the scan's pixels: centre and the two radii its ink
    /// lies between.
    public var stamp: (x: Double, y: Double, inner: Double, outer: Double)
    /// The paper's colour before the shadow (0...255 a channel).
    public var paper: (Double, Double, Double)

    /// The page's words as drawn, space separated, in reading order.
    public var text: String { words.map(\.text).joined(separator: " ") }

    /// Pixels of the photograph at least `inset` pixels inside its edge (indices into the picture).
    public func photoPixels(inset: Int) -> [Int] {
        var pixels: [Int] = []
        for y in (photo.y + inset)..<(photo.y + photo.height - inset) {
            for x in (photo.x + inset)..<(photo.x + photo.width - inset) { pixels.append(y * picture.width + x) }
        }
        return pixels
    }

    /// Pixels in the middle of the stamp's ring whose neighbourhood (`clear` pixels around) has no
    /// word's box: red ink on paper, not on text.
    public func stampPixels(clear: Double) -> [Int] {
        var pixels: [Int] = []
        let middle = (stamp.inner + stamp.outer) / 2, half = (stamp.outer - stamp.inner) / 4
        let x0 = Int(stamp.x - stamp.outer), x1 = Int(stamp.x + stamp.outer), y0 = Int(stamp.y - stamp.outer), y1 = Int(stamp.y + stamp.outer)
        for y in max(0, y0)..<min(picture.height, y1) {
            for x in max(0, x0)..<min(picture.width, x1) {
                let r = ((Double(x) - stamp.x) * (Double(x) - stamp.x) + (Double(y) - stamp.y) * (Double(y) - stamp.y)).squareRoot()
                guard abs(r - middle) <= half else { continue }
                let near = words.contains { w in
                    Double(x) > w.x - clear && Double(x) < w.x + w.width + clear && Double(y) > w.y - clear && Double(y) < w.y + w.height + clear
                }
                if !near { pixels.append(y * picture.width + x) }
            }
        }
        return pixels
    }
}

extension ColourScan {
    /// How far the photograph in `page` (a saved page rendered at the scan's size, rgb) is from the
    /// scan's: the mean absolute difference of its pixels `inset` in from its edge, 0...255,
    /// averaged over the channels.
    public func photoDifference(_ page: PixelBuffer, inset: Int = 6) -> Double? {
        guard page.width == picture.width, page.height == picture.height, page.format == .rgb else { return nil }
        let pixels = photoPixels(inset: inset)
        var sum = 0.0
        for i in pixels {
            for c in 0..<3 { sum += abs(Double(page.bytes[i * 3 + c]) - Double(picture.bytes[i * 3 + c])) }
        }
        return sum / Double(max(1, 3 * pixels.count))
    }

    /// The mean colour of the stamp's ring in `page` (rgb, the scan's size) where it is clear of text.
    public func stampColour(_ page: PixelBuffer) -> (red: Double, green: Double, blue: Double)? {
        guard page.width == picture.width, page.height == picture.height, page.format == .rgb else { return nil }
        let pixels = stampPixels(clear: dpi / 30)
        guard !pixels.isEmpty else { return nil }
        var sum = (0.0, 0.0, 0.0)
        for i in pixels {
            sum.0 += Double(page.bytes[i * 3]); sum.1 += Double(page.bytes[i * 3 + 1]); sum.2 += Double(page.bytes[i * 3 + 2])
        }
        let n = Double(pixels.count)
        return (sum.0 / n, sum.1 / n, sum.2 / n)
    }
}

/// A rectangle of whole pixels.
public struct PixelRect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

public enum ColourScanner {
    /// A letter page (8.5 x 11 in, or `inches`) at `dpi`; nil only when cairo or libjpeg-turbo
    /// fail. `seed` picks the prose and the noise.
    public static func scan(dpi: Double = 300, inches: (width: Double, height: Double) = (8.5, 11), seed: Int = 0,
                            jpegQuality: Int = 85) -> ColourScan? {
        let width = Int((inches.width * dpi).rounded()), height = Int((inches.height * dpi).rounded())
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        SampleFontOptions.apply(to: cr)
        let inch = dpi
        let paper = (0.965, 0.945, 0.885)
        cairo_set_source_rgb(cr, paper.0, paper.1, paper.2)
        cairo_paint(cr)

        // The letterhead: a blue square with a white initial, the society's name in blue.
        let margin = min(inch, Double(width) / 8)
        cairo_set_source_rgb(cr, 0.12, 0.27, 0.62)
        cairo_rectangle(cr, margin, margin * 0.6, 0.45 * inch, 0.45 * inch)
        cairo_fill(cr)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 0.34 * inch)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_move_to(cr, margin + 0.1 * inch, margin * 0.6 + 0.35 * inch)
        cairo_show_text(cr, "H")
        let style = SampleScanStyle(font: "DejaVu Serif", points: 11, turn: 0, shadow: 0.2, noise: 8, jpegQuality: jpegQuality, seed: seed)
        var words: [DrawnWord] = []
        cairo_set_source_rgb(cr, 0.12, 0.27, 0.62)
        cairo_set_font_size(cr, 16 * inch / 72)
        var x = margin + 0.6 * inch
        for word in ["Harbour", "Street", "Allotment", "Society"] {
            words.append(SampleScanner.draw(word, at: x, margin * 0.6 + 0.33 * inch, cr))
            x += SampleScanner.advance(word + " ", cr)
        }

        // The photograph: right of the text column, a third of the way down.
        let photoWidth = min(3.2 * inch, Double(width) * 0.42), photoHeight = photoWidth * 0.7
        let photo = PixelRect(x: Int(Double(width) - margin - photoWidth), y: Int(Double(height) * 0.3), width: Int(photoWidth), height: Int(photoHeight))
        if let art = Photograph.draw(width: photo.width, height: photo.height, seed: seed) {
            cairo_set_source_surface(cr, art, Double(photo.x), Double(photo.y))
            cairo_paint(cr)
            cairo_surface_destroy(art)
        }

        // The letter's text in near-black ink, beside the photograph where it stands.
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.12)
        let body = SampleScanner.typeset(style, on: cr, dpi: dpi, width: Double(width), height: Double(height), top: margin * 0.6 + 0.8 * inch,
                                         around: (Double(photo.x), Double(photo.y), Double(photo.width), Double(photo.height)), margin: margin)
        words += body

        // A line marked with a yellow highlighter (multiplied over the ink, as a marker is).
        if body.count > 40 {
            let line = body[30...].prefix(6)
            if let first = line.first, let last = line.last {
                cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY)
                cairo_set_source_rgb(cr, 1, 0.93, 0.35)
                cairo_rectangle(cr, first.x - 6, first.y - 8, last.x + last.width - first.x + 12, max(first.height, last.height) + 16)
                cairo_fill(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            }
        }

        // A red "RECEIVED" stamp over the text, low on the right, turned a little.
        let radius = min(0.8 * inch, Double(width) / 8)
        let stamp = (x: Double(width) - margin - radius * 1.3, y: Double(height) - margin - radius * 0.5)
        let ring = (inner: radius - 0.035 * inch, outer: radius + 0.035 * inch)
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY)
        cairo_set_source_rgba(cr, 0.8, 0.1, 0.14, 0.9)
        cairo_set_line_width(cr, ring.outer - ring.inner)
        cairo_arc(cr, stamp.x, stamp.y, radius, 0, 2 * .pi)
        cairo_stroke(cr)
        cairo_set_line_width(cr, 0.012 * inch)
        cairo_arc(cr, stamp.x, stamp.y, radius * 0.78, 0, 2 * .pi)
        cairo_stroke(cr)
        cairo_translate(cr, stamp.x, stamp.y)
        cairo_rotate(cr, -10 * .pi / 180)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        for (text, size, y) in [("RECEIVED", radius * 0.3, -radius * 0.05), ("12 MAR 2024", radius * 0.2, radius * 0.33)] {
            cairo_set_font_size(cr, size)
            cairo_move_to(cr, -SampleScanner.advance(text, cr) / 2, y)
            cairo_show_text(cr, text)
        }
        cairo_restore(cr)

        SampleScanner.spoil(cr, style, width: width, height: height)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface),
              let jpeg = SampleJPEG.encode(bgrx: data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)),
                                           quality: jpegQuality, dpi: dpi),
              let picture = SampleJPEG.decode(jpeg) else { return nil }
        return ColourScan(jpeg: jpeg, picture: picture, dpi: dpi, words: words, photo: photo,
                          stamp: (stamp.x, stamp.y, ring.inner, ring.outer), paper: (paper.0 * 255, paper.1 * 255, paper.2 * 255))
    }
}

extension ColourScanner {
    /// The letter's photograph alone, `width` x `height` (rgb), to lay on pages of one's own.
    public static func photograph(width: Int, height: Int, seed: Int = 0) -> PixelBuffer? {
        guard let surface = Photograph.draw(width: width, height: height, seed: seed) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var picture = PixelBuffer(width: width, height: height, format: .rgb)
        for y in 0..<height {
            for x in 0..<width {
                let s = y * stride + x * 4, d = (y * width + x) * 3
                // cairo's RGB24 is B, G, R, unused in memory on a little-endian machine.
                (picture.bytes[d], picture.bytes[d + 1], picture.bytes[d + 2]) = (data[s + 2], data[s + 1], data[s])
            }
        }
        return picture
    }
}

/// A photograph of a cottage by the hills on a bright day: a smooth sky that a harsh tone stretch
/// blows out, a pale sun, textured green hills, a red roof, dark trees and film grain.
enum Photograph {
    static func draw(width: Int, height: Int, seed: Int) -> OpaquePointer? {
        guard width > 8, height > 8, let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
              let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        let w = Double(width), h = Double(height)
        let sky = cairo_pattern_create_linear(0, 0, 0, h * 0.6)
        cairo_pattern_add_color_stop_rgb(sky, 0, 0.52, 0.68, 0.9)
        cairo_pattern_add_color_stop_rgb(sky, 1, 0.86, 0.9, 0.93)
        cairo_set_source(cr, sky)
        cairo_paint(cr)
        cairo_pattern_destroy(sky)
        let sun = cairo_pattern_create_radial(w * 0.78, h * 0.18, 0, w * 0.78, h * 0.18, h * 0.16)
        cairo_pattern_add_color_stop_rgba(sun, 0, 1, 0.98, 0.86, 1)
        cairo_pattern_add_color_stop_rgba(sun, 0.5, 1, 0.95, 0.8, 0.8)
        cairo_pattern_add_color_stop_rgba(sun, 1, 1, 0.95, 0.8, 0)
        cairo_set_source(cr, sun)
        cairo_paint(cr)
        cairo_pattern_destroy(sun)
        // Hills, far to near, lighter to darker.
        for (i, colour) in [(0.42, 0.6, 0.38), (0.3, 0.5, 0.24), (0.2, 0.38, 0.15)].enumerated() {
            let base = h * (0.5 + 0.12 * Double(i))
            cairo_move_to(cr, 0, base)
            cairo_curve_to(cr, w * 0.3, base - h * 0.18, w * 0.6, base + h * 0.1, w, base - h * 0.08)
            cairo_line_to(cr, w, h)
            cairo_line_to(cr, 0, h)
            cairo_close_path(cr)
            cairo_set_source_rgb(cr, colour.0, colour.1, colour.2)
            cairo_fill(cr)
        }
        // The cottage: walls, a red roof, a dark door and windows.
        let cx = w * 0.3, cy = h * 0.62, cw = w * 0.22, ch = h * 0.18
        cairo_set_source_rgb(cr, 0.9, 0.85, 0.74)
        cairo_rectangle(cr, cx, cy, cw, ch)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0.7, 0.16, 0.12)
        cairo_move_to(cr, cx - cw * 0.1, cy)
        cairo_line_to(cr, cx + cw / 2, cy - ch * 0.7)
        cairo_line_to(cr, cx + cw * 1.1, cy)
        cairo_close_path(cr)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0.18, 0.14, 0.12)
        cairo_rectangle(cr, cx + cw * 0.42, cy + ch * 0.4, cw * 0.16, ch * 0.6)
        cairo_rectangle(cr, cx + cw * 0.12, cy + ch * 0.25, cw * 0.16, ch * 0.25)
        cairo_rectangle(cr, cx + cw * 0.72, cy + ch * 0.25, cw * 0.16, ch * 0.25)
        cairo_fill(cr)
        // Trees.
        for (tx, size) in [(0.1, 0.09), (0.62, 0.07), (0.7, 0.1), (0.9, 0.08)] {
            let x = w * tx, y = h * 0.72, r = h * size
            cairo_set_source_rgb(cr, 0.3, 0.2, 0.12)
            cairo_rectangle(cr, x - r * 0.12, y, r * 0.24, r * 1.2)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0.1, 0.26, 0.1)
            cairo_arc(cr, x, y - r * 0.2, r, 0, 2 * .pi)
            cairo_fill(cr)
        }
        // Grain and the grass's texture.
        if let grain = SampleScanner.noiseTile(amplitude: 18, seed: seed + 101) {
            let pattern = cairo_pattern_create_for_surface(grain)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVERLAY)
            cairo_set_source(cr, pattern)
            cairo_rectangle(cr, 0, h * 0.45, w, h * 0.55)
            cairo_fill(cr)
            cairo_pattern_destroy(pattern)
            cairo_surface_destroy(grain)
        }
        cairo_surface_flush(surface)
        return surface
    }
}
