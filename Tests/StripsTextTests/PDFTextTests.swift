import CCairo
import Foundation
import StripsText
import Testing

@Suite("PDF text")
struct PDFTextTests {
    /// A two-page PDF: page 1 with words drawn at known places by cairo (real glyphs, real text),
    /// page 2 with a picture and no text. The boxes are in points, top-left origin.
    static func make(_ path: String) -> [(text: String, x: Double, y: Double, width: Double)] {
        let surface = cairo_pdf_surface_create(path, 612, 792)
        let cr = cairo_create(surface)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 12)
        var drawn: [(String, Double, Double, Double)] = []
        for (line, words) in [["Invoice", "number", "4711"], ["Straße", "and", "café"]].enumerated() {
            var x = 72.0
            let baseline = 100.0 + Double(line) * 20
            for word in words {
                var extents = cairo_text_extents_t()
                cairo_text_extents(cr, word, &extents)
                cairo_move_to(cr, x, baseline)
                cairo_show_text(cr, word)
                drawn.append((word, x, baseline, extents.x_advance))
                x += extents.x_advance + 8
            }
        }
        cairo_show_page(cr)
        cairo_rectangle(cr, 100, 100, 300, 200)
        cairo_fill(cr)
        cairo_show_page(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return drawn
    }

    @Test("a PDF page's own words come with their boxes, in lines, in the page's points")
    func wordsAndBoxes() throws {
        let folder = try Folder()
        let path = folder.path("text.pdf")
        let drawn = Self.make(path)
        let reader = try PDFTextReader(path: path)
        #expect(reader.pageCount == 2)
        let text = try #require(reader.text(page: 0))
        #expect(text.origin == .pdf && text.width == 612 && text.height == 792)
        #expect(text.words.map(\.text) == drawn.map(\.text))
        #expect(text.lines.count == 2 && text.lines[0].wordRange == 0..<3 && text.lines[1].wordRange == 3..<6)
        for (word, expected) in zip(text.words, drawn) {
            // Left and right edges on the drawn advance; the box spans the baseline.
            #expect(abs(word.box.x - expected.x) < 1 && abs(word.box.maxX - (expected.x + expected.width)) < 1, "\(word.text)")
            #expect(word.box.y < expected.y && word.box.maxY > expected.y, "\(word.text)")
            #expect(word.box.height > 8 && word.box.height < 20)
        }
        #expect(text.text.contains("Invoice number 4711") && text.text.contains("Straße and café"))
    }

    @Test("a page with only a picture has no words; no such page is nil; a bad file is one line")
    func noText() throws {
        let folder = try Folder()
        let path = folder.path("text.pdf")
        _ = Self.make(path)
        let reader = try PDFTextReader(path: path)
        #expect(try #require(reader.text(page: 1)).isEmpty)
        #expect(reader.text(page: 2) == nil && reader.text(page: -1) == nil)
        #expect(throws: TextLayerError.self) { try PDFTextReader(path: folder.path("missing.pdf")) }
        try Data("%PDF-1.4\n1 0 obj <<".utf8).write(to: URL(fileURLWithPath: folder.path("bad.pdf")))
        do {
            _ = try PDFTextReader(path: folder.path("bad.pdf"))
            Issue.record("opened a damaged file")
        } catch {
            #expect(!error.description.contains("\n") && error.description.hasPrefix(folder.path("bad.pdf")))
        }
    }
}

@Suite("PDF text on turned pages")
struct PDFTextEdgeTests {
    @Test("a page with /Rotate 90 gives its text in the page as shown: sizes swapped, words where the viewer sees them")
    func rotatedPage() throws {
        let folder = try Folder()
        let upright = folder.path("text.pdf"), turned = folder.path("turned.pdf")
        let drawn = PDFTextTests.make(upright)
        try tool("/usr/bin/qpdf", ["--rotate=+90:1", upright, turned])
        let text = try #require(try PDFTextReader(path: turned).text(page: 0))
        #expect(text.width == 792 && text.height == 612)
        // Turned a quarter clockwise, (x, y) of the upright page is shown at (792 - y, x).
        let first = try #require(text.words.first { $0.text == drawn[0].text })
        #expect(abs(first.box.y - drawn[0].x) < 1 && abs(first.box.maxY - (drawn[0].x + drawn[0].width)) < 1)
        #expect(first.box.x < 792 - drawn[0].y + 1 && first.box.maxX > 792 - drawn[0].y - 1)
    }
}
