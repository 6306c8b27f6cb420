import Foundation
import StripsPictures
import StripsSampleScans
import StripsText
import Testing

@Suite("Page text")
struct PageTextServiceTests {
    @Test("a PDF page's own text is used as it is: nothing is drawn or recognised")
    func pdfPagesAreNotRecognised() throws {
        let folder = try Folder()
        let path = folder.path("text.pdf")
        _ = PDFTextTests.make(path)
        let service = PageTextService(languages: "eng", cache: TextCache(folder: folder.path("cache")))
        var drawn = 0
        let text = try service.pageText(file: path, pdfPage: 0, recipe: "p0") {
            drawn += 1
            return nil
        }
        #expect(drawn == 0 && text?.origin == .pdf && text?.words.first?.text == "Invoice")
        // With recognition off the PDF's own text is still there.
        #expect(try PageTextService(languages: nil, cache: nil).pageText(file: path, pdfPage: 0, recipe: "p0") { nil }?.isEmpty == false)
    }

    @Test("a picture page is recognised once, then read from the cache; with recognition off it has none")
    func picturesAreRecognisedOnce() throws {
        let folder = try Folder()
        let scan = TextFixtures.strip()
        let file = folder.path("scan.jpg")
        try Data(scan.jpeg).write(to: URL(fileURLWithPath: file))
        let cache = TextCache(folder: folder.path("cache"))
        var drawn = 0
        let render = { () -> (picture: PixelBuffer, dpi: Double)? in
            drawn += 1
            return (scan.picture, scan.dpi)
        }
        let first = try #require(try PageTextService(languages: "eng", cache: cache).pageText(file: file, pdfPage: nil, recipe: "look original", render: render))
        #expect(TextFixtures.accuracy(truth: scan.text, read: first.text) >= 0.95)
        // A new service (a new run of the app) finds it in the cache.
        let second = try PageTextService(languages: "eng", cache: cache).pageText(file: file, pdfPage: nil, recipe: "look original", render: render)
        #expect(drawn == 1 && second == first)
        #expect(try PageTextService(languages: nil, cache: cache).pageText(file: file, pdfPage: nil, recipe: "look original", render: render) == nil)
        // A scanned PDF page (a picture, no text of its own) is recognised like a picture.
        #expect(PageText.printed([first, nil, second]).components(separatedBy: "\u{0C}").count == 3)
    }
}
