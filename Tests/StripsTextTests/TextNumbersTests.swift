import Foundation
import Testing
@testable import StripsText

/// Numbers written into PDFs are finite and within what readers take; text entries with numbers
/// out of place are misses, read again, never laid on a page (issue 28).
@Suite("Numbers in text layers and the text cache")
struct TextNumbersTests {
    @Test("a number past Int's range, or not a number, is written within the PDF limit")
    func pdfNumbers() {
        // 1e300 was turned into an Int and crashed the save.
        #expect(pdfNumber(1e300) == "32767" && pdfNumber(-1e300) == "-32767")
        #expect(pdfNumber(.nan) == "0" && pdfNumber(.infinity) == "0")
        #expect(pdfNumber(12.3456) == "12.346" && pdfNumber(-0.5) == "-0.5")
    }

    static func page(words: [TextWord], width: Double = 2550, height: Double = 3300) -> PageText {
        PageText(words: words, lines: [], text: words.map(\.text).joined(separator: " "), width: width, height: height,
                 origin: .recognised(languages: "eng"))
    }

    @Test("a word whose box is out of every range is left out of the layer, the others stay")
    func extremeWordsAreLeftOut() throws {
        let good = TextWord(text: "kept", box: TextBox(x: 100, y: 100, width: 200, height: 40), confidence: 90, line: 0)
        let far = TextWord(text: "far", box: TextBox(x: 1e300, y: 1e300, width: 1e300, height: 1e300), confidence: 90, line: 0)
        let thin = TextWord(text: "thin", box: TextBox(x: 100, y: 300, width: 1e-300, height: 40), confidence: 90, line: 0)
        let page = Self.page(words: [good, far, thin])
        let placement = TextPlacement.filling(pageWidth: 612, pageHeight: 792, textWidth: page.width, textHeight: page.height)
        let stream = TextLayer.contentStream(page, placement)
        #expect(stream.components(separatedBy: " Tj\n").count - 1 == 1)
        #expect(!stream.contains("e+") && !stream.contains("inf") && !stream.contains("nan"))
        let huge = TextPlacement.filling(pageWidth: 1e300, pageHeight: .nan, textWidth: page.width, textHeight: page.height)
        let document = String(decoding: TextLayer.document([(page, huge)], fontFolder: nil), as: UTF8.self)
        #expect(document.contains("/MediaBox [0 0 14400 612]"))
    }

    @Test("cache entries with numbers out of place, or too large, are misses and are read again")
    func badEntriesAreMisses() throws {
        let folder = try Folder()
        let file = folder.path("scan.jpg")
        try Data("picture".utf8).write(to: URL(fileURLWithPath: file))
        let cache = TextCache(folder: folder.path("cache"))
        let key = try #require(TextCacheKey(path: file, recipe: "p1", languages: "eng"))
        let word = TextWord(text: "w", box: TextBox(x: 1, y: 2, width: 3, height: 4), confidence: 90, line: 0)
        #expect(cache.store(Self.page(words: [word]), for: key))
        let entry = try #require(try FileManager.default.subpathsOfDirectory(atPath: cache.folder).first { $0.count > 3 })
        let path = cache.folder + "/" + entry
        let good = try String(contentsOfFile: path, encoding: .utf8)
        for (from, to) in [("\"width\":2550", "\"width\":1e308"), ("\"width\":2550", "\"width\":-5"),
                           ("\"boxes\":[1,2,3,4]", "\"boxes\":[1e300,2,3,4]"), ("\"boxes\":[1,2,3,4]", "\"boxes\":[1,2,-3,4]")] {
            #expect(good.contains(from))
            try good.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: false, encoding: .utf8)
            #expect(cache.text(for: key) == nil, "\(to)")
            #expect(!FileManager.default.fileExists(atPath: path))
            try good.write(toFile: path, atomically: false, encoding: .utf8)
            #expect(cache.text(for: key) != nil)
        }
        // Too large to be an entry: not read, and gone.
        #expect(truncate(path, off_t(TextCache.maxEntryBytes + 1)) == 0)
        #expect(cache.text(for: key) == nil && !FileManager.default.fileExists(atPath: path))
        // A FIFO under the entry's name is not waited on.
        #expect(mkfifo(path, 0o600) == 0)
        #expect(cache.text(for: key) == nil)
        // What is not valid is not stored either.
        let far = TextWord(text: "w", box: TextBox(x: .infinity, y: 2, width: 3, height: 4), confidence: 90, line: 0)
        #expect(!cache.store(Self.page(words: [far]), for: key))
    }
}
