import CLeptonica
import Foundation

/// Invisible text pages, OCRmyPDF's "sandwich": each word is drawn in render mode 3 (neither filled
/// nor stroked) in a glyphless font, stretched to its box, so viewers find and select it where the
/// picture shows it and `pdftotext` reads it, while nothing is drawn. Laid over the pages of a
/// saved document with `TextOverlay`.
public enum TextLayer {
    /// A PDF with one text-only page per entry, each the size (and /Rotate) of its placement.
    /// `fontFolder` is where Tesseract's pdf.ttf is (default: the tessdata folder).
    public static func document(_ pages: [(text: PageText, placement: TextPlacement)], fontFolder: String? = TessData.folder()) -> [UInt8] {
        var pdf = PDFObjects()
        let catalog = pdf.reserve(), tree = pdf.reserve(), font = pdf.reserve()
        writeFont(font, into: &pdf, folder: fontFolder)
        var kids: [Int] = []
        for (text, placement) in pages {
            let page = pdf.reserve(), content = pdf.reserve()
            kids.append(page)
            pdf.write(content, dictionary: "", stream: Array(contentStream(text, placement).utf8))
            let box = "[0 0 \(pdfNumber(Self.pageSide(placement.pageWidth))) \(pdfNumber(Self.pageSide(placement.pageHeight)))]"
            let rotate = placement.rotate == 0 ? "" : " /Rotate \(placement.rotate)"
            pdf.write(page, "<< /Type /Page /Parent \(tree) 0 R /MediaBox \(box)\(rotate) /Resources << /Font << /F1 \(font) 0 R >> >> /Contents \(content) 0 R >>")
        }
        pdf.write(tree, "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>")
        pdf.write(catalog, "<< /Type /Catalog /Pages \(tree) 0 R >>")
        return pdf.finished(root: catalog)
    }

    /// A page side as a PDF may have it: 3 to 14,400 points (ISO 32000-1, annex C); a side that
    /// is not a number is a letter page's.
    static func pageSide(_ side: Double) -> Double {
        side.isFinite ? min(14_400, max(3, side)) : 612
    }

    /// One text-only page.
    public static func page(_ text: PageText, placement: TextPlacement, fontFolder: String? = TessData.folder()) -> [UInt8] {
        document([(text, placement)], fontFolder: fontFolder)
    }

    /// The drawing of one page's words. All words of a line share one font size and follow the
    /// line's baseline, so readers (pdftotext, viewers' selection) keep them in one line in reading
    /// order; each word is stretched (Tz) to its own width. A word's glyph box then spans its
    /// line's ascenders to descenders, as any font's text does, rather than its own ink.
    static func contentStream(_ text: PageText, _ placement: TextPlacement) -> String {
        var out = "BT\n3 Tr\n"
        let bands = text.lines.map(LineBand.init)
        for word in text.words {
            let units = encoded(word.text)
            guard !units.isEmpty, word.box.width > 0, word.box.height > 0 else { continue }
            let band = bands.indices.contains(word.line) ? bands[word.line] : LineBand(word: word.box)
            let size = band.above + band.below
            // The glyph box's top is the band's top: the font puts 80 % of its size above the baseline.
            let rise = size * GlyphlessFont.ascent / 1000 - band.above
            let middle = band.level(at: word.box.x + word.box.width / 2) + rise
            let start = placement.point(word.box.x, middle)
            let end = placement.point(word.box.maxX, middle)
            let dx = end.x - start.x, dy = end.y - start.y
            let length = (dx * dx + dy * dy).squareRoot()
            let points = size * placement.scaleY
            guard length > 0, points > 0 else { continue }
            let (ux, uy) = (dx / length, dy / length)
            let stretch = 100 * length / (Double(units.count) * GlyphlessFont.advance / 1000 * points)
            // A word that cannot be written as it is (numbers not finite or past what readers
            // take: a damaged text entry, a box far off the page) is left out, never clamped into
            // a place where it is not.
            guard [points, stretch, ux, uy, start.x, start.y].allSatisfy({ $0.isFinite && abs($0) <= pdfNumberLimit }) else { continue }
            out += "/F1 \(pdfNumber(points)) Tf \(pdfNumber(stretch)) Tz "
            out += "\(pdfNumber(ux)) \(pdfNumber(uy)) \(pdfNumber(-uy)) \(pdfNumber(ux)) \(pdfNumber(start.x)) \(pdfNumber(start.y)) Tm "
            out += "<\(units.map { String(format: "%04X", $0) }.joined())> Tj\n"
        }
        return out + "ET\n"
    }

    /// A line's baseline and how far its letters reach above and below it, measured square to the
    /// baseline: an upright box around a slightly turned line is taller than its letters by the
    /// turn, which must not make the font bigger.
    struct LineBand {
        var x1: Double, y1: Double, slope: Double
        var above: Double, below: Double
        /// The line's left and right ends.
        var left: Double, right: Double

        init(_ line: TextLine) {
            let box = line.box
            guard let baseline = line.baseline, baseline.x2 != baseline.x1 else {
                self.init(word: box)
                return
            }
            let slope = (baseline.y2 - baseline.y1) / (baseline.x2 - baseline.x1)
            let left = baseline.y(at: box.x), right = baseline.y(at: box.maxX)
            // The box's top touches the letters where the baseline is highest, its bottom where lowest.
            self.init(x1: baseline.x1, y1: baseline.y1, slope: slope,
                      above: max(1, min(left, right) - box.y), below: max(0, box.maxY - max(left, right)), left: box.x, right: box.maxX)
        }

        /// A flat band over a box with the baseline at 80 % of its height (no baseline known).
        init(word box: TextBox) {
            self.init(x1: box.x, y1: box.y + box.height * 0.8, slope: 0, above: max(1, box.height * 0.8), below: box.height * 0.2,
                      left: box.x, right: box.maxX)
        }

        init(x1: Double, y1: Double, slope: Double, above: Double, below: Double, left: Double, right: Double) {
            self.left = left
            self.right = right
            self.x1 = x1
            self.y1 = y1
            self.slope = slope
            self.above = above
            self.below = below
        }

        func baseline(at x: Double) -> Double { y1 + slope * (x - x1) }

        /// Where a word is set: on the baseline, kept within `LineBand.driftLimit` of the font
        /// size around the line's middle. Readers (poppler's pdftotext, and the viewers built on
        /// it) gather words into a line only while their baselines stay within half the font size
        /// of the line's first word; a page turned a degree lets a long line rise by more, and its
        /// text would be read as broken lines. Words beyond the band are set on its edge: a long
        /// line on a page turned 1.2 degrees has its end words up to 2.5 pt off their ink, the rest
        /// stay exact, and the line reads as one. Straightening the page first makes all exact.
        func level(at x: Double) -> Double {
            let middle = baseline(at: (left + right) / 2)
            let reach = Self.driftLimit * (above + below) / 2
            return middle + min(reach, max(-reach, baseline(at: x) - middle))
        }

        static let driftLimit = 0.48
    }

    /// The characters as CIDs: UTF-16 code units, except that characters outside the Basic
    /// Multilingual Plane (which would need a pair of units) become U+FFFD.
    static func encoded(_ text: String) -> [UInt16] {
        text.unicodeScalars.compactMap { scalar -> UInt16? in
            if scalar.value < 0x20 { return nil }
            return scalar.value <= 0xFFFF ? UInt16(scalar.value) : 0xFFFD
        }
    }

    /// The Type 0 font: Identity-H, every CID drawn with glyph 1 of the glyphless font, 500 wide.
    private static func writeFont(_ font: Int, into pdf: inout PDFObjects, folder: String?) {
        let descendant = pdf.reserve(), descriptor = pdf.reserve(), toUnicode = pdf.reserve(), glyphMap = pdf.reserve()
        let fontFile = GlyphlessFont.fontFile(in: folder)
        let file = fontFile.map { _ in pdf.reserve() }
        pdf.write(font, "<< /Type /Font /Subtype /Type0 /BaseFont /GlyphLessFont /Encoding /Identity-H /DescendantFonts [\(descendant) 0 R] /ToUnicode \(toUnicode) 0 R >>")
        pdf.write(descendant, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /GlyphLessFont /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor \(descriptor) 0 R /DW \(Int(GlyphlessFont.advance)) /CIDToGIDMap \(glyphMap) 0 R >>")
        let fileEntry = file.map { " /FontFile2 \($0) 0 R" } ?? ""
        pdf.write(descriptor, "<< /Type /FontDescriptor /FontName /GlyphLessFont /Flags 5 /FontBBox [0 \(Int(GlyphlessFont.descent)) \(Int(GlyphlessFont.advance)) \(Int(GlyphlessFont.ascent))] /ItalicAngle 0 /Ascent \(Int(GlyphlessFont.ascent)) /Descent \(Int(GlyphlessFont.descent)) /CapHeight \(Int(GlyphlessFont.ascent)) /StemV 80\(fileEntry) >>")
        pdf.write(toUnicode, dictionary: "", stream: Array(GlyphlessFont.toUnicode.utf8))
        if let compressed = compressedGlyphMap {
            pdf.write(glyphMap, dictionary: "/Filter /FlateDecode", stream: compressed)
        } else {
            pdf.write(glyphMap, dictionary: "", stream: glyphMapBytes)
        }
        if let file, let fontFile {
            pdf.write(file, dictionary: "/Length1 \(fontFile.count)", stream: fontFile)
        }
    }

    /// Every CID (two bytes each) to glyph 1.
    private static var glyphMapBytes: [UInt8] {
        var map = [UInt8](repeating: 0, count: 65_536 * 2)
        for index in stride(from: 1, to: map.count, by: 2) { map[index] = 1 }
        return map
    }

    /// The map deflated once (128 KB to a few hundred bytes).
    private static let compressedGlyphMap: [UInt8]? = deflate(glyphMapBytes)

    private static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var size = 0
        guard let compressed = bytes.withUnsafeBufferPointer({ zlibCompress($0.baseAddress, $0.count, &size) }) else { return nil }
        defer { lept_free(compressed) }
        return Array(UnsafeBufferPointer(start: compressed, count: size))
    }
}
