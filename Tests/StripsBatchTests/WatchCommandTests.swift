import Foundation
import StripsTestSupport
import XCTest

/// `strips convert --watch` through the binary: a file copied in slowly (held open) waits for its
/// writer, a folder renamed in is one batch, a damaged file is set aside and the watch goes on,
/// SIGTERM stops it, and a restart converts nothing twice. Progress is read from the report the
/// watch writes (each wait has a deadline; nothing sleeps a fixed time to be sure).
final class WatchCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-watch-\(UUID().uuidString)").path
        for name in ["in", "out", "drawn"] { try FileManager.default.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true) }
        XCTAssertTrue(ArchiveBatch.write(pages: 10, to: folder + "/drawn"))
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func watch(_ name: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: stripsBinary)
        process.arguments = ["convert", "--watch", folder + "/in", "--output", folder + "/out", "--ocr", "off", "--settle", "0.3",
                             "--report", folder + "/report.jsonl"]
        process.environment = ownFolders(ProcessInfo.processInfo.environment).merging(["SOURCE_DATE_EPOCH": "1764000000"]) { $1 }
        _ = FileManager.default.createFile(atPath: "\(folder)/\(name).err", contents: nil)
        _ = FileManager.default.createFile(atPath: "\(folder)/\(name).out", contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: "\(folder)/\(name).out")
        process.standardError = FileHandle(forWritingAtPath: "\(folder)/\(name).err")
        try process.run()
        return process
    }

    /// The report's lines once `count` are there (or the deadline passes: the test then fails on them).
    private func reportLines(atLeast count: Int, within seconds: Double = 60) -> [[String: Any]] {
        reportLines(within: seconds) { $0.count >= count }
    }

    /// The report's lines once `enough` says so (or the time is up), read again every 50 ms.
    private func reportLines(within seconds: Double = 60, until enough: ([[String: Any]]) -> Bool) -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(seconds)
        var lines = ArchiveBatch.reportLines(folder + "/report.jsonl")
        while !enough(lines), Date() < deadline {
            usleep(50_000)
            lines = ArchiveBatch.reportLines(folder + "/report.jsonl")
        }
        return lines
    }

    private func page(_ n: Int) -> Data { FileManager.default.contents(atPath: String(format: "%@/drawn/%04d.jpg", folder, n))! }

    func testAWatchedFolderConvertsEachArrivalOnceAndGoesOn() throws {
        let watcher = try watch("first")
        // A file being copied in slowly: half of it, the writer keeping it open.
        let slow = folder + "/in/slow.jpg"
        _ = FileManager.default.createFile(atPath: slow, contents: nil)
        let writer = try XCTUnwrap(FileHandle(forWritingAtPath: slow))
        let bytes = page(1)
        writer.write(bytes.prefix(bytes.count / 2))
        // A batch folder made aside and renamed in whole: pages 1-5 (four pages and a separator).
        try FileManager.default.createDirectory(atPath: folder + "/.making", withIntermediateDirectories: true)
        for n in 1...5 { _ = FileManager.default.createFile(atPath: String(format: "%@/.making/%04d.jpg", folder, n), contents: page(n)) }
        try FileManager.default.moveItem(atPath: folder + "/.making", toPath: folder + "/in/folder-batch")
        let first = reportLines(atLeast: 1)
        XCTAssertEqual(first.count, 1, "the renamed folder, and nothing of the file still being written")
        XCTAssertEqual(first.first?["output"] as? String, folder + "/out/folder-batch.pdf")
        XCTAssertEqual(first.first?["pages"] as? Int, 4)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/out/slow.pdf"))
        // The copy finishes: the file is converted whole.
        writer.write(bytes.dropFirst(bytes.count / 2))
        try writer.close()
        let second = reportLines(atLeast: 2)
        XCTAssertEqual(second.count, 2)
        XCTAssertEqual(second.last?["output"] as? String, folder + "/out/slow.pdf")
        XCTAssertTrue(second.last?["error"] is NSNull)
        // A damaged file is set aside in one line; the next file is still converted.
        _ = FileManager.default.createFile(atPath: folder + "/in/damaged.jpg", contents: bytes.prefix(300))
        let third = reportLines(atLeast: 3)
        XCTAssertEqual(third.last?["error"] as? String != nil, true, "the damaged file's line says why")
        XCTAssertTrue(errors("first").contains("damaged.jpg: set aside"), errors("first"))
        _ = FileManager.default.createFile(atPath: folder + "/in/after.jpg", contents: page(2))
        let fourth = reportLines(atLeast: 4)
        XCTAssertEqual(fourth.last?["output"] as? String, folder + "/out/after.pdf")
        watcher.terminate()  // SIGTERM
        watcher.waitUntilExit()
        XCTAssertEqual(watcher.terminationStatus, 0, errors("first"))

        // A restart: nothing converted twice; only what is new.
        let again = try watch("second")
        _ = FileManager.default.createFile(atPath: folder + "/in/new.jpg", contents: page(3))
        let fifth = reportLines(atLeast: 5)
        XCTAssertEqual(fifth.count, 5)
        XCTAssertEqual(fifth.last?["output"] as? String, folder + "/out/new.pdf")
        again.terminate()
        again.waitUntilExit()
        XCTAssertEqual(ArchiveBatch.reportLines(folder + "/report.jsonl").count, 5, "nothing converted twice")
        XCTAssertEqual(ArchiveBatch.documents(folder + "/out").keys.sorted(), ["after.pdf", "folder-batch.pdf", "new.pdf", "slow.pdf"])
        XCTAssertEqual(ArchiveBatch.leftovers(folder + "/out"), [])
        XCTAssertFalse(errors("second").contains("set aside"), "the damaged file stays set aside: \(errors("second"))")
    }

    func testAWatchKilledAtAnyMomentConvertsEveryArrivalOnceAfterARestart() throws {
        var random = SplitMix(seed: 7)
        for n in 1...4 { _ = FileManager.default.createFile(atPath: "\(folder)/in/page\(n).jpg", contents: page(n % 2 + 1)) }
        for round in 0..<3 {
            let watcher = try watch("killed\(round)")
            usleep(UInt32((0.2 + 1.5 * random.unit()) * 1_000_000))
            kill(watcher.processIdentifier, SIGKILL)
            watcher.waitUntilExit()
            for (name, bytes) in ArchiveBatch.documents(folder + "/out") {
                XCTAssertGreaterThan(bytes.count, 1000, "\(name) whole")
                XCTAssertEqual(String(decoding: bytes.suffix(6), as: UTF8.self).contains("%%EOF"), true, "\(name) ends as a PDF ends")
            }
        }
        let last = try watch("last")
        // The killed rounds' lines count too (a document found whole again is a "resumed" line):
        // wait for every page's document, not for a number of lines.
        let lines = reportLines { Set($0.compactMap { $0["output"] as? String }).count >= 4 }
        last.terminate()
        last.waitUntilExit()
        XCTAssertEqual(ArchiveBatch.documents(folder + "/out").keys.sorted(), ["page1.pdf", "page2.pdf", "page3.pdf", "page4.pdf"])
        // A document whose line a kill cut off is found whole by the next watch ("resumed"), never written again.
        let written = lines.filter { $0["resumed"] == nil }.compactMap { $0["output"] as? String }
        XCTAssertEqual(written.count, Set(written).count, "no document written twice: \(written)")
        XCTAssertEqual(Set(lines.compactMap { $0["output"] as? String }).count, 4)
        XCTAssertEqual(ArchiveBatch.leftovers(folder + "/out"), [])
    }

    private func errors(_ name: String) -> String { (try? String(contentsOfFile: "\(folder)/\(name).err", encoding: .utf8)) ?? "" }
}
