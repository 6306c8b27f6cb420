import Foundation
import StripsTestSupport
import XCTest

/// `strips convert` for archives, through the binary: shards writing exactly one run's files,
/// reports and after-save commands, runs killed with SIGKILL and resumed.
final class ArchiveCommandTests: XCTestCase {
    /// One time for every run's PDF dates: the same pages make the same bytes.
    static let epoch = ["SOURCE_DATE_EPOCH": "1764000000"]
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-archive-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/batch", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func mkdir(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
        return folder + "/" + name
    }

    /// Starts `strips ARGS` without waiting (its output to files in the test's folder).
    private func start(_ arguments: [String], environment: [String: String] = epoch, name: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: stripsBinary)
        process.arguments = arguments
        process.environment = ownFolders(ProcessInfo.processInfo.environment).merging(environment) { $1 }
        _ = FileManager.default.createFile(atPath: "\(folder)/\(name).out", contents: nil)
        _ = FileManager.default.createFile(atPath: "\(folder)/\(name).err", contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: "\(folder)/\(name).out")
        process.standardError = FileHandle(forWritingAtPath: "\(folder)/\(name).err")
        try process.run()
        return process
    }

    private func errors(_ name: String) -> String { (try? String(contentsOfFile: "\(folder)/\(name).err", encoding: .utf8)) ?? "" }

    func testFourShardsWriteExactlyTheFilesAndBytesOfOneRun() throws {
        XCTAssertTrue(ArchiveBatch.write(pages: 200, to: folder + "/batch"))
        let one = try mkdir("one"), shards = try mkdir("shards"), handed = try mkdir("handed")
        let whole = try runProcess(stripsBinary, ["convert", folder + "/batch", "--output", one + "/batch.pdf", "--ocr", "off", "--rotate", "off",
                                                  "--report", folder + "/one.jsonl", "--after-save", "cp -t \(handed)"], environment: Self.epoch)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let reference = ArchiveBatch.documents(one)
        XCTAssertEqual(reference.count, 40, "200 pages, a separator every fifth: 40 documents")
        XCTAssertEqual(reference.keys.filter { $0.hasPrefix("Box 3") }.sorted(), ["Box 3 (2).pdf", "Box 3 (3).pdf", "Box 3 (4).pdf", "Box 3 (5).pdf", "Box 3.pdf"])
        // --after-save handed every document over; --report has a line for each.
        XCTAssertEqual(Set(ArchiveBatch.documents(handed).keys), Set(reference.keys))
        let lines = ArchiveBatch.reportLines(folder + "/one.jsonl")
        XCTAssertEqual(lines.count, 40)
        XCTAssertEqual(lines.compactMap { $0["pages"] as? Int }.reduce(0, +), 160)
        XCTAssertTrue(lines.allSatisfy { $0["error"] is NSNull && ($0["bytes"] as? Int ?? 0) > 0 && ($0["input"] as? [String])?.count == 4 })
        XCTAssertEqual(Set(lines.compactMap { $0["output"] as? String }), Set(reference.keys.map { one + "/" + $0 }))

        let runs = try (1...4).map { k in
            try start(["convert", folder + "/batch", "--output", shards + "/batch.pdf", "--ocr", "off", "--rotate", "off", "--shard", "\(k)/4",
                       "--report", folder + "/shards.jsonl"], name: "shard\(k)")
        }
        for (k, run) in runs.enumerated() {
            run.waitUntilExit()
            XCTAssertEqual(run.terminationStatus, 0, errors("shard\(k + 1)"))
        }
        let sharded = ArchiveBatch.documents(shards)
        XCTAssertEqual(Set(sharded.keys), Set(reference.keys))
        for (name, bytes) in reference { XCTAssertEqual(sharded[name], bytes, "\(name): the shard wrote one run's bytes") }
        XCTAssertEqual(ArchiveBatch.leftovers(shards), [])
        let shardLines = ArchiveBatch.reportLines(folder + "/shards.jsonl")
        XCTAssertEqual(shardLines.count, 40, "the four shards' lines together, none lost or doubled")
        XCTAssertEqual(Set(shardLines.compactMap { $0["output"] as? String }).count, 40)
    }

    func testAConvertKilledAtAnyMomentAndResumedWritesEveryDocumentOnceWhole() throws {
        XCTAssertTrue(ArchiveBatch.write(pages: 60, to: folder + "/batch"))
        let reference = try mkdir("reference")
        let began = Date()
        let whole = try runProcess(stripsBinary, ["convert", folder + "/batch", "--output", reference + "/batch.pdf", "--ocr", "off", "--rotate", "off"], environment: Self.epoch)
        let duration = Date().timeIntervalSince(began)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let expected = ArchiveBatch.documents(reference)
        XCTAssertEqual(expected.count, 12)

        var random = SplitMix(seed: 42)
        var partly = 0
        for iteration in 0..<3 {
            let out = try mkdir("run\(iteration)")
            let arguments = ["convert", folder + "/batch", "--output", out + "/batch.pdf", "--ocr", "off", "--rotate", "off", "--report", out + "/../run\(iteration).jsonl"]
            // Killed once (the third time twice: the resumed run too), at a moment drawn from the seed.
            for kill in 0..<(iteration == 2 ? 2 : 1) {
                let report = out + "/../run\(iteration).jsonl"
                let linesBefore = ArchiveBatch.reportLines(report).count
                let run = try start(arguments + (kill > 0 ? ["--resume"] : []), name: "killed\(iteration)-\(kill)")
                if iteration == 0 {
                    // Any moment of the run: reading and judging the pages, or writing.
                    usleep(UInt32(duration * random.unit() * 1_000_000))
                } else {
                    // While it writes: once its report has a drawn number of lines more, then up to 30 ms later.
                    let wanted = linesBefore + 1 + Int(random.next() % 10)
                    let deadline = Date().addingTimeInterval(60)
                    while ArchiveBatch.reportLines(report).count < wanted, run.isRunning, Date() < deadline { usleep(2000) }
                    usleep(UInt32(random.next() % 30_000))
                }
                Glibc.kill(run.processIdentifier, SIGKILL)
                run.waitUntilExit()
                // Whatever has a document's name is that document, whole.
                let visible = ArchiveBatch.documents(out)
                for (name, bytes) in visible { XCTAssertEqual(bytes, expected[name], "iteration \(iteration): \(name) is whole under its name") }
                if !visible.isEmpty && visible.count < expected.count { partly += 1 }
            }
            let resumed = try runProcess(stripsBinary, arguments + ["--resume", "--after-save", "false"], environment: Self.epoch)
            XCTAssertEqual(resumed.status, 0, "an after-save command's failure does not fail the run: \(resumed.stderr)")
            let written = resumed.stdout.split(separator: "\n").count - 1
            XCTAssertEqual(resumed.stderr.split(separator: "\n").filter { $0.hasSuffix("the command ended with status 1") }.count, max(0, written),
                           "one line for each document the hook was given")
            XCTAssertEqual(ArchiveBatch.documents(out), expected, "iteration \(iteration): every document once, whole")
            XCTAssertEqual(ArchiveBatch.leftovers(out), [], "iteration \(iteration): nothing hidden left over")
            // A second --resume finds everything written and writes nothing.
            let again = try runProcess(stripsBinary, arguments + ["--resume"], environment: Self.epoch)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertTrue(again.stdout.hasPrefix("0 documents from 60 pages, 12 already written"), again.stdout)
            // Without --resume the names are refused, in one line each, and nothing changes.
            let plain = try runProcess(stripsBinary, Array(arguments.prefix(8)), environment: Self.epoch)
            XCTAssertEqual(plain.status, 1)
            XCTAssertTrue(plain.stderr.contains("already written by an earlier run of this batch (--resume skips it)"), plain.stderr)
        }
        XCTAssertGreaterThanOrEqual(partly, 2, "kills landed while documents were being written (\(partly) of 4)")
    }

    /// The folders of pictures a convert wrote into `folder`, by name, each file's bytes by name.
    private func pictureFolders(_ folder: String) -> [String: [String: Data]] {
        var result: [String: [String: Data]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder), isFolder.boolValue else { continue }
            var files: [String: Data] = [:]
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + name)) ?? [] {
                files[file] = FileManager.default.contents(atPath: folder + "/" + name + "/" + file)
            }
            result[name] = files
        }
        return result
    }

    func testAFolderOfPicturesKilledAtAnyMomentIsNeverSeenHalfAndResumes() throws {
        XCTAssertTrue(ArchiveBatch.write(pages: 40, to: folder + "/batch"))
        let reference = try mkdir("reference")
        // The look makes each page new pixels to encode: writing takes long enough to be caught.
        let options = ["--ocr", "off", "--rotate", "off", "--look", "grey"]
        let whole = try runProcess(stripsBinary, ["convert", folder + "/batch", "--output", reference + "/batch"] + options, environment: Self.epoch)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let expected = pictureFolders(reference)
        XCTAssertEqual(expected.count, 8, "40 pages, a separator every fifth: 8 folders")
        XCTAssertTrue(expected.values.allSatisfy { $0.count == 4 })

        var random = SplitMix(seed: 7)
        var partly = 0
        for iteration in 0..<4 {
            let out = try mkdir("run\(iteration)")
            let report = folder + "/run\(iteration).jsonl"
            let arguments = ["convert", folder + "/batch", "--output", out + "/batch"] + options + ["--report", report]
            let run = try start(arguments, name: "killed\(iteration)")
            let wanted = 1 + Int(random.next() % 6)
            let deadline = Date().addingTimeInterval(60)
            while ArchiveBatch.reportLines(report).count < wanted, run.isRunning, Date() < deadline { usleep(1000) }
            usleep(UInt32(random.next() % 20_000))
            Glibc.kill(run.processIdentifier, SIGKILL)
            run.waitUntilExit()
            // Whatever has a document's name is that document, whole: never a folder half filled.
            let visible = pictureFolders(out)
            for (name, files) in visible { XCTAssertEqual(files, expected[name], "iteration \(iteration): \(name) is whole under its name") }
            if !visible.isEmpty && visible.count < expected.count { partly += 1 }

            let resumed = try runProcess(stripsBinary, arguments + ["--resume"], environment: Self.epoch)
            XCTAssertEqual(resumed.status, 0, resumed.stderr)
            XCTAssertEqual(pictureFolders(out), expected, "iteration \(iteration): every folder once, whole")
            let hidden = ArchiveBatch.listing(out).filter { $0.hasPrefix(".") && !$0.hasPrefix(".strips-convert") }
            XCTAssertEqual(hidden, [], "iteration \(iteration): nothing hidden left over")
            let again = try runProcess(stripsBinary, arguments + ["--resume"], environment: Self.epoch)
            XCTAssertTrue(again.stdout.hasPrefix("0 documents from 40 pages, 8 already written"), again.stdout + again.stderr)
        }
        XCTAssertGreaterThanOrEqual(partly, 2, "kills landed while folders were being written (\(partly) of 4)")
        // A folder changed since it was written is not taken for written.
        let changed = try mkdir("run0/Box 2/extra.txt")
        XCTAssertTrue(FileManager.default.fileExists(atPath: changed))
        let refused = try runProcess(stripsBinary, ["convert", folder + "/batch", "--output", folder + "/run0/batch"] + options + ["--resume"], environment: Self.epoch)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("Box 2: already exists, changed since it was written"), refused.stderr)
    }

    func testAResumeRefusesAFileItDidNotWrite() throws {
        XCTAssertTrue(ArchiveBatch.write(pages: 10, to: folder + "/batch"))
        let out = try mkdir("out")
        _ = FileManager.default.createFile(atPath: out + "/Box 1.pdf", contents: Data("someone else's".utf8))
        let run = try runProcess(stripsBinary, ["convert", folder + "/batch", "--output", out + "/batch.pdf", "--ocr", "off", "--rotate", "off", "--resume"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("Box 1.pdf: already exists, and not as a document of this batch (remove it to convert it again)"), run.stderr)
        XCTAssertEqual(ArchiveBatch.documents(out).keys.sorted(), ["Box 1.pdf"], "nothing written")
        XCTAssertEqual(FileManager.default.contents(atPath: out + "/Box 1.pdf"), Data("someone else's".utf8))
    }
}

/// A seeded generator: the kill moments are the same from run to run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
