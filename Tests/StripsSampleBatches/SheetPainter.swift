import CCairo
import CQREncode
import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsDocumentPhotos
import StripsPictures
import StripsSampleScans

/// A sheet as a scanner would give it: a JPEG with its resolution in the JFIF header.
public struct RenderedSheet: Sendable {
    public var jpeg: [UInt8]
    public var width: Int
    public var height: Int
    public var dpi: Double
}

/// Draws `SampleSheet`s with cairo: paper of a slightly varying tint, the sheet's writing or code,
/// its spoils, sensor noise, a JPEG of an office scanner's quality. Pages of prose come from
/// `SampleScanner`, the text benchmark's typesetter.
public enum SheetPainter {
    public static func render(_ sheet: SampleSheet, dpi: Double) -> RenderedSheet? {
        var random = SeededRandom(seed: sheet.seed &* 0x2545_F491_4F6C_DD1D &+ 17)
        let quality = Int(random.uniform(75...90))
        if case .text = sheet.kind {
            let style = SampleScanStyle(font: random.chance(0.5) ? "DejaVu Serif" : "DejaVu Sans", points: random.uniform(10...12),
                                        turn: random.uniform(-1...1), shadow: random.uniform(0...0.3), noise: Int(random.uniform(4...12)),
                                        jpegQuality: quality, seed: Int(sheet.seed % 997))
            guard let scan = SampleScanner.scan(style, dpi: dpi) else { return nil }
            return RenderedSheet(jpeg: scan.jpeg, width: scan.picture.width, height: scan.picture.height, dpi: dpi)
        }
        let inches = random.chance(0.5) ? (width: 8.5, height: 11.0) : (width: 210 / 25.4, height: 297 / 25.4)
        let width = Int((inches.width * dpi).rounded()), height = Int((inches.height * dpi).rounded())
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        SampleFontOptions.apply(to: cr)
        let mm = dpi / 25.4
        let canvas = Canvas(cr: cr, width: Double(width), height: Double(height), mm: mm)

        let paper = random.uniform(0.91...0.98)
        cairo_set_source_rgb(cr, paper, paper * random.uniform(0.985...1), paper * random.uniform(0.95...1))
        cairo_paint(cr)

        let spoils: SampleSheet.Spoils
        switch sheet.kind {
        case .text:
            spoils = []
        case .textWithQR(let link):
            canvas.prose(&random, lines: Int(random.uniform(18...30)), top: 30, ink: 0.12)
            canvas.qr(link, side: random.uniform(22...30), x: canvas.widthMM - 50, y: canvas.heightMM - 60)
            spoils = [.noise]
        case .blank(let s):
            spoils = s
        case .nearBlank(let mark, let s):
            spoils = s
            canvas.mark(mark, &random)
        case .separator(let code, let caption, let s):
            spoils = s
            canvas.code(code, caption: caption, &random)
        case .printedSeparator(let code, let lines):
            spoils = [.noise]
            canvas.printedSeparator(code, lines: lines)
        }
        if spoils.contains(.bleedThrough) { canvas.bleedThrough(&random) }
        if spoils.contains(.darkHoles) { canvas.holes(dark: true, &random) }
        // One sheet, one kind of hole: over the dark backing or under the white lid.
        if spoils.contains(.holeShadows) && !spoils.contains(.darkHoles) { canvas.holes(dark: false, &random) }
        if spoils.contains(.staple) { canvas.staple(&random) }
        if spoils.contains(.dust) { canvas.dust(&random) }
        if spoils.contains(.edgeShadow) { canvas.edgeShadow(&random) }
        if spoils.contains(.unevenLight) { canvas.unevenLight(&random) }
        cairo_surface_flush(surface)
        // Every scanner's sensor has some noise; `.noise` is a noisy one.
        addNoise(surface, amplitude: spoils.contains(.noise) ? random.uniform(3...8) : 1.5, &random)
        guard let data = cairo_image_surface_get_data(surface),
              let jpeg = SampleJPEG.encode(bgrx: data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)),
                                           quality: quality, dpi: dpi) else { return nil }
        return RenderedSheet(jpeg: jpeg, width: width, height: height, dpi: dpi)
    }

    /// Gaussian sensor noise of `amplitude` grey levels, on every pixel.
    private static func addNoise(_ surface: OpaquePointer, amplitude: Double, _ random: inout SeededRandom) {
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        // A table of noise values, walked with a random start each row: the same distribution at a
        // fraction of the draws.
        let table = (0..<4099).map { _ in Int((random.gaussian() * amplitude).rounded()) }
        for y in 0..<height {
            let row = data.advanced(by: y * stride)
            var k = Int(random.next() % 4099)
            for x in 0..<width {
                let n = table[k]
                k = k == 4098 ? 0 : k + 1
                for c in 0..<3 {
                    let p = row.advanced(by: 4 * x + c)
                    p.pointee = UInt8(clamping: Int(p.pointee) + n)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}

/// Drawing in millimetres from the sheet's top-left corner.
struct Canvas {
    let cr: OpaquePointer
    let width: Double
    let height: Double
    /// Pixels a millimetre.
    let mm: Double

    var widthMM: Double { width / mm }
    var heightMM: Double { height / mm }

    func text(_ string: String, x: Double, baseline: Double, points: Double, grey: Double, bold: Bool = false, font: String = "DejaVu Sans") {
        cairo_select_font_face(cr, font, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, points / 72 * 25.4 * mm)
        cairo_set_source_rgb(cr, grey, grey, grey * 1.05)
        cairo_move_to(cr, x * mm, baseline * mm)
        cairo_show_text(cr, string)
    }

    func textWidth(_ string: String, points: Double, bold: Bool = false) -> Double {
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, points / 72 * 25.4 * mm)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, string, &extents)
        return extents.x_advance / mm
    }

    /// Lines of prose inside 25 mm margins from `top`, in `ink` grey.
    func prose(_ random: inout SeededRandom, lines: Int, top: Double, ink: Double) {
        var words = SampleProse.paragraphs[Int(random.next() % UInt64(SampleProse.paragraphs.count))].split(separator: " ").map(String.init)
        var y = top
        for _ in 0..<lines {
            var line = ""
            while let word = words.first, textWidth(line + " " + word, points: 11) < widthMM - 50 {
                line += (line.isEmpty ? "" : " ") + word
                words.removeFirst()
            }
            if words.isEmpty { words = SampleProse.paragraphs[Int(random.next() % UInt64(SampleProse.paragraphs.count))].split(separator: " ").map(String.init) }
            text(line, x: 25, baseline: y, points: 11, grey: ink, font: "DejaVu Serif")
            y += 5.4
            if y > heightMM - 25 { break }
        }
    }

    func mark(_ mark: SampleSheet.Mark, _ random: inout SeededRandom) {
        switch mark {
        case .pageNumber(let n):
            let points = random.uniform(10...12)
            let label = "Page \(n)"
            let w = textWidth(label, points: points)
            let x = random.chance(0.5) ? (widthMM - w) / 2 : widthMM - 25 - w
            text(label, x: x, baseline: heightMM - random.uniform(12...20), points: points, grey: random.uniform(0.05...0.25))
        case .word(let word):
            let points = random.uniform(11...14)
            text(word, x: random.uniform(25...(widthMM - 70)), baseline: random.uniform(30...(heightMM - 40)), points: points,
                 grey: random.uniform(0.05...0.25), bold: random.chance(0.5))
        case .signature:
            signature(&random)
        }
    }

    /// Pen strokes: a run of loops and a flourish, in blue-black ink.
    private func signature(_ random: inout SeededRandom) {
        let x0 = random.uniform(widthMM * 0.45...(widthMM - 75)), y0 = random.uniform(heightMM * 0.55...(heightMM - 40))
        let width = random.uniform(40...60), height = random.uniform(8...14)
        cairo_set_source_rgb(cr, 0.08, 0.1, random.uniform(0.2...0.45))
        cairo_set_line_width(cr, random.uniform(0.3...0.6) * mm)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_move_to(cr, x0 * mm, (y0 + height / 2) * mm)
        let loops = Int(random.uniform(5...9))
        for i in 0..<loops {
            let x = x0 + width * Double(i + 1) / Double(loops)
            let up = y0 + random.uniform(0...(height * 0.3)), down = y0 + height - random.uniform(0...(height * 0.3))
            cairo_curve_to(cr, (x - width / Double(loops) * 0.8) * mm, up * mm, (x - width / Double(loops) * 0.1) * mm, down * mm,
                           x * mm, (y0 + random.uniform(0.3...0.7) * height) * mm)
        }
        cairo_curve_to(cr, (x0 + width * 0.8) * mm, (y0 + height * 1.3) * mm, (x0 + width * 0.3) * mm, (y0 + height * 1.1) * mm,
                       (x0 + width * 0.1) * mm, (y0 + height * 0.9) * mm)
        cairo_stroke(cr)
    }

    func code(_ code: SampleSheet.Code, caption: Bool, _ random: inout SeededRandom) {
        switch code {
        case .qr(let payload):
            let side = random.uniform(28...50)
            let x = random.uniform(30...(widthMM - side - 30)), y = random.uniform(40...(heightMM * 0.6))
            self.qr(payload, side: side, x: x, y: y)
            if caption { centred(payload, x: x + side / 2, baseline: y + side + 7) }
        case .code128(let payload):
            guard let modules = Code128.modules(payload) else { return }
            let module = random.uniform(0.38...0.55), barHeight = random.uniform(14...22)
            let total = Double(modules.reduce(0, +)) * module
            let x = random.uniform(25...max(26, widthMM - total - 25)), y = random.uniform(40...(heightMM * 0.6))
            cairo_set_source_rgb(cr, 0.04, 0.04, 0.05)
            var at = x
            for (i, w) in modules.enumerated() {
                if i % 2 == 0 {
                    cairo_rectangle(cr, at * mm, y * mm, Double(w) * module * mm, barHeight * mm)
                }
                at += Double(w) * module
            }
            cairo_fill(cr)
            if caption { centred(payload, x: x + total / 2, baseline: y + barHeight + 6) }
        case .patchT:
            // Kodak's Transfer patch: narrow (2.03 mm), wide (5.08 mm), narrow, wide, each bar
            // followed by a narrow space, the bars at least 2 inches long, parallel to the edge fed
            // first (the top) and read from it.
            let narrow = 2.03, wide = 5.08
            let length = random.uniform(60...(widthMM - 60)), x = random.uniform(25...(widthMM - length - 25))
            var y = random.uniform(15...60)
            cairo_set_source_rgb(cr, 0.03, 0.03, 0.04)
            for bar in [narrow, wide, narrow, wide] {
                cairo_rectangle(cr, x * mm, y * mm, length * mm, bar * mm)
                y += bar + narrow
            }
            cairo_fill(cr)
            if caption { centred("PATCH T", x: x + length / 2, baseline: y + 12) }
        }
    }

    /// A separator sheet as printed by the tools that make them: its lines at the top, centred,
    /// the first as a title (20 pt bold), and the code (a 40 mm QR code, a 20 mm tall barcode) in
    /// the middle of the sheet.
    func printedSeparator(_ code: SampleSheet.Code, lines: [String]) {
        var baseline = 30.0
        for (i, line) in lines.enumerated() {
            let points = i == 0 ? 20.0 : 11.0
            let w = textWidth(line, points: points, bold: i == 0)
            text(line, x: (widthMM - w) / 2, baseline: baseline, points: points, grey: 0.08, bold: i == 0)
            baseline += i == 0 ? 12 : 6
        }
        switch code {
        case .qr(let payload):
            qr(payload, side: 40, x: (widthMM - 40) / 2, y: (heightMM - 40) / 2)
        case .code128(let payload):
            guard let modules = Code128.modules(payload) else { return }
            let module = 0.5, total = Double(modules.reduce(0, +)) * module
            cairo_set_source_rgb(cr, 0.04, 0.04, 0.05)
            var at = (widthMM - total) / 2
            for (i, w) in modules.enumerated() {
                if i % 2 == 0 { cairo_rectangle(cr, at * mm, (heightMM / 2 - 10) * mm, Double(w) * module * mm, 20 * mm) }
                at += Double(w) * module
            }
            cairo_fill(cr)
        case .patchT:
            var random = SeededRandom(seed: 1)
            self.code(.patchT, caption: false, &random)
        }
    }

    private func centred(_ string: String, x: Double, baseline: Double) {
        let w = textWidth(string, points: 11)
        text(string, x: x - w / 2, baseline: baseline, points: 11, grey: 0.08)
    }

    func qr(_ payload: String, side: Double, x: Double, y: Double) {
        guard let code = QRcode_encodeString(payload, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return }
        defer { QRcode_free(code) }
        let n = Int(code.pointee.width)
        let module = side / Double(n)
        cairo_set_source_rgb(cr, 0.04, 0.04, 0.05)
        for row in 0..<n {
            for column in 0..<n where code.pointee.data[row * n + column] & 1 == 1 {
                cairo_rectangle(cr, (x + Double(column) * module) * mm, (y + Double(row) * module) * mm, module * mm + 0.5, module * mm + 0.5)
            }
        }
        cairo_fill(cr)
    }

    /// The back's text, mirrored, faint and soft: drawn at a third of the size and laid on scaled up
    /// (the scaling's interpolation is the blur of the paper between).
    func bleedThrough(_ random: inout SeededRandom) {
        let shrink = 3.0
        let w = Int32(width / shrink), h = Int32(height / shrink)
        guard let back = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h), let bc = cairo_create(back) else { return }
        defer { cairo_surface_destroy(back) }
        cairo_set_source_rgb(bc, 1, 1, 1)
        cairo_paint(bc)
        // Mirrored left to right: the back page seen through the sheet.
        cairo_translate(bc, Double(w), 0)
        cairo_scale(bc, -1 / shrink, 1 / shrink)
        let strength = random.uniform(0.06...0.22)
        let other = Canvas(cr: bc, width: width, height: height, mm: mm)
        other.prose(&random, lines: Int(random.uniform(10...40)), top: random.uniform(25...60), ink: 1 - strength)
        cairo_destroy(bc)
        cairo_surface_flush(back)
        cairo_save(cr)
        cairo_scale(cr, shrink, shrink)
        cairo_set_source_surface(cr, back, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Two holes (ISO 838: 80 mm apart, 12 mm in) or three (US: 108 mm apart, 9.5 mm in), 6 mm
    /// across, along the left edge. Dark: the backing seen through; else the shadow of each
    /// hole's rim on the white lid, a crescent.
    func holes(dark: Bool, _ random: inout SeededRandom) {
        let iso = random.chance(0.5)
        let inset = iso ? 12.0 : 9.5, spacing = iso ? 80.0 : 108.0, radius = random.uniform(2.8...3.3)
        let middle = heightMM / 2 + random.uniform(-3...3)
        let centres = iso ? [middle - spacing / 2, middle + spacing / 2] : [middle - spacing, middle, middle + spacing]
        for y in centres {
            let x = inset + random.uniform(-1...1)
            if dark {
                let level = random.uniform(0.05...0.3)
                cairo_set_source_rgb(cr, level, level, level)
                cairo_arc(cr, x * mm, y * mm, radius * mm, 0, 2 * .pi)
                cairo_fill(cr)
            } else {
                let level = random.uniform(0.45...0.75)
                cairo_set_source_rgb(cr, level, level, level)
                cairo_arc(cr, x * mm, y * mm, radius * mm, 0, 2 * .pi)
                cairo_fill(cr)
                cairo_set_source_rgb(cr, 0.99, 0.99, 0.99)
                cairo_arc(cr, (x + random.uniform(0.4...0.9)) * mm, (y + random.uniform(0.2...0.6)) * mm, radius * mm, 0, 2 * .pi)
                cairo_fill(cr)
            }
        }
    }

    /// A staple across the top-left corner, or the two holes one left.
    func staple(_ random: inout SeededRandom) {
        let x = random.uniform(7...15), y = random.uniform(7...15), length = random.uniform(9...13)
        let angle = random.uniform(-0.9...(-0.6))
        let level = random.uniform(0.1...0.4)
        cairo_set_source_rgb(cr, level, level, level * 1.1)
        if random.chance(0.6) {
            cairo_set_line_width(cr, random.uniform(0.5...0.9) * mm)
            cairo_move_to(cr, x * mm, (y + length * 0.7) * mm)
            cairo_line_to(cr, (x + length * cos(angle + .pi / 2)) * mm, (y + length * 0.7 - length * sin(angle + .pi / 2)) * mm)
            cairo_stroke(cr)
        } else {
            for t in [0.0, 1.0] {
                cairo_arc(cr, (x + t * length * 0.7) * mm, (y + length * 0.7 - t * length * 0.7) * mm, 0.45 * mm, 0, 2 * .pi)
                cairo_fill(cr)
            }
        }
    }

    func dust(_ random: inout SeededRandom) {
        let count = Int(random.uniform(10...60))
        for _ in 0..<count {
            let level = random.uniform(0.1...0.5)
            cairo_set_source_rgb(cr, level, level, level)
            cairo_arc(cr, random.uniform(0...width), random.uniform(0...height), random.uniform(0.05...0.25) * mm, 0, 2 * .pi)
            cairo_fill(cr)
        }
    }

    /// The scanner's dark backing past the sheet's edge: a band 1 to 4 mm wide along one side.
    func edgeShadow(_ random: inout SeededRandom) {
        let band = random.uniform(1...4) * mm
        let level = random.uniform(0.15...0.45)
        cairo_set_source_rgb(cr, level, level, level)
        switch random.next() % 4 {
        case 0: cairo_rectangle(cr, 0, 0, width, band)
        case 1: cairo_rectangle(cr, 0, height - band, width, band)
        case 2: cairo_rectangle(cr, 0, 0, band, height)
        default: cairo_rectangle(cr, width - band, 0, band, height)
        }
        cairo_fill(cr)
    }

    /// Light falling off towards one side, to up to a quarter of it gone.
    func unevenLight(_ random: inout SeededRandom) {
        let amount = random.uniform(0.08...0.25)
        let fromLeft = random.chance(0.5)
        guard let gradient = cairo_pattern_create_linear(fromLeft ? 0 : width, 0, fromLeft ? width * 0.6 : width * 0.4, 0) else { return }
        cairo_pattern_add_color_stop_rgb(gradient, 0, 1 - amount, 1 - amount, 1 - amount)
        cairo_pattern_add_color_stop_rgb(gradient, 1, 1, 1, 1)
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY)
        cairo_set_source(cr, gradient)
        cairo_paint(cr)
        cairo_restore(cr)
        cairo_pattern_destroy(gradient)
    }
}
