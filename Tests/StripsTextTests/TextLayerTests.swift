import CCairo
import Foundation
import StripsLooks
import StripsPictures
import StripsSampleScans
import StripsText
import Testing

@Suite("Text layers")
struct TextLayerTests {
    /// The letter page saved as a PDF the way the saver does (its JPEG as it is, the page its size
    /// at 300 dpi), then with its text layer laid on by qpdf.
    static func layered(in folder: Folder) throws -> (scan: String, layered: String, placement: TextPlacement) {
        let (scan, text) = TextFixtures.letter
        let base = folder.path("scan.pdf"), layered = folder.path("layered.pdf")
        try ScanPDF.write(jpeg: scan.jpeg, width: scan.picture.width, height: scan.picture.height, dpi: scan.dpi, to: base)
        let placement = TextPlacement.scan(width: scan.picture.width, height: scan.picture.height, dpi: scan.dpi)
        try TextOverlay.overlay([0: (text, placement)], of: base, output: layered).get()
        return (base, layered, placement)
    }

    @Test("pdftotext reads at least 95 % of the page's long words from the saved, layered PDF, in reading order")
    func wordsAreReadable() throws {
        let folder = try Folder()
        let (_, layered, _) = try Self.layered(in: folder)
        let read = try tool("/usr/bin/pdftotext", [layered, "-"])
        #expect(WordAccuracy.share(truth: TextFixtures.letter.scan.text, read: read) >= 0.95)
        // Lines are read as lines: the heading comes out whole, and each recognised line is one line.
        #expect(read.contains("Minutes of the Harbour Street Allotment Society"))
        let readLines = Set(read.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let text = TextFixtures.letter.text
        let whole = text.lines.filter { line in readLines.contains(text.words[line.wordRange].map(\.text).joined(separator: " ")) }
        #expect(Double(whole.count) / Double(text.lines.count) >= 0.9)
    }

    @Test("word boxes: left and right edges within 2 pt of Tesseract's, centres within 2 pt, the ink inside the box")
    func wordBoxes() throws {
        let folder = try Folder()
        let (_, layered, placement) = try Self.layered(in: folder)
        let text = TextFixtures.letter.text
        let words = try BoxedWord.read(layered)
        #expect(words.count >= text.words.count * 95 / 100)
        let scale = placement.pageWidth / text.width
        var pool = Dictionary(grouping: text.words, by: \.text)
        var edges = 0, centres = 0, inside = 0, matched = 0
        for word in words {
            guard let candidates = pool[word.text], !candidates.isEmpty else { continue }
            func centreDistance(_ t: TextWord) -> Double {
                let dx = (t.box.x + t.box.width / 2) * scale - (word.xMin + word.xMax) / 2
                let dy = (t.box.y + t.box.height / 2) * scale - (word.yMin + word.yMax) / 2
                return (dx * dx + dy * dy).squareRoot()
            }
            let best = candidates.indices.min { centreDistance(candidates[$0]) < centreDistance(candidates[$1]) } ?? 0
            let t = candidates[best]
            pool[word.text]?.remove(at: best)
            matched += 1
            if abs(t.box.x * scale - word.xMin) <= 2, abs(t.box.maxX * scale - word.xMax) <= 2 { edges += 1 }
            if centreDistance(t) <= 2 { centres += 1 }
            if t.box.y * scale >= word.yMin - 2, t.box.maxY * scale <= word.yMax + 2 { inside += 1 }
        }
        #expect(matched >= text.words.count * 95 / 100)
        #expect(edges == matched)
        #expect(Double(centres) / Double(matched) >= 0.95)
        #expect(Double(inside) / Double(matched) >= 0.95)
    }

    @Test("the layer is invisible: the layered page renders exactly as the scan alone")
    func invisible() throws {
        let folder = try Folder()
        let (base, layered, _) = try Self.layered(in: folder)
        let plain = try #require(RenderedPage.render(base, dpi: 50, grey: false))
        let withText = try #require(RenderedPage.render(layered, dpi: 50, grey: false))
        #expect(plain.width > 100 && plain == withText)
        // And the layered file is the scan plus a little: the text layer costs kilobytes, not a second picture.
        let sizes = try [base, layered].map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0 }
        #expect(sizes[1] > sizes[0] && sizes[1] - sizes[0] < 60_000)
    }

    @Test("a turned page (/Rotate 90) gets its text where the viewer shows the words")
    func rotatedPage() throws {
        let folder = try Folder()
        let scan = TextFixtures.strip()
        let text = try Recognizer(languages: "eng").recognise(scan.picture, dpi: scan.dpi)
        let upright = folder.path("upright.pdf"), turned = folder.path("turned.pdf"), layered = folder.path("layered.pdf")
        try ScanPDF.write(jpeg: scan.jpeg, width: scan.picture.width, height: scan.picture.height, dpi: scan.dpi, to: upright)
        try tool("/usr/bin/qpdf", ["--rotate=+90", upright, turned])
        let placement = TextPlacement.scan(width: scan.picture.width, height: scan.picture.height, dpi: scan.dpi, rotate: 90)
        try TextOverlay.overlay([0: (text, placement)], of: turned, output: layered).get()
        let words = try BoxedWord.read(layered)
        #expect(WordAccuracy.share(truth: scan.text, read: words.map(\.text).joined(separator: " ")) >= 0.95)
        // Shown turned a quarter clockwise, a point (x, y) of the upright page is at (H - y, x).
        let height = placement.pageHeight, scale = placement.pageWidth / text.width
        var near = 0
        for word in words {
            guard let t = text.words.first(where: { $0.text == word.text }) else { continue }
            let x = height - (t.box.y + t.box.height / 2) * scale, y = (t.box.x + t.box.width / 2) * scale
            if abs(x - (word.xMin + word.xMax) / 2) <= 2, abs(y - (word.yMin + word.yMax) / 2) <= 2 { near += 1 }
        }
        #expect(Double(near) / Double(words.count) >= 0.8)
        #expect(try #require(RenderedPage.render(turned, dpi: 40)) == (try #require(RenderedPage.render(layered, dpi: 40))))
    }

    @Test("accented and non-Latin letters come back from the layer as they went in")
    func unicode() throws {
        let folder = try Folder()
        let words = ["Grüße", "aus", "Köln:", "naïve", "façade,", "€42", "Ελληνικά", "кириллица", "日本"]
        var x = 20.0
        let text = PageText(words: words.map { word -> TextWord in
            defer { x += Double(word.count) * 30 + 20 }
            return TextWord(text: word, box: TextBox(x: x, y: 40, width: Double(word.count) * 30, height: 40), confidence: 90, line: 0)
        }, lines: [TextLine(box: TextBox(x: 20, y: 40, width: x, height: 40), firstWord: 0, endWord: words.count, baseline: nil)],
        text: words.joined(separator: " "), width: 2000, height: 200, origin: .recognised(languages: "eng"))
        let path = folder.path("unicode.pdf")
        try Data(TextLayer.page(text, placement: .filling(pageWidth: 500, pageHeight: 50, textWidth: 2000, textHeight: 200))).write(to: URL(fileURLWithPath: path))
        let read = try tool("/usr/bin/pdftotext", [path, "-"])
        #expect(read.split(whereSeparator: \.isWhitespace).map(String.init) == words)
        // A well-formed file: qpdf finds nothing to complain about.
        #expect(try tool("/usr/bin/qpdf", ["--check", path]).contains("No syntax or stream encoding errors"))
    }

    @Test("pages without text, several pages: each text page lands on the page it names")
    func severalPages() throws {
        let folder = try Folder()
        let scan = TextFixtures.strip()
        let base = folder.path("base.pdf"), layered = folder.path("layered.pdf")
        try ScanPDF.write(jpeg: scan.jpeg, width: scan.picture.width, height: scan.picture.height, dpi: scan.dpi, to: folder.path("one.pdf"))
        try tool("/usr/bin/qpdf", ["--empty", "--pages", folder.path("one.pdf"), folder.path("one.pdf"), folder.path("one.pdf"), "--", base])
        func marker(_ word: String) -> PageText {
            PageText(words: [TextWord(text: word, box: TextBox(x: 100, y: 100, width: 400, height: 60), confidence: 90, line: 0)],
                     lines: [TextLine(box: TextBox(x: 100, y: 100, width: 400, height: 60), firstWord: 0, endWord: 1, baseline: nil)],
                     text: word, width: Double(scan.picture.width), height: Double(scan.picture.height), origin: .recognised(languages: "eng"))
        }
        let placement = TextPlacement.scan(width: scan.picture.width, height: scan.picture.height, dpi: scan.dpi)
        try TextOverlay.overlay([0: (marker("firstmarker"), placement), 2: (marker("thirdmarker"), placement)], of: base, output: layered).get()
        #expect(try tool("/usr/bin/pdfinfo", [layered]).contains("Pages:           3"))
        #expect(try tool("/usr/bin/pdftotext", ["-f", "1", "-l", "1", layered, "-"]).contains("firstmarker"))
        #expect(!(try tool("/usr/bin/pdftotext", ["-f", "2", "-l", "2", layered, "-"]).contains("marker")))
        #expect(try tool("/usr/bin/pdftotext", ["-f", "3", "-l", "3", layered, "-"]).contains("thirdmarker"))
    }

    @Test("bad input: a missing or damaged base, an existing output: one line, nothing written, nothing replaced")
    func failures() throws {
        let folder = try Folder()
        let text = PageText.empty(width: 100, height: 100, origin: .pdf)
        let placement = TextPlacement.filling(pageWidth: 100, pageHeight: 100, textWidth: 100, textHeight: 100)
        let output = folder.path("out.pdf")
        let missing = TextOverlay.overlay([0: (text, placement)], of: folder.path("missing.pdf"), output: output)
        #expect(throws: TextLayerError.self) { try missing.get() }
        if case .failure(let error) = missing { #expect(!error.description.contains("\n") && error.description.contains("missing.pdf")) }
        try Data("%PDF-1.4\nnot really".utf8).write(to: URL(fileURLWithPath: folder.path("damaged.pdf")))
        #expect(throws: TextLayerError.self) { try TextOverlay.overlay([0: (text, placement)], of: folder.path("damaged.pdf"), output: output).get() }
        #expect(!FileManager.default.fileExists(atPath: output))
        // Never over an existing file.
        let scan = TextFixtures.strip()
        let base = folder.path("base.pdf")
        try ScanPDF.write(jpeg: scan.jpeg, width: scan.picture.width, height: scan.picture.height, dpi: scan.dpi, to: base)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: output))
        #expect(throws: TextLayerError.self) { try TextOverlay.overlay([0: (text, placement)], of: base, output: output).get() }
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep me")
        // No stray temporary files are left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root).filter { $0.hasPrefix(".") }.isEmpty)
    }
}

/// A scan page as a one-page PDF, its JPEG embedded as it is (cairo's mime data), as the saver does.
enum ScanPDF {
    static func write(jpeg: [UInt8], width: Int, height: Int, dpi: Double, to path: String) throws {
        let scale = 72 / dpi
        let surface = cairo_pdf_surface_create(path, Double(width) * scale, Double(height) * scale)
        let cr = cairo_create(surface)
        let picture = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        let data = UnsafeMutablePointer<UInt8>.allocate(capacity: jpeg.count)
        data.initialize(from: jpeg, count: jpeg.count)
        cairo_surface_set_mime_data(picture, "image/jpeg", data, UInt(jpeg.count), { $0?.assumingMemoryBound(to: UInt8.self).deallocate() }, data)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, picture, 0, 0)
        cairo_paint(cr)
        cairo_surface_destroy(picture)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        #expect(status == CAIRO_STATUS_SUCCESS)
    }
}
