import Foundation
import StripsPictures
import StripsTestSupport
import Testing
@testable import StripsScan

/// The scan worker: SANE in a process of its own (`strips-scan-probe --worker`), spoken to in
/// `ScanWorkerProtocol`. Every test starts workers with a test backend configuration of its own.
@Suite("The scan worker")
struct WorkerTests {
    /// A worker's events, collected from its reader thread; waits for the one that matters.
    final class Heard: @unchecked Sendable {
        private let condition = NSCondition()
        private var list: [ScanWorker.Event] = []
        var onEvent: (@Sendable (ScanWorker.Event) -> Void)?

        func add(_ event: ScanWorker.Event) {
            condition.lock()
            list.append(event)
            condition.broadcast()
            condition.unlock()
            onEvent?(event)
        }

        var events: [ScanWorker.Event] {
            condition.lock()
            defer { condition.unlock() }
            return list
        }

        /// Waits (at most `seconds`, a bound a broken worker must not make the suite wait past)
        /// until an event matches.
        @discardableResult
        func wait(seconds: Double = 30, for match: (ScanWorker.Event) -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: seconds)
            condition.lock()
            defer { condition.unlock() }
            while !list.contains(where: match) {
                guard condition.wait(until: deadline) else { return false }
            }
            return true
        }

        var ended: (stop: String, line: String?, pages: Int)? {
            for event in events { if case .ended(let stop, let line, let pages) = event { return (stop, line, pages) } }
            return nil
        }

        var lost: String? {
            for event in events { if case .lost(let line, _) = event { return line } }
            return nil
        }

        var finished: [Int] { events.compactMap { if case .finished(let page, _, _, _) = $0 { return page } else { return nil } } }
        var cut: [Int] { events.compactMap { if case .cut(let page, _, _) = $0 { return page } else { return nil } } }
    }

    static func isEnd(_ event: ScanWorker.Event) -> Bool {
        switch event {
        case .ended, .lost: return true
        default: return false
        }
    }

    func worker(_ fixture: SANEFixture, fault: String? = nil, silence: Double = 10, progress: Double = 150) -> (ScanWorker, Heard) {
        let heard = Heard()
        var environment = fixture.environment
        if let fault { environment["STRIPS_SCAN_TEST_FAULT"] = fault }
        let worker = ScanWorker(executable: scanProbeBinary, environment: environment, silenceLimit: silence, progressLimit: progress) { heard.add($0) }
        return (worker, heard)
    }

    @Test func messagesAndBandsCrossAPipeReadInPieces() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        var started = ScanWorkerProtocol.Message(.started)
        started.page = 1
        started.name = "Scan 7"
        started.width = 3
        started.height = 2
        started.format = "rgb"
        var rows = ScanWorkerProtocol.Message(.rows)
        rows.page = 1
        rows.first = 0
        rows.count = 2
        rows.width = 3
        rows.format = "rgb"
        let band = (0..<18).map { UInt8($0 * 13) } + [0x0A]  // a newline byte inside the pixels
        rows.bytes = band.count - 1
        let bytes = ScanWorkerProtocol.encode(started) + ScanWorkerProtocol.encode(rows) + band.dropLast() + ScanWorkerProtocol.encode(ScanWorkerProtocol.Message(.alive))
        // Written a few bytes at a time: lines and bands are put together whatever the pieces.
        let writer = Thread {
            var at = 0
            while at < bytes.count {
                let n = min(5, bytes.count - at)
                _ = bytes[at..<at + n].withUnsafeBytes { write(writeEnd, $0.baseAddress, n) }
                at += n
            }
            close(writeEnd)
        }
        writer.start()
        var reader = ScanWorkerReader(fd: readEnd)
        let first = reader.next()
        #expect(first?.0 == started && first?.1 == nil)
        let second = reader.next()
        #expect(second?.0 == rows && second?.1 == Array(band.dropLast()))
        #expect(reader.next()?.0.event == .alive)
        #expect(reader.next() == nil)
        close(readEnd)
    }

    @Test func nonsenseEndsTheStream() {
        for garbage in ["not json\n", "{\"event\":\"rows\",\"bytes\":999999999999}\n", String(repeating: "x", count: ScanWorkerProtocol.maxLineBytes + 10)] {
            var fds: [Int32] = [0, 0]
            _ = pipe(&fds)
            let (readEnd, writeEnd) = (fds[0], fds[1])
            let bytes = Array(garbage.utf8)
            let writer = Thread {
                _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                close(writeEnd)
            }
            writer.start()
            var reader = ScanWorkerReader(fd: readEnd)
            #expect(reader.next() == nil)
            close(readEnd)
        }
    }

    @Test func itListsDescribesAndScansAFlatbedPageInBands() throws {
        let fixture = SANEFixture()
        defer { fixture.remove() }
        let (worker, heard) = worker(fixture)
        defer { worker.stop() }
        worker.list()
        #expect(heard.wait { if case .devices = $0 { return true } else { return false } })
        let devices = heard.events.compactMap { if case .devices(let list) = $0 { return list.map(\.name) } else { return nil } }.first
        #expect(devices == ["test:0", "test:1"])
        worker.describe("test:0")
        #expect(heard.wait { if case .offers = $0 { return true } else { return false } })
        for case .offers(let device, let sources, let modes, let resolutions, let area) in heard.events {
            #expect(device == "test:0")
            #expect(sources == ["Flatbed", "Automatic Document Feeder"])
            #expect(modes == ["color", "gray", "lineart"])
            #expect(resolutions.contains(300))
            #expect(area?.width == 400)
        }
        worker.scan(ScanSettings(device: "test:0", source: "flatbed", dpi: 50, mode: .gray, pageSize: .a4), firstNumber: 4)
        #expect(heard.wait(for: Self.isEnd))
        #expect(heard.ended?.stop == "finished" && heard.ended?.pages == 1)
        // The page from its bands: every row once, in order, the grid's black and white squares.
        let width = Int(50 * 210 / 25.4), height = Int(50 * 297 / 25.4)
        var page = PixelBuffer(width: width, height: height, format: .grey, filledWith: 128)
        var bands = 0, next = 0
        for case .rows(let number, let first, let band, _) in heard.events {
            #expect(number == 1 && first == next && band.width == width)
            page.bytes.replaceSubrange(first * width..<(first + band.height) * width, with: band.bytes)
            next = first + band.height
            bands += 1
        }
        #expect(next == height && bands > 1)
        let events = heard.events
        let started = events.compactMap { if case .started(_, let name, let w, let h, let f) = $0 { return "\(name) \(w)x\(h) \(f)" } else { return nil } }
        #expect(started == ["Scan 4 \(width)x\(height) grey"])
        let square = 50.0 * 10 / 25.4
        #expect(Set([page.bytes[Int(square / 2) * width + Int(square / 2)], page.bytes[Int(square / 2) * width + Int(square * 1.5)]]) == [0, 255])
    }

    @Test func aCancelMidBatchKeepsThePagesBeforeAndCutsTheOneReading() throws {
        // A slow feeder: 4 KB a read, 5 ms each (a 50 dpi A4 grey page is 60 reads, 0.3 s).
        let fixture = SANEFixture(readLimit: 4096)
        defer { fixture.remove() }
        let (worker, heard) = worker(fixture, fault: "slow=5")
        defer { worker.stop() }
        // Escape as a window would give it: from another thread, once page 2 has begun arriving.
        heard.onEvent = { event in
            if case .rows(2, _, _, _) = event { worker.cancel() }
        }
        worker.scan(ScanSettings(device: "test:0", source: "feeder", dpi: 50, mode: .gray, pageSize: .a4), firstNumber: 1)
        #expect(heard.wait(for: Self.isEnd))
        #expect(heard.finished == [1])
        #expect(heard.cut == [2])
        #expect(heard.ended?.stop == "cancelled" && heard.ended?.pages == 1)
    }

    @Test func aCrashIsOneLineAndTheNextRequestStartsAFreshWorker() throws {
        let fixture = SANEFixture()
        defer { fixture.remove() }
        let (worker, heard) = worker(fixture, fault: "page=2 reads=1 crash")
        defer { worker.stop() }
        // 50 dpi A4 grey: a page is four reads of 64 KB.
        worker.scan(ScanSettings(device: "test:0", source: "feeder", dpi: 50, mode: .gray, pageSize: .a4), firstNumber: 1)
        #expect(heard.wait(for: Self.isEnd))
        #expect(heard.finished == [1])
        #expect(heard.lost == "the scanner driver crashed (signal 6, aborted)")
        let crashed = worker.processIdentifier
        #expect(crashed == nil)
        worker.list()
        #expect(heard.wait { if case .devices = $0 { return true } else { return false } })
        #expect(worker.processIdentifier != nil)
    }

    @Test func aWorkerThatFallsSilentIsKilled() throws {
        let fixture = SANEFixture()
        defer { fixture.remove() }
        // The whole process stops mid-page (as one whose reader died holding malloc's lock).
        let (worker, heard) = worker(fixture, fault: "page=1 reads=1 hang", silence: 1)
        defer { worker.stop() }
        let start = ContinuousClock.now
        worker.scan(ScanSettings(device: "test:0", source: "flatbed", dpi: 50, mode: .gray, pageSize: .a4), firstNumber: 1)
        #expect(heard.wait(for: Self.isEnd))
        #expect(heard.lost?.hasPrefix("the scanner driver stopped answering (nothing for 1 s) and was stopped") == true)
        #expect(heard.finished.isEmpty)
        // Silence plus the watchdog's beat (about 2 s), not the session's 30 s read time-out; the
        // bound leaves a loaded machine room.
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test func aWorkerThatBeatsButGetsNowhereIsKilledToo() throws {
        let fixture = SANEFixture()
        defer { fixture.remove() }
        // The first read waits 60 s (a driver call with no time-out of the worker's own): the
        // heartbeat goes on, the scan does not. The wait is far beyond the 1 s limit, so a loaded
        // machine cannot let the read finish before the watchdog acts.
        let (worker, heard) = worker(fixture, fault: "first=60000", progress: 1)
        defer { worker.stop() }
        let start = ContinuousClock.now
        worker.scan(ScanSettings(device: "test:0", source: "flatbed", dpi: 30, mode: .gray, pageSize: .a5), firstNumber: 1)
        #expect(heard.wait(for: Self.isEnd))
        #expect(heard.lost?.hasPrefix("the scanner driver got nowhere for 1 s and was stopped") == true, "\(heard.events)")
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test func aFaultOnALaterPageIsTheDevicesOwnStatus() throws {
        let fixture = SANEFixture()
        defer { fixture.remove() }
        let (worker, heard) = worker(fixture, fault: "page=3 status=SANE_STATUS_JAMMED")
        defer { worker.stop() }
        worker.scan(ScanSettings(device: "test:0", source: "feeder", dpi: 30, mode: .gray, pageSize: .a5), firstNumber: 1)
        #expect(heard.wait(for: Self.isEnd))
        #expect(heard.finished == [1, 2])
        #expect(heard.ended?.stop == "fault")
        #expect(heard.ended?.line == "scanner test:0: paper jam in the document feeder (page 3, after 0 rows)")
        // Used once: the next scan in the same worker is not jammed.
        worker.scan(ScanSettings(device: "test:0", source: "feeder", dpi: 30, mode: .gray, pageSize: .a5), firstNumber: 3)
        #expect(heard.wait { if case .ended("finished", _, let pages) = $0 { return pages > 0 } else { return false } })
    }

    @Test func injectedFaultsAreReadStrictly() {
        #expect(InjectedFault("page=3 status=SANE_STATUS_JAMMED")?.action == .status("SANE_STATUS_JAMMED"))
        #expect(InjectedFault("page=2 reads=5 hang") == InjectedFault("reads=5 page=2 hang"))
        #expect(InjectedFault("page=2 reads=5 status=SANE_STATUS_NONSENSE") == nil)
        #expect(InjectedFault("page=0 crash") == nil)
        #expect(InjectedFault("crash") == nil)
        #expect(InjectedFault("page=1 explode") == nil)
        #expect(InjectedFault("slow=20")?.slow == 20 && InjectedFault("slow=20")?.action == nil)
        #expect(InjectedFault("page=2 slow=20") == nil)
    }
}
