import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsHosts
import StripsPictures
import StripsTestSupport
import Testing

/// The scan effects through the Photos host, with SANE's `test` backend in the real worker
/// process: a page is answered as it starts, finishes and the scan ends; its rows go through the
/// host's own stream of arriving pictures (what the renderer draws), its file into the recovery
/// folder; a page left unsaved is offered to the next session, which takes it back.
@Suite struct ScanHostTests {
    static func fixture(_ name: String, live: Bool = false, sane: SANEFixture) throws -> HostFixture {
        try HostFixture(name, live: live) { options in
            options.worker = scanProbeBinary
            options.workerEnvironment = sane.environment
            options.overrides = ScanChoice(device: "test:0", dpi: 50, mode: "gray")
        }
    }

    /// The test backend's glass (SANEFixture: 400 mm) at 50 dpi, in pixels.
    static let glass = (400 / 25.4 * 50).rounded(.down)

    /// The scan updates among `events`, in order.
    static func updates(_ events: [HostEvent]) -> [ScanUpdate] {
        events.compactMap { $0.as(ScanUpdate.self) }
    }

    @Test func aFlatbedPageIsAnsweredAsItStartsAndFinishesAndItsFileIsKept() throws {
        let sane = SANEFixture()
        defer { sane.remove() }
        let fixture = try Self.fixture("scan-flatbed", sane: sane)
        // A script's way: everything the scan brings, at once.
        let updates = Self.updates(fixture.host.run(.scan(.start(ScanRequest(firstNumber: 3)))))
        guard updates.count == 3, case .started(let started) = updates[0], case .finished(let finished) = updates[1],
              case .ended(pages: 1, end: .finished) = updates[2] else {
            Issue.record("updates: \(updates)")
            return
        }
        #expect(started.id == "Scan 3" && finished.id == "Scan 3" && started.source == finished.source)
        // The test backend's whole glass (400 mm square, no page size asked) at 50 dpi, in grey:
        // its file is the page, whole.
        #expect(finished.pixelSize == Size(width: Self.glass, height: Self.glass), "\(finished.pixelSize)")
        let file = finished.source.path
        #expect(file.hasPrefix(fixture.path("recovery")))
        let header = try ImageHeader.read(file).get()
        #expect(Double(header.width) == finished.pixelSize.width && Double(header.height) == finished.pixelSize.height)
        // Written, the page left the stream of arriving pictures: the renderer reads its file now.
        #expect(fixture.scanner.pictures.progress(file) == nil && fixture.scanner.pictures.isEmpty)
        #expect(fixture.lines.isEmpty, "\(fixture.lines)")
    }

    @Test func inTheWindowThePagesRowsArriveInTheHostsStreamWhileItScans() throws {
        // A slow scanner: each read waits, so the page is still arriving when it is looked at.
        let sane = SANEFixture(delay: 50_000, readLimit: 4096)
        defer { sane.remove() }
        let fixture = try Self.fixture("scan-live", live: true, sane: sane)
        #expect(fixture.host.run(.scan(.start(ScanRequest(firstNumber: 1)))).isEmpty)
        let first = fixture.pollUntil { events in Self.updates(events).contains { if case .started = $0 { true } else { false } } }
        guard case .started(let page)? = Self.updates(first).first else {
            Issue.record("first: \(first)")
            return
        }
        let file = page.source.path
        let arriving = try #require(fixture.scanner.pictures.progress(file))
        #expect(Double(arriving.width) == Self.glass && !arriving.isComplete)
        let rest = fixture.pollUntil { events in Self.updates(events).contains { if case .ended = $0 { true } else { false } } }
        let updates = Self.updates(first + rest)
        #expect(updates.contains { if case .finished(let done) = $0 { done.id == page.id } else { false } })
        #expect(updates.last == .ended(pages: 1, end: .finished))
        #expect(fixture.scanner.pictures.progress(file) == nil && FileManager.default.fileExists(atPath: file))
    }

    @Test func noSuchScannerIsOneLineAndTheScanEnds() throws {
        let sane = SANEFixture()
        defer { sane.remove() }
        let fixture = try HostFixture("scan-none") { options in
            options.worker = scanProbeBinary
            options.workerEnvironment = sane.environment
            options.overrides = ScanChoice(device: "test:9")
        }
        let updates = Self.updates(fixture.host.run(.scan(.start(ScanRequest()))))
        guard case .ended(pages: 0, end: .fault(let line))? = updates.last else {
            Issue.record("updates: \(updates)")
            return
        }
        #expect(line.english.contains("test:9"))
        #expect(fixture.lines.filter { $0.contains("test:9") }.count == 1, "\(fixture.lines)")
    }

    @Test func aPageLeftUnsavedIsOfferedToTheNextSessionWhichTakesItBack() throws {
        let sane = SANEFixture()
        defer { sane.remove() }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("strips-hosts-\(getpid())-recovery").path
        try? FileManager.default.removeItem(atPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        func session(_ name: String) throws -> HostFixture {
            try HostFixture(name) { options in
                options.worker = scanProbeBinary
                options.workerEnvironment = sane.environment
                options.overrides = ScanChoice(device: "test:0", dpi: 50, mode: "gray")
                options.recoveryRoot = root
            }
        }
        do {
            let first = try session("recovery-1")
            let updates = Self.updates(first.host.run(.scan(.start(ScanRequest(firstNumber: 1)))))
            #expect(updates.last == .ended(pages: 1, end: .finished))
            first.scanner.finish()
            #expect(first.lines.contains { $0.contains("1 scanned page was not saved") }, "\(first.lines)")
        }
        let second = try session("recovery-2")
        let offer = try #require(second.scanner.lookForLeftovers())
        #expect(offer.pages == 1)
        guard case .recovered(let pages)? = second.host.run(.scan(.recover(take: true, firstNumber: 7))).first?.as(ScanUpdate.self) else {
            Issue.record("not recovered")
            return
        }
        #expect(pages.map(\.id) == ["Scan 7"])
        #expect(pages.first.map { FileManager.default.fileExists(atPath: $0.source.path) } == true)
    }
}
