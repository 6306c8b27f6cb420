import Foundation

/// The invisible text's font: Tesseract's "GlyphLessFont" (pdf.ttf, in libtesseract's tessdata),
/// one empty glyph half an em wide, which every character maps to. The text is drawn invisibly
/// (render mode 3) anyway; the font is embedded so viewers need no substitute, and the ToUnicode
/// map gives the characters back for search, selection and copying.
enum GlyphlessFont {
    /// Every glyph's advance, thousandths of the font size.
    static let advance = 500.0
    /// The vertical metrics viewers and pdftotext use for a word's box: 80 % of the size above the
    /// baseline, 20 % below.
    static let ascent = 800.0
    static let descent = -200.0

    /// pdf.ttf's bytes, when Tesseract's data folder has them.
    static func fontFile(in folder: String?) -> [UInt8]? {
        guard let folder, let data = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent("pdf.ttf")),
              data.count > 12, data.count < 65_536 else { return nil }
        return [UInt8](data)
    }

    /// CIDs are UTF-16 code units; the map gives each back as itself. A bfrange may not cross a
    /// change of its first byte, so there is one range per first byte.
    static let toUnicode: String = {
        var ranges = ""
        for high in 0..<256 {
            let start = String(format: "%02X00", high), end = String(format: "%02XFF", high)
            ranges += "<\(start)> <\(end)> <\(start)>\n"
        }
        return """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def
        1 begincodespacerange
        <0000> <FFFF>
        endcodespacerange
        256 beginbfrange
        \(ranges)endbfrange
        endcmap
        CMapName currentdict /CMap defineresource pop
        end
        end
        """
    }()
}
