import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsHosts
import StripsPictures
import StripsScan
import Testing

/// The scan host's own logic with a stand-in scanner (`FakeScanner`: no SANE, no worker process):
/// pages named from the number asked, kept whole in the recovery folder, the feeder's fault and a
/// worker that dies worded once, the pages before them kept; devices and what they offer. Each
/// runs in milliseconds; `ScanHostTests` keeps the same paths with SANE's `test` backend.
@Suite struct ScanHostFakeTests {
    /// Pages of `count` shades, 120 x 90 grey pixels each, the first 40, then 80, ...
    static func pages(_ count: Int) -> [PixelBuffer] {
        (1...count).map { PixelBuffer(width: 120, height: 90, format: .grey, filledWith: UInt8(40 * $0)) }
    }

    static func fixture(_ name: String, live: Bool = false, _ setup: FakeScanner.Setup, asked: Locked<[String]> = Locked([])) throws -> HostFixture {
        try HostFixture(name, live: live) { options in
            options.link = FakeScanner.connect(setup, asked: asked)
            options.overrides = ScanChoice(device: "fake:0", dpi: 150, mode: "gray")
        }
    }

    static func updates(_ events: [HostEvent]) -> [ScanUpdate] { ScanHostTests.updates(events) }

    /// The shade of `page`'s kept file (its middle pixel), read back as the document reads it.
    static func shade(_ page: Page, _ fixture: HostFixture) throws -> UInt8 {
        guard case .success(let decoded) = fixture.reader.decode(page.source, limit: PixelLimit(width: 400, height: 400)) else {
            throw ScanFileError(path: page.source.path)
        }
        let pixels = decoded.pixels
        return pixels.bytes[(pixels.height / 2) * pixels.bytesPerRow + (pixels.width / 2) * pixels.format.bytesPerPixel]
    }

    struct ScanFileError: Error { var path: String }

    @Test func aFeedersPagesAreNamedFromTheNumberAskedAndKeptWhole() throws {
        let fixture = try Self.fixture("fake-feeder", FakeScanner.Setup(pages: Self.pages(3)))
        let updates = Self.updates(fixture.host.run(.scan(.start(ScanRequest(firstNumber: 5)))))
        let finished = updates.compactMap { if case .finished(let page) = $0 { page } else { nil } }
        let started = updates.compactMap { if case .started(let page) = $0 { page.id } else { nil } }
        #expect(started == ["Scan 5", "Scan 6", "Scan 7"] && finished.map(\.id) == started)
        #expect(updates.last == .ended(pages: 3, end: .finished))
        for (index, page) in finished.enumerated() {
            #expect(page.pixelSize == Size(width: 120, height: 90))
            #expect(page.source.path.hasPrefix(fixture.path("recovery")))
            // Each file is its own page, whole: its shade, read back from disk.
            #expect(try Self.shade(page, fixture) == UInt8(40 * (index + 1)))
        }
        #expect(fixture.scanner.pictures.isEmpty && fixture.lines.isEmpty, "\(fixture.lines)")
    }

    @Test func aJammedFeederIsOneLineAndThePagesBeforeItStay() throws {
        let line = "scanner fake:0: the document feeder jammed"
        let fixture = try Self.fixture("fake-jam", FakeScanner.Setup(pages: Self.pages(2), ending: .fault(line)))
        let updates = Self.updates(fixture.host.run(.scan(.start(ScanRequest(firstNumber: 1)))))
        #expect(updates.last == .ended(pages: 2, end: .fault(.verbatim(line))))
        let kept = updates.compactMap { if case .finished(let page) = $0 { page } else { nil } }
        #expect(kept.count == 2 && kept.allSatisfy { FileManager.default.fileExists(atPath: $0.source.path) })
        #expect(fixture.lines == ["strips: " + line])
    }

    @Test func aWorkerThatDiesMidPageCutsThatPageAndKeepsTheOnesBefore() throws {
        let fixture = try Self.fixture("fake-lost", FakeScanner.Setup(pages: Self.pages(1), ending: .lost("the scanner's worker ended (a segmentation fault)")))
        let updates = Self.updates(fixture.host.run(.scan(.start(ScanRequest(firstNumber: 1)))))
        // The second page had its slot (its rows came) and leaves again; the first is kept.
        #expect(updates.contains(.cutShort(pageID: "Scan 2")))
        #expect(updates.contains { if case .finished(let page) = $0 { page.id == "Scan 1" } else { false } })
        guard case .ended(pages: 1, end: .fault(let message))? = updates.last else {
            Issue.record("updates: \(updates)")
            return
        }
        #expect(message.english == "scanner fake:0: the scanner's worker ended (a segmentation fault) (the pages before it are kept)")
        #expect(fixture.lines.count == 1, "\(fixture.lines)")
    }

    @Test func scannersAndWhatTheyOfferAreAnswered() throws {
        let asked = Locked<[String]>([])
        let fixture = try Self.fixture("fake-devices", FakeScanner.Setup(pages: []), asked: asked)
        guard case .scanners(let entries, let last)? = Self.updates(fixture.host.run(.scan(.findScanners))).first else {
            Issue.record("no scanners answer")
            return
        }
        #expect(entries.map(\.name) == ["fake:0"] && entries.first?.label == "Strips Stand-in (fake:0)")
        #expect(last.device == "fake:0" && last.dpi == 150)
        guard case .offers(let device, let offers)? = Self.updates(fixture.host.run(.scan(.describe("fake:0")))).first else {
            Issue.record("no offers")
            return
        }
        // A letter-wide glass: every size but legal fits.
        #expect(device == "fake:0" && offers.pageSizes == ["a4", "a5", "letter"] && offers.resolutions == [75, 150, 300])
        #expect(Self.updates(fixture.host.run(.scan(.describe("fake:9")))) == [.noScanners(.verbatim("scanner fake:9: no such device"))])
        #expect(asked.current == ["list", "describe fake:0", "describe fake:9"])
    }

    @Test func inTheWindowTheAnswersComeThroughPoll() throws {
        let fixture = try Self.fixture("fake-live", live: true, FakeScanner.Setup(pages: Self.pages(2)))
        #expect(fixture.host.run(.scan(.start(ScanRequest(firstNumber: 1)))).isEmpty)
        let events = fixture.pollUntil { Self.updates($0).contains { if case .ended = $0 { true } else { false } } }
        let updates = Self.updates(events)
        #expect(updates.filter { if case .finished = $0 { true } else { false } }.count == 2)
        #expect(updates.last == .ended(pages: 2, end: .finished))
    }

    @Test func aSecondScanWhileOneRunsIsRefusedInOneLine() throws {
        let hold = DispatchSemaphore(value: 0)
        var setup = FakeScanner.Setup(pages: Self.pages(1))
        setup.holdBeforeEnd = hold
        let fixture = try Self.fixture("fake-busy", live: true, setup)
        #expect(fixture.host.run(.scan(.start(ScanRequest(firstNumber: 1)))).isEmpty)
        // In the window the refusal comes with the next poll, like every answer.
        _ = fixture.host.run(.scan(.start(ScanRequest(firstNumber: 1))))
        let second = Self.updates(fixture.host.poll()).filter { if case .ended = $0 { true } else { false } }
        hold.signal()
        let rest = Self.updates(fixture.pollUntil { Self.updates($0).contains { if case .ended(_, .finished) = $0 { true } else { false } } })
        #expect(second == [.ended(pages: 0, end: .fault(HostMessage(trLater("Already scanning"))))], "\(second)")
        // The first scan goes on to its end, its page kept.
        #expect(rest.last == .ended(pages: 1, end: .finished))
    }
}
