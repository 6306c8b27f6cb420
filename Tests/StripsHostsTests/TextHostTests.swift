import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsHosts
import StripsPDF
import StripsPictures
import StripsSampleScans
import StripsText
import Testing

/// `readText` through the Photos host: each page asked for is answered once, with its words
/// (`recognised`) or as having none (`textless`); in a script at once, in the window by the
/// workers through `poll`, the near pages first, a search's after; a save reads what nobody asked.
@Suite struct TextHostTests {
    /// A PDF of `count` pages whose page N reads "Page N", and a JPEG with no text of its own
    /// (recognition is off: `--ocr off`).
    static func document(_ fixture: HostFixture, pdfPages count: Int = 3) throws -> [Page] {
        let pdf = fixture.path("letters.pdf")
        try PDFSampleDocument.write(to: pdf, pageSizes: Array(repeating: Size(width: 612, height: 792), count: count)).get()
        let jpeg = fixture.path("photo.jpg")
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Sample/01-contract.jpg")
        try FileManager.default.copyItem(at: sample.standardizedFileURL, to: URL(fileURLWithPath: jpeg))
        let pages = fixture.pages([pdf, jpeg])
        try #require(pages.count == count + 1)
        return pages
    }

    /// Each page's words by page id, and the pages answered without, from `events`.
    static func answers(_ events: [HostEvent], _ pages: [Page]) -> (words: [String: String], textless: [String]) {
        var words: [String: String] = [:], textless: [String] = []
        for event in events {
            switch event.as(TextEvent.self) {
            case .recognised(let texts)?:
                for text in texts { for page in pages where page.textKey == text.key { words[page.id] = text.words.text } }
            case .textless(let keys)?:
                textless += pages.filter { keys.contains($0.textKey) }.map(\.id)
            default:
                break
            }
        }
        return (words, textless.sorted())
    }

    @Test func aScriptsRequestIsReadAtOnceAndEachPageAnsweredOnce() throws {
        let fixture = try HostFixture("text-headless")
        let pages = try Self.document(fixture)
        let events = fixture.host.run(.readText(TextRequest(purpose: .near, pages: pages)))
        let (words, textless) = Self.answers(events, pages)
        #expect(words.keys.sorted() == ["letters.pdf p. 1", "letters.pdf p. 2", "letters.pdf p. 3"])
        #expect(words["letters.pdf p. 2"]?.hasPrefix("Page 2") == true, "\(words)")
        #expect(textless == ["photo.jpg"])
        // Asked again (the focus came back): nothing is read or answered twice.
        #expect(fixture.host.run(.readText(TextRequest(purpose: .near, pages: pages))).isEmpty)
        #expect(fixture.host.poll().isEmpty)
        #expect(fixture.text.text(for: pages[0].textKey)?.text.hasPrefix("Page 1") == true)
    }

    /// A frame for the host's `shown`: still or moving.
    struct Still: FrameContent {
        func drawItems() -> [DrawItem] { [] }
        func traceFields() -> [(String, JSON)] { [] }
    }

    static func frame(idle: Bool) -> Frame {
        Frame(time: 0, scene: "photos", window: Size(width: 800, height: 600), isIdle: idle, title: "", content: Still())
    }

    @Test func inTheWindowTheWorkersReadOnceTheStripsRestAndAnswerThroughPoll() throws {
        let fixture = try HostFixture("text-live", live: true)
        let pages = try Self.document(fixture)
        // Asked while the strips move: held until they rest.
        fixture.host.shown(Self.frame(idle: false), picturesPending: false)
        #expect(fixture.host.run(.readText(TextRequest(purpose: .near, pages: pages))).isEmpty)
        fixture.host.shown(Self.frame(idle: true), picturesPending: false)
        let events = fixture.pollUntil { Self.answers($0, pages).words.count + Self.answers($0, pages).textless.count == pages.count }
        let (words, textless) = Self.answers(events, pages)
        #expect(words.count == 3 && textless == ["photo.jpg"])
    }

    @Test func aSearchsPagesAreReadAfterTheNearOnesEveryOneAnswered() throws {
        let fixture = try HostFixture("text-search", live: true)
        let pages = try Self.document(fixture, pdfPages: 20)
        fixture.host.shown(Self.frame(idle: true), picturesPending: false)
        #expect(fixture.host.run(.readText(TextRequest(purpose: .near, pages: Array(pages[0..<2])))).isEmpty)
        #expect(fixture.host.run(.readText(TextRequest(purpose: .search, pages: pages))).isEmpty)
        let events = fixture.pollUntil { Self.answers($0, pages).words.count + Self.answers($0, pages).textless.count == pages.count }
        let (words, textless) = Self.answers(events, pages)
        #expect(words.count == 20 && textless == ["photo.jpg"])
        #expect(words["letters.pdf p. 17"]?.hasPrefix("Page 17") == true)
    }

    @Test func aSaveReadsTheTextNobodyAskedFor() throws {
        let fixture = try HostFixture("text-save", output: "saved.pdf")
        let pages = try Self.document(fixture)
        let answered = fixture.host.run(.save(SaveRequest(pages: pages, revision: 1)))
        guard case .saved(let outcome)? = answered.last?.as(SaveEvent.self) else {
            Issue.record("answered \(answered), said \(fixture.lines)")
            return
        }
        #expect(outcome.path == fixture.path("saved.pdf"))
        #expect(try PDFTextReader(path: outcome.path).pageCount == 4)
        // The scene hears of the text read for the save too.
        let (words, textless) = Self.answers(fixture.host.poll(), pages)
        #expect(words.count == 3 && textless == ["photo.jpg"])
    }

    /// A scanned page nobody looked at, saved with recognition on: its words are read for the
    /// save and laid on the saved page as its invisible text (Tesseract, a few lines of text).
    @Test func aRecognisedPageSavedUnreadCarriesItsText() throws {
        let fixture = try HostFixture("text-ocr-save", languages: "eng", output: "scan.pdf")
        let style = SampleScanStyle(font: "DejaVu Serif", points: 11, turn: 0.8, shadow: 0.35, noise: 10, jpegQuality: 80, seed: 0)
        let scan = try #require(SampleScanner.scan(style, inches: (8.5, 3)))
        let path = fixture.path("scan.jpg")
        try Data(scan.jpeg).write(to: URL(fileURLWithPath: path))
        let pages = fixture.pages([path])
        guard case .saved(let outcome)? = fixture.host.run(.save(SaveRequest(pages: pages, revision: 1))).last?.as(SaveEvent.self) else {
            Issue.record("not saved: \(fixture.lines)")
            return
        }
        let layered = try #require(try PDFTextReader(path: outcome.path).text(page: 0)?.text)
        #expect(WordAccuracy.share(truth: scan.text, read: layered) >= 0.9, "\(layered) \(fixture.lines) \(String(describing: fixture.text.text(for: pages[0].textKey)?.text))")
    }
}
