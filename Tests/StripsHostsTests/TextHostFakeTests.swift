import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsHosts
import StripsPictures
import StripsText
import Testing

/// The text host's recognition path with a stand-in for Tesseract (`FakeTextSource`): pictures are
/// read once each and answered with their words, in a script at once and in the window by the
/// workers; a page that cannot be read is one line on standard error and one on the status line,
/// the same in both. Each runs in a fraction of a second; `TextHostTests` keeps PDF text and the
/// real engine.
@Suite struct TextHostFakeTests {
    /// Three pictures (the sample's contract, copied under three names), as the program opens them.
    static func pictures(_ fixture: HostFixture, names: [String] = ["a.jpg", "b.jpg", "c.jpg"]) throws -> [Page] {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Sample/01-contract.jpg").standardized
        for name in names { try FileManager.default.copyItem(at: sample, to: URL(fileURLWithPath: fixture.path(name))) }
        let pages = fixture.pages(names.map(fixture.path))
        try #require(pages.count == names.count)
        return pages
    }

    static func fixture(_ name: String, live: Bool = false, asked: Locked<[String]>,
                        read: @escaping @Sendable (String) -> Result<String, RecognitionError>) throws -> HostFixture {
        try HostFixture(name, live: live, languages: "eng", textSource: FakeTextSource.maker(asked: asked, read: read))
    }

    /// "words of NAME" for every file.
    static let wordsOfName: @Sendable (String) -> Result<String, RecognitionError> = { .success("words of " + ($0 as NSString).lastPathComponent) }

    @Test func aScriptsPicturesAreRecognisedOnceEachAndAnsweredWithTheirWords() throws {
        let asked = Locked<[String]>([])
        let fixture = try Self.fixture("fake-text-script", asked: asked, read: Self.wordsOfName)
        let pages = try Self.pictures(fixture)
        let events = fixture.host.run(.readText(TextRequest(purpose: .near, pages: pages)))
        let (words, textless) = TextHostTests.answers(events, pages)
        #expect(words == ["a.jpg": "words of a.jpg", "b.jpg": "words of b.jpg", "c.jpg": "words of c.jpg"], "\(words)")
        #expect(textless.isEmpty)
        // Asked again: nothing read twice.
        #expect(fixture.host.run(.readText(TextRequest(purpose: .near, pages: pages))).isEmpty)
        #expect(asked.current.sorted() == ["a.jpg", "b.jpg", "c.jpg"])
    }

    @Test func aPageThatCannotBeReadIsOneLineAndOneStatusTheSameInAScriptAndInTheWindow() throws {
        for live in [false, true] {
            let asked = Locked<[String]>([])
            let fixture = try Self.fixture("fake-text-fails-\(live)", live: live, asked: asked) { file in
                file.hasSuffix("b.jpg") ? .failure(.failed("the engine gave up")) : Self.wordsOfName(file)
            }
            let pages = try Self.pictures(fixture)
            var events = fixture.host.run(.readText(TextRequest(purpose: .near, pages: pages)))
            if live {
                fixture.host.shown(TextHostTests.frame(idle: true), picturesPending: false)
                events += fixture.pollUntil { TextHostTests.answers($0, pages).words.count + TextHostTests.answers($0, pages).textless.count == 3 }
            }
            let (words, textless) = TextHostTests.answers(events, pages)
            #expect(words.keys.sorted() == ["a.jpg", "c.jpg"] && textless == ["b.jpg"], "live \(live): \(words) \(textless)")
            let failures = events.compactMap { if case .failed(let message)? = $0.as(TextEvent.self) { message.english } else { nil } }
            #expect(failures == ["Text not read: b.jpg: recognition failed: the engine gave up"], "live \(live): \(failures)")
            #expect(fixture.lines == ["strips: b.jpg: recognition failed: the engine gave up"], "live \(live): \(fixture.lines)")
        }
    }

    @Test func inTheWindowTheNearPagesAreReadBeforeASearchs() throws {
        let asked = Locked<[String]>([])
        let fixture = try Self.fixture("fake-text-order", live: true, asked: asked, read: Self.wordsOfName)
        let pages = try Self.pictures(fixture, names: (1...6).map { "p\($0).jpg" })
        // Held (the strips move) while both wishes arrive, so the order is the host's, not the race's.
        fixture.host.shown(TextHostTests.frame(idle: false), picturesPending: false)
        _ = fixture.host.run(.readText(TextRequest(purpose: .search, pages: Array(pages[0..<4]))))
        _ = fixture.host.run(.readText(TextRequest(purpose: .near, pages: Array(pages[4..<6]))))
        fixture.host.shown(TextHostTests.frame(idle: true), picturesPending: false)
        let events = fixture.pollUntil { TextHostTests.answers($0, pages).words.count == 6 }
        #expect(TextHostTests.answers(events, pages).words.count == 6)
        let order = asked.current
        #expect(order.count == 6)
        // The window keeps a core for drawing: one worker on two cores, which reads in the order
        // handed over; with more workers the first pages start together.
        if ProcessInfo.processInfo.activeProcessorCount <= 2 {
            #expect(Array(order.prefix(2)) == ["p5.jpg", "p6.jpg"] && Array(order.suffix(4)) == ["p1.jpg", "p2.jpg", "p3.jpg", "p4.jpg"], "\(order)")
        }
    }
}
