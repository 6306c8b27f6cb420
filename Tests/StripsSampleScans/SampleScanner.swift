import CCairo
import CTurboJPEG
import Foundation
import StripsCore
import StripsPictures

/// Typesets a page of `SampleProse` with cairo (DejaVu through fontconfig), turns it, darkens one
/// side as a scanner lid's shadow does, adds noise and saves it as a JPEG.
public enum SampleScanner {
    /// A letter page (8.5 x 11 in, or `inches`) at `dpi` in `style`, laid on the scanner turned
    /// `quarterTurns` clockwise (0 to 3: sideways and upside-down pages); nil only when cairo or
    /// libjpeg-turbo fail. The words' boxes are in the final picture's pixels.
    public static func scan(_ style: SampleScanStyle, dpi: Double = 300, inches: (width: Double, height: Double) = (8.5, 11),
                            quarterTurns: Int = 0) -> SampleScan? {
        let width = Int((inches.width * dpi).rounded()), height = Int((inches.height * dpi).rounded())
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        SampleFontOptions.apply(to: cr)

        // Paper.
        cairo_set_source_rgb(cr, 0.965, 0.955, 0.93)
        cairo_paint(cr)

        // Text, on a page lying turned about its centre.
        cairo_save(cr)
        cairo_translate(cr, Double(width) / 2, Double(height) / 2)
        cairo_rotate(cr, -style.turn * .pi / 180)
        cairo_translate(cr, -Double(width) / 2, -Double(height) / 2)
        cairo_set_source_rgb(cr, 0.11, 0.11, 0.13)
        let words = typeset(style, on: cr, dpi: dpi, width: Double(width), height: Double(height))
        cairo_restore(cr)

        spoil(cr, style, width: width, height: height)
        cairo_surface_flush(surface)

        let turns = ((quarterTurns % 4) + 4) % 4
        guard let (final, turnedWords) = turn(surface, width: width, height: height, words: words, quarterTurns: turns) else { return nil }
        defer { if turns != 0 { cairo_surface_destroy(final) } }
        guard let data = cairo_image_surface_get_data(final) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(final))
        let (finalWidth, finalHeight) = turns % 2 == 0 ? (width, height) : (height, width)
        guard let jpeg = SampleJPEG.encode(bgrx: data, width: finalWidth, height: finalHeight, stride: stride, quality: style.jpegQuality, dpi: dpi),
              let picture = SampleJPEG.decode(jpeg) else { return nil }
        return SampleScan(jpeg: jpeg, picture: picture, dpi: dpi, words: turnedWords, style: style)
    }

    /// What the scanner does to the page: the lid's shadow (the light falls off towards the left
    /// edge and a little towards the foot) and sensor noise.
    static func spoil(_ cr: OpaquePointer, _ style: SampleScanStyle, width: Int, height: Int) {
        if style.shadow > 0 {
            let across = cairo_pattern_create_linear(0, 0, Double(width) * 0.45, 0)
            cairo_pattern_add_color_stop_rgb(across, 0, 1 - style.shadow, 1 - style.shadow, 1 - style.shadow * 0.95)
            cairo_pattern_add_color_stop_rgb(across, 1, 1, 1, 1)
            cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY)
            cairo_set_source(cr, across)
            cairo_paint(cr)
            cairo_pattern_destroy(across)
            let down = cairo_pattern_create_linear(0, Double(height) * 0.6, 0, Double(height))
            cairo_pattern_add_color_stop_rgb(down, 0, 1, 1, 1)
            cairo_pattern_add_color_stop_rgb(down, 1, 1 - style.shadow / 3, 1 - style.shadow / 3, 1 - style.shadow / 3)
            cairo_set_source(cr, down)
            cairo_paint(cr)
            cairo_pattern_destroy(down)
        }

        // Sensor noise: a tile of random greys laid over the page (overlay: mid-grey changes nothing).
        if style.noise > 0, let tile = noiseTile(amplitude: style.noise, seed: style.seed) {
            let pattern = cairo_pattern_create_for_surface(tile)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVERLAY)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
            cairo_surface_destroy(tile)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// The page turned `quarterTurns` clockwise, with its words' boxes turned alike.
    private static func turn(_ surface: OpaquePointer, width: Int, height: Int, words: [DrawnWord], quarterTurns: Int) -> (OpaquePointer, [DrawnWord])? {
        guard quarterTurns != 0 else { return (surface, words) }
        let (w, h) = quarterTurns % 2 == 0 ? (width, height) : (height, width)
        guard let turned = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(w), Int32(h)), let cr = cairo_create(turned) else { return nil }
        defer { cairo_destroy(cr) }
        cairo_translate(cr, Double(w) / 2, Double(h) / 2)
        cairo_rotate(cr, Double(quarterTurns) * .pi / 2)
        cairo_translate(cr, -Double(width) / 2, -Double(height) / 2)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_surface_flush(turned)
        let moved = words.map { word -> DrawnWord in
            var xs: [Double] = [], ys: [Double] = []
            for (x, y) in [(word.x, word.y), (word.x + word.width, word.y + word.height)] {
                var dx = x, dy = y
                cairo_user_to_device(cr, &dx, &dy)
                xs.append(dx)
                ys.append(dy)
            }
            return DrawnWord(text: word.text, x: xs.min() ?? 0, y: ys.min() ?? 0, width: abs(xs[1] - xs[0]), height: abs(ys[1] - ys[0]))
        }
        return (turned, moved)
    }

    /// Lays out a heading and paragraphs inside one-inch margins (or `margin` pixels; from `top`
    /// down, when given),
    /// word by word, as long as lines fit on the page; a line that would cross `around` (a picture
    /// on the page, in pixels) is set beside it, on its wider side. Returns each drawn word with its
    /// ink rectangle in device pixels.
    static func typeset(_ style: SampleScanStyle, on cr: OpaquePointer, dpi: Double, width: Double, height: Double,
                        top: Double? = nil, around: (x: Double, y: Double, width: Double, height: Double)? = nil,
                        margin given: Double? = nil) -> [DrawnWord] {
        let size = style.points * dpi / 72
        let margin = given ?? dpi, bottom = height - margin
        var drawn: [DrawnWord] = []
        var y = top ?? margin
        /// Where a line from `y` down `lineHeight` may run.
        func span(_ lineHeight: Double) -> (left: Double, right: Double) {
            guard let box = around, y < box.y + box.height, y + lineHeight > box.y else { return (margin, width - margin) }
            let gap = dpi / 5
            let leftRoom = box.x - gap - margin, rightRoom = width - margin - (box.x + box.width + gap)
            return leftRoom >= rightRoom ? (margin, box.x - gap) : (box.x + box.width + gap, width - margin)
        }

        func setFont(bold: Bool, scale: Double) {
            cairo_select_font_face(cr, style.font, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, size * scale)
        }

        /// Sets `words` as left-aligned lines; false when the page ran out.
        func set(_ words: [Substring], lineHeight: Double) -> Bool {
            var line: [Substring] = []
            var lineWidth = 0.0
            let space = advance(" ", cr)
            func flush() -> Bool {
                guard y + lineHeight <= bottom else { return false }
                var x = span(lineHeight).left
                let baseline = y + lineHeight * 0.78
                for word in line {
                    drawn.append(draw(String(word), at: x, baseline, cr))
                    x += advance(String(word), cr) + space
                }
                y += lineHeight
                line = []
                lineWidth = 0
                return true
            }
            for word in words {
                let w = advance(String(word), cr)
                let (left, right) = span(lineHeight)
                if !line.isEmpty, lineWidth + space + w > right - left {
                    guard flush() else { return false }
                }
                lineWidth += (line.isEmpty ? 0 : space) + w
                line.append(word)
            }
            return line.isEmpty || flush()
        }

        setFont(bold: true, scale: 1.45)
        let heading = SampleProse.headings[style.seed % SampleProse.headings.count]
        _ = set(heading.split(separator: " "), lineHeight: size * 1.45 * 1.3)
        y += size * 0.8
        setFont(bold: false, scale: 1)
        var index = style.seed * 3
        while y < bottom {
            let paragraph = SampleProse.paragraphs[index % SampleProse.paragraphs.count]
            guard set(paragraph.split(separator: " "), lineHeight: size * 1.38) else { break }
            y += size * 0.7
            index += 1
        }
        return drawn
    }

    static func advance(_ text: String, _ cr: OpaquePointer) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    /// Draws one word and gives the device-space box of its ink (the page may be turned).
    static func draw(_ text: String, at x: Double, _ baseline: Double, _ cr: OpaquePointer) -> DrawnWord {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        cairo_move_to(cr, x, baseline)
        cairo_show_text(cr, text)
        let left = x + extents.x_bearing, top = baseline + extents.y_bearing
        var xs: [Double] = [], ys: [Double] = []
        for (cx, cy) in [(left, top), (left + extents.width, top), (left, top + extents.height), (left + extents.width, top + extents.height)] {
            var dx = cx, dy = cy
            cairo_user_to_device(cr, &dx, &dy)
            xs.append(dx)
            ys.append(dy)
        }
        let minX = xs.min() ?? x, minY = ys.min() ?? baseline
        return DrawnWord(text: text, x: minX, y: minY, width: (xs.max() ?? x) - minX, height: (ys.max() ?? baseline) - minY)
    }

    /// A 127 x 131 tile (sizes that line up with nothing on the page) of greys around the middle.
    static func noiseTile(amplitude: Int, seed: Int) -> OpaquePointer? {
        let side = (w: 127, h: 131)
        guard let tile = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(side.w), Int32(side.h)),
              let data = cairo_image_surface_get_data(tile) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(tile))
        var random = SeededRandom(seed: UInt64(seed))
        for y in 0..<side.h {
            let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: side.w) { $0 }
            for x in 0..<side.w {
                let grey = UInt32(clamping: 128 + Int(random.next() % UInt64(2 * amplitude + 1)) - amplitude)
                row[x] = grey << 16 | grey << 8 | grey
            }
        }
        cairo_surface_mark_dirty(tile)
        return tile
    }
}
