import CSANE
import Foundation
import Testing
@testable import StripsScan

extension SANETests {
    @Suite("Faults: one line each, earlier pages kept, never a hang")
    struct Faults {
        static let statuses: [(status: String, kind: ScanFault.Kind, words: String)] = [
            ("SANE_STATUS_JAMMED", .jammed, "paper jam in the document feeder"),
            ("SANE_STATUS_COVER_OPEN", .coverOpen, "the scanner's cover is open"),
            ("SANE_STATUS_NO_DOCS", .noDocuments, "no paper in the document feeder"),
            ("SANE_STATUS_DEVICE_BUSY", .busy, "the scanner is busy (another program may be using it)"),
            ("SANE_STATUS_IO_ERROR", .ioError, "input/output error talking to the scanner (unplugged or switched off?)"),
            ("SANE_STATUS_ACCESS_DENIED", .accessDenied, "access denied (check the scanner's permissions or password)"),
            ("SANE_STATUS_NO_MEM", .outOfMemory, "the scanner driver ran out of memory"),
            ("SANE_STATUS_CANCELLED", .cancelledAtDevice, "the scan was cancelled at the scanner"),
            ("SANE_STATUS_INVAL", .other, "the scanner driver refused the request (invalid argument)"),
            ("SANE_STATUS_UNSUPPORTED", .unsupported, "the scanner does not support this"),
        ]

        @Test(arguments: statuses)
        func eachStatusTheBackendReturnsIsOneLine(_ status: String, _ kind: ScanFault.Kind, _ words: String) throws {
            let device = try TestBackend.device()
            defer { device.close() }
            try device.apply(ScanSettings(dpi: 30, mode: .gray, pageSize: .a5))
            try device.set("read-return-value", to: .string(status))
            let log = try scan(device, nil)
            #expect(log.fault?.kind == kind, "\(status)")
            #expect(log.fault?.line == "scanner \(device.name): \(words)", "\(status)")
            #expect(log.finished.isEmpty)
            // The page had begun (its slot taken): it is reported cut short, with nothing in it.
            #expect(log.started.count == 1)
            #expect(log.cut.count == 1 && log.cut.first?.rows == 0)
            #expect(log.ended?.pages == 0)
        }

        @Test func aPageEndingAtOnceIsCutShort() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            try device.apply(ScanSettings(dpi: 30, mode: .gray, pageSize: .a5))
            try device.set("read-return-value", to: .string("SANE_STATUS_EOF"))
            let log = try scan(device, nil)
            let height = TestBackend.pixels(210, dpi: 30)
            #expect(log.fault?.kind == .cutShort)
            #expect(log.fault?.line == "scanner \(device.name): page 1 ended after 0 of \(height) rows (the scanner stopped sending: unplugged or switched off?)")
        }

        /// A jam (cover open, I/O error) on the third page of a batch: the first two stay, the
        /// third is cut short, the batch stops with the fault's line.
        @Test(arguments: [("SANE_STATUS_JAMMED", ScanFault.Kind.jammed), ("SANE_STATUS_COVER_OPEN", .coverOpen), ("SANE_STATUS_IO_ERROR", .ioError)])
        func aFaultMidBatchKeepsThePagesBeforeIt(_ status: String, _ kind: ScanFault.Kind) throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let root = TestBackend.scratch("fault-batch")
            defer { try? FileManager.default.removeItem(atPath: root) }
            let recovery = try ScanRecovery.create(root: root)
            defer { recovery.discard() }
            let (log, _) = try scan(device, ScanSettings(source: "feeder", dpi: 30, mode: .gray, pageSize: .a5), recovery: recovery) {
                FaultBeforePage($0, page: 3, status: status)
            }
            #expect(log.finished.map(\.name) == ["Scan 1", "Scan 2"])
            #expect(log.cut.map(\.page) == [3])
            #expect(log.fault?.kind == kind)
            #expect(log.fault?.line.hasSuffix("(page 3, after 0 rows)") == true)
            #expect(log.ended?.pages == 2)
            // Both pages are safe on disk before the session ends.
            #expect(log.recorded.map(\.page) == [1, 2])
            #expect(recovery.pages.map(\.name) == ["Scan 1", "Scan 2"])
        }

        @Test func anEmptyFeederAtTheStartIsOneLine() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let settings = ScanSettings(source: "feeder", dpi: 20, mode: .gray, pageSize: .a5)
            // Ten pages, stopping before the start that would find the feeder empty: the
            // backend's feeder is empty for the next start only (then it refills).
            #expect(try scan(device, settings, options: .init(maxPages: 10)).finished.count == 10)
            let log = try scan(device, settings)
            #expect(log.fault?.kind == .noDocuments)
            #expect(log.fault?.line == "scanner \(device.name): no paper in the document feeder")
            #expect(log.started.isEmpty)
            #expect(log.cut.isEmpty)
        }

        @Test(arguments: [(SANE_STATUS_IO_ERROR, ScanFault.Kind.ioError), (SANE_STATUS_EOF, .cutShort), (SANE_STATUS_JAMMED, .jammed)])
        func aScannerFailingMidPageCutsThatPageShort(_ status: SANE_Status, _ kind: ScanFault.Kind) throws {
            let device = try TestBackend.device()
            defer { device.close() }
            // 100 dpi grey A5: 583 x 826 rows, read in 64 KB chunks, so 3 reads are a part of the page.
            let (log, _) = try scan(device, ScanSettings(dpi: 100, mode: .gray, pageSize: .a5)) { FailAfterReads($0, reads: 3, status: status) }
            let rows = try #require(log.cut.first?.rows)
            #expect(rows > 0 && rows < TestBackend.pixels(210, dpi: 100))
            #expect(log.rows.last?.rowsSoFar == rows)
            #expect(log.fault?.kind == kind)
            if kind == .cutShort {
                #expect(log.fault?.line == "scanner \(device.name): page 1 ended after \(rows) of \(TestBackend.pixels(210, dpi: 100)) rows "
                    + "(the scanner stopped sending: unplugged or switched off?)")
            } else {
                #expect(log.fault?.line.hasSuffix("(page 1, after \(rows) rows)") == true)
            }
            #expect(log.finished.isEmpty)
        }

        @Test func oneBitColourIsRefusedWithALine() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            try device.apply(ScanSettings(dpi: 20, mode: .color, pageSize: .a5))
            try device.set("depth", to: .int(1))
            let log = try scan(device, nil)
            #expect(log.fault?.kind == .unsupported)
            #expect(log.fault?.line.hasPrefix("scanner \(device.name): sends 1-bit colour pages") == true)
            #expect(log.started.isEmpty)
        }
    }

    @Suite("Cancel and time-outs")
    struct Cancelling {
        @Test func cancelFromAnotherThreadMidPageCutsThatPage() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            try device.apply(ScanSettings(dpi: 50, mode: .gray, pageSize: .a4))
            // A slow scanner: each 16 KB the backend sends waits 50 ms.
            try device.set("read-delay", to: .bool(true))
            try device.set("read-delay-duration", to: .int(50000))
            let log = EventLog()
            let cancelled = DispatchSemaphore(value: 0)
            let session = try ScanSession.start(device: device, settings: nil) { event in
                log.add(event)
                // Hold the reader at the first rows until the cancel is in: the next read, which
                // the backend delays, is then cancelled while it blocks.
                if case .rows(let rows) = event, rows.firstRow == 0 { cancelled.wait() }
            }
            log.firstRows.wait()
            session.cancel()
            cancelled.signal()
            session.waitUntilEnded()
            #expect(log.ended?.stop == .cancelled)
            #expect(log.ended?.pages == 0)
            #expect(log.finished.isEmpty)
            let cut = try #require(log.cut.first)
            #expect(cut.stop == .cancelled)
            #expect(cut.rows > 0 && cut.rows < TestBackend.pixels(297, dpi: 50))
            #expect(log.endedCount == 1)
        }

        @Test func cancelWhileAReadBlocksReturnsAtOnce() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let (log, session) = try scan(device, ScanSettings(dpi: 100, mode: .gray, pageSize: .a5), waiting: false) {
                BlockingRead($0, reads: 2, ignoresCancel: false)
            }
            log.firstRows.wait()
            session.cancel()
            session.waitUntilEnded()
            #expect(log.ended?.stop == .cancelled)
            let cut = try #require(log.cut.first)
            #expect(cut.stop == .cancelled && cut.rows > 0)
        }

        @Test func closingTheDeviceMidScanCancelsTheScanAndClosesAfterItsLastCall() throws {
            let device = try TestBackend.device()
            try device.apply(ScanSettings(dpi: 50, mode: .gray, pageSize: .a4))
            try device.set("read-delay", to: .bool(true))
            try device.set("read-delay-duration", to: .int(50000))
            let log = EventLog()
            let closed = DispatchSemaphore(value: 0)
            let session = try ScanSession.start(device: device, settings: nil) { event in
                log.add(event)
                if case .rows(let rows) = event, rows.firstRow == 0 { closed.wait() }
            }
            log.firstRows.wait()
            device.close()
            #expect(device.isClosed && device.isScanning)
            closed.signal()
            session.waitUntilEnded()
            #expect(log.ended?.stop == .cancelled)
            #expect(log.finished.isEmpty && log.cut.first?.stop == .cancelled)
            #expect(!device.isScanning)
            // The handle was closed at the session's end: the device opens again.
            let again = try ScannerSystem.shared.open(device.name)
            again.close()
        }

        @Test func cancelMidBatchKeepsTheFinishedPages() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let box = SessionBox()
            let log = EventLog()
            let ready = DispatchSemaphore(value: 0)
            let session = try ScanSession.start(device: device, settings: ScanSettings(source: "feeder", dpi: 30, mode: .gray, pageSize: .a5)) { event in
                log.add(event)
                // The reader waits for the test to hold the session (a small batch can end
                // before start returns), then cancels from its own thread right after the
                // second page: deterministic.
                if case .pageStarted(let page, _, _) = event, page == 1 { ready.wait() }
                if case .pageFinished(let page) = event, page.page == 2 { box.session?.cancel() }
            }
            box.session = session
            ready.signal()
            session.waitUntilEnded()
            #expect(log.finished.map(\.page) == [1, 2])
            #expect(log.ended?.stop == .cancelled)
            #expect(log.ended?.pages == 2)
            #expect(log.cut.isEmpty)
        }

        @Test func aReadThatTakesTooLongIsCancelledAndReported() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            try device.apply(ScanSettings(dpi: 50, mode: .gray, pageSize: .a5))
            try device.set("read-delay", to: .bool(true))
            try device.set("read-delay-duration", to: .int(200_000))
            let log = try scan(device, nil, options: .init(readTimeout: .milliseconds(30)))
            #expect(log.fault?.kind == .timedOut)
            #expect(log.fault?.line == "scanner \(device.name): no data from the scanner for 30 ms; scan stopped")
            #expect(log.cut.count == 1)
            #expect(log.finished.isEmpty)
        }

        @Test func aReadThatNeverReturnsOnItsOwnEndsWithTheTimeOut() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            var blocking: BlockingRead?
            // The blocked read waits until cancelled, so the limit is only how long the test takes;
            // it is far above an ordinary read's time, which a loaded machine must not push past it.
            let (log, _) = try scan(device, ScanSettings(dpi: 100, mode: .gray, pageSize: .a5), options: .init(readTimeout: .milliseconds(500))) {
                let source = BlockingRead($0, reads: 2, ignoresCancel: false)
                blocking = source
                return source
            }
            #expect(log.fault?.kind == .timedOut)
            #expect((log.cut.first?.rows ?? 0) > 0)
            #expect(blocking != nil)
        }

        @Test func aDriverThatIgnoresCancelDoesNotHangTheSession() throws {
            let device = try TestBackend.device()
            var blocking: BlockingRead?
            let (log, session) = try scan(device, ScanSettings(dpi: 100, mode: .gray, pageSize: .a5),
                                          options: .init(readTimeout: .milliseconds(500), giveUpAfter: .milliseconds(300)), through: {
                let source = BlockingRead($0, reads: 1, ignoresCancel: true)
                blocking = source
                return source
            })
            #expect(session.hasEnded)
            #expect(log.fault?.kind == .stuck)
            #expect(log.fault?.line == "scanner \(device.name): stopped answering and did not respond to cancel; restart Strips (or the scanner) to use it again")
            #expect(log.cut.count == 1)
            // The device is left alone while the call is stuck.
            let refused = #expect(throws: ScanFault.self) { try device.set("resolution", to: .int(75)) }
            #expect(refused?.line == "scanner \(device.name): an earlier scan never returned")
            let again = #expect(throws: ScanFault.self) { try ScanSession.start(device: device, settings: nil) { _ in } }
            #expect(again?.kind == .stuck)
            // When the call finally returns, nothing more is reported.
            let count = log.events.count
            blocking?.cancelled.wait()  // the supervisor's cancel, at the time-out
            blocking?.release()
            blocking?.cancelled.wait()  // the reader's own, once its call came back
            #expect(log.events.count == count)
            #expect(log.endedCount == 1)
        }
    }
}

final class SessionBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: ScanSession?
    var session: ScanSession? {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
