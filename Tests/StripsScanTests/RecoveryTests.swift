import Foundation
import StripsPictures
import Testing
@testable import StripsScan

@Suite("Recovery folder")
struct RecoveryTests {
    func page(_ number: Int, width: Int = 40, height: Int = 30, format: PixelBuffer.Format = .grey) -> ScannedPage {
        let bytes = (0..<(width * height * format.bytesPerPixel)).map { UInt8(truncatingIfNeeded: $0 * 31 + number) }
        let pixels = PixelBuffer(width: width, height: height, format: format, bytes: bytes) ?? PixelBuffer(width: 0, height: 0, format: format)
        return ScannedPage(page: number, name: "Scan \(number)", pixels: pixels,
                           format: ScanPageFormat(width: width, height: height, depth: 8, frame: format == .grey ? .gray : .rgb, bytesPerLine: width),
                           settings: ScanSettings(device: "test:0", source: "Flatbed", dpi: 150, mode: format == .grey ? .gray : .color))
    }

    @Test func pagesAreWrittenWholeWithAManifestAndComeBackExactly() throws {
        let root = TestBackend.scratch("recovery")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recovery = try ScanRecovery.create(root: root)
        let pages = [page(1), page(2, format: .rgb), page(3)]
        for page in pages { _ = try recovery.record(page) }
        #expect(recovery.pages.map(\.name) == ["Scan 1", "Scan 2", "Scan 3"])
        #expect(recovery.nextNumber == 4)
        let files = try FileManager.default.contentsOfDirectory(atPath: recovery.folder).sorted()
        // No temporary file left behind: each file was published whole.
        #expect(files == ["lock", "manifest.json", "scan-0001.png", "scan-0002.png", "scan-0003.png", "strips-session"])
        var info = stat()
        #expect(stat(recovery.folder, &info) == 0 && info.st_mode & 0o777 == 0o700)
        for (kept, original) in zip(recovery.pages, pages) {
            #expect(try kept.load().get() == original.pixels)
            #expect(kept.settings?.dpi == 150)
        }
        // A live session is nobody's leftover, not even this process's.
        #expect(ScanRecovery.leftovers(root: root).sessions.isEmpty)
        recovery.discard()
        #expect(!FileManager.default.fileExists(atPath: recovery.folder))
    }

    /// A JPEG's markers as far as its size: start, a baseline frame header of `width` x `height`, end.
    func jpeg(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
         0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9]
    }

    @Test func pagesTakenWithTheCameraAreKeptAsJPEGsAndComeBackAsCameraPages() throws {
        let root = TestBackend.scratch("camera-recovery")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var recovery: ScanRecovery? = try ScanRecovery.create(root: root)
        _ = try recovery?.record(page(1))
        let kept = try #require(try recovery?.record(jpeg: jpeg(width: 640, height: 360), name: "Camera 1", width: 640, height: 360))
        #expect(kept.hasSuffix("/camera-0001.jpg"))
        let second = try #require(try recovery?.record(jpeg: jpeg(width: 640, height: 360), name: "Camera 2", width: 640, height: 360))
        // Cut short on disk (a crash mid-write cannot do this, a disk fault can): skipped with a line.
        try Data(jpeg(width: 640, height: 360).dropLast(2)).write(to: URL(fileURLWithPath: second))
        #expect(recovery?.files.count == 3)
        recovery = nil
        let found = ScanRecovery.leftovers(root: root)
        let session = try #require(found.sessions.first)
        #expect(session.pages.map(\.name) == ["Scan 1", "Camera 1"])
        #expect(session.pages.map(\.isCamera) == [false, true])
        #expect(session.pages.last.map { [$0.width, $0.height] } == [640, 360])
        #expect(found.problems.count == 1 && found.problems.first?.contains("Camera 2") == true)
        try session.discard()
    }

    @Test func aSessionWhoseProcessIsGoneIsALeftover() throws {
        let root = TestBackend.scratch("leftover")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var recovery: ScanRecovery? = try ScanRecovery.create(root: root)
        for number in 1...3 { _ = try recovery?.record(page(number)) }
        let folder = try #require(recovery?.folder)
        // Dropping the session without discarding it is what a crash does to the lock.
        recovery = nil
        let found = ScanRecovery.leftovers(root: root)
        #expect(found.problems.isEmpty)
        let session = try #require(found.sessions.first)
        #expect(session.folder == folder)
        #expect(session.pid == getpid())
        #expect(session.pages.map(\.name) == ["Scan 1", "Scan 2", "Scan 3"])
        #expect(session.pages.map(\.width) == [40, 40, 40])
        // Taken over, it is live again: no longer a leftover, and it numbers on.
        let claimed = try session.claim()
        #expect(ScanRecovery.leftovers(root: root).sessions.isEmpty)
        #expect(claimed.nextNumber == 4)
        #expect(throws: RecoveryFault.self) { try session.claim() }
        _ = try claimed.record(page(4))
        #expect(claimed.pages.map(\.name) == ["Scan 1", "Scan 2", "Scan 3", "Scan 4"])
        claimed.discard()
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func damageIsSkippedPageByPageWithOneLineEach() throws {
        let root = TestBackend.scratch("damaged")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var recovery: ScanRecovery? = try ScanRecovery.create(root: root)
        for number in 1...4 { _ = try recovery?.record(page(number, width: 200, height: 150)) }
        let folder = try #require(recovery?.folder)
        recovery = nil
        // Page 2 truncated, page 3 with a flipped byte in its pixels, page 4 gone.
        let two = folder + "/scan-0002.png", three = folder + "/scan-0003.png"
        let size = try #require(try FileManager.default.attributesOfItem(atPath: two)[.size] as? Int)
        #expect(truncate(two, off_t(size / 2)) == 0)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: three)))
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: three))
        try FileManager.default.removeItem(atPath: folder + "/scan-0004.png")
        let found = ScanRecovery.leftovers(root: root)
        let session = try #require(found.sessions.first)
        #expect(session.pages.map(\.name) == ["Scan 1"])
        #expect(found.problems.count == 3)
        #expect(found.problems.contains { $0.hasPrefix("recovery: Scan 2 (\(two)) is truncated") })
        #expect(found.problems.contains { $0 == "recovery: Scan 3 (\(three)) is damaged (a checksum does not match); skipped" })
        #expect(found.problems.contains { $0.hasPrefix("recovery: Scan 4") && $0.hasSuffix("is missing; skipped") })
        // A damaged page also fails to load with a line, never a crash.
        let broken = RecoveredPage(name: "Scan 2", file: two, width: 200, height: 150)
        #expect(throws: RecoveryFault.self) { try broken.load().get() }
        try session.discard()
    }

    @Test func aDamagedManifestFallsBackToThePageFiles() throws {
        let root = TestBackend.scratch("manifest")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var recovery: ScanRecovery? = try ScanRecovery.create(root: root)
        for number in 1...2 { _ = try recovery?.record(page(number)) }
        let folder = try #require(recovery?.folder)
        recovery = nil
        try Data("{\"version\": 1, \"pages\": [".utf8).write(to: URL(fileURLWithPath: folder + "/manifest.json"))
        let found = ScanRecovery.leftovers(root: root)
        #expect(found.problems == ["recovery: \(folder): its list of pages is damaged; pages are taken in file order"])
        #expect(found.sessions.first?.pages.map(\.name) == ["Scan 1", "Scan 2"])
        #expect(found.sessions.first?.pages.first?.settings == nil)
        #expect(found.sessions.first?.pages.first?.width == 40)
        try found.sessions.first?.discard()
    }

    @Test func aPageTheManifestDoesNotNameYetIsFoundByItsFile() throws {
        // The process died between publishing a page and rewriting the manifest.
        let root = TestBackend.scratch("orphan")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var recovery: ScanRecovery? = try ScanRecovery.create(root: root)
        _ = try recovery?.record(page(1))
        let folder = try #require(recovery?.folder)
        let manifest = try Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))
        _ = try recovery?.record(page(2))
        try manifest.write(to: URL(fileURLWithPath: folder + "/manifest.json"))
        recovery = nil
        let found = ScanRecovery.leftovers(root: root)
        #expect(found.problems.isEmpty)
        #expect(found.sessions.first?.pages.map(\.name) == ["Scan 1", "Scan 2"])
        try found.sessions.first?.discard()
    }

    @Test func anEmptyLeftoverIsRemovedAndAStrayFileIsNamedAndLeft() throws {
        let root = TestBackend.scratch("empty")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var recovery: ScanRecovery? = try ScanRecovery.create(root: root)
        let folder = try #require(recovery?.folder)
        recovery = nil
        _ = FileManager.default.createFile(atPath: root + "/notes.txt", contents: Data("x".utf8))
        let found = ScanRecovery.leftovers(root: root)
        #expect(found.sessions.isEmpty)
        #expect(found.problems == ["recovery: \(root) holds something Strips did not make (notes.txt); left as it is"])
        #expect(FileManager.default.fileExists(atPath: root + "/notes.txt"))
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(ScanRecovery.leftovers(root: root + "/missing").sessions.isEmpty)
    }

    @Test func aFullOrReadOnlyDiskIsALineAndThePageStaysInMemory() throws {
        let root = TestBackend.scratch("readonly")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recovery = try ScanRecovery.create(root: root)
        defer { recovery.discard() }
        chmod(recovery.folder, 0o500)
        defer { chmod(recovery.folder, 0o700) }
        // Root ignores permissions; the refusal can only be seen as another user.
        guard getuid() != 0 else { return }
        let fault = #expect(throws: RecoveryFault.self) { try recovery.record(page(1)) }
        #expect(fault?.line.hasPrefix("recovery: cannot write Scan 1 to \(recovery.folder)") == true)
    }

    @Test func theDefaultRootFollowsXDGStateHome() {
        #expect(ScanRecovery.defaultRoot(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/strips/recovery")
        #expect(ScanRecovery.defaultRoot(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/strips/recovery")
        #expect(ScanRecovery.defaultRoot(environment: [:]) == nil)
    }
}

extension SANETests {
    @Suite("Recovery while scanning")
    struct RecoveryWhileScanning {
        @Test func eachPageIsOnDiskAsItCompletes() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let root = TestBackend.scratch("scanning")
            defer { try? FileManager.default.removeItem(atPath: root) }
            let recovery = try ScanRecovery.create(root: root)
            defer { recovery.discard() }
            let log = try scan(device, ScanSettings(source: "feeder", dpi: 30, mode: .color, pageSize: .a5), recovery: recovery)
            #expect(log.recorded.map(\.page) == Array(1...10))
            // Recorded after finishing, before the end.
            let events = log.events
            for number in 1...10 {
                let finished = events.firstIndex { if case .pageFinished(let page) = $0 { return page.page == number } else { return false } }
                let recorded = events.firstIndex { if case .pageRecorded(let page, _, _) = $0 { return page == number } else { return false } }
                #expect(finished != nil && recorded != nil && (finished ?? 0) < (recorded ?? 0))
            }
            if case .ended? = events.last {} else { Issue.record("the session did not end last") }
            #expect(try recovery.pages.last?.load().get() == log.finished.last?.pixels)
            // The next session numbers on from the recovery folder.
            let more = try scan(device, ScanSettings(source: "Flatbed", dpi: 30, mode: .gray, pageSize: .a5), recovery: recovery)
            #expect(more.finished.map(\.name) == ["Scan 11"])
        }

        /// A real `kill -9` of a scanning process mid-batch: the pages it finished are found
        /// again; while it lived, its folder was nobody's leftover.
        @Test func aKilledScanLeavesItsFinishedPagesForTheNextStart() throws {
            let root = TestBackend.scratch("kill")
            defer { try? FileManager.default.removeItem(atPath: root) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestBackend.probe)
            process.arguments = ["--config-dir", TestBackend.configDirectory, "--device", "test:0", "--source", "feeder", "--dpi", "50",
                                 "--mode", "gray", "--page", "a4", "--set", "read-delay=yes", "--set", "read-delay-duration=40000",
                                 "--recovery", root]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var seen = ""
            var lines: [String] = []
            // Read the child's lines until its second page is safe on disk.
            while !lines.contains(where: { $0.hasPrefix("recorded 2 ") }) {
                let data = output.fileHandleForReading.availableData
                guard !data.isEmpty else { break }
                seen += String(decoding: data, as: UTF8.self)
                lines = seen.split(separator: "\n").map(String.init)
            }
            #expect(ScanRecovery.leftovers(root: root).sessions.isEmpty, "a live session was offered as a leftover")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            let recordedBefore = lines.filter { $0.hasPrefix("recorded ") }.count
            #expect(recordedBefore >= 2)
            #expect(!lines.contains { $0.hasPrefix("ended") }, "the child finished before it was killed")

            let found = ScanRecovery.leftovers(root: root)
            #expect(found.problems.isEmpty)
            let session = try #require(found.sessions.first)
            #expect(found.sessions.count == 1)
            #expect(session.pages.count >= recordedBefore)
            #expect(session.pages.map(\.name) == (1...session.pages.count).map { "Scan \($0)" })
            for page in session.pages {
                let pixels = try page.load().get()
                #expect(pixels.width == TestBackend.pixels(210, dpi: 50) && pixels.height == TestBackend.pixels(297, dpi: 50))
                #expect(page.settings?.source == "Automatic Document Feeder")
            }
            try session.discard()
            #expect(ScanRecovery.leftovers(root: root).sessions.isEmpty)
        }
    }
}
