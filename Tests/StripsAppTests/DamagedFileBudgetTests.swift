import Foundation
import StripsTestSupport
import Testing

/// Every damaged file costs a bounded time, then one line, and the process ends (issue 38):
/// qpdf's fuzzing reproducers and damaged test files (Tests/Corpus/damaged-pdfs), the damaged
/// picture corpus, and camera files cut short or with bytes overwritten. Each file is its own
/// `strips` process, and that process's elapsed time is held to `bound`: far above what a file
/// costs (most 1-4 s; the slowest, 57639.fuzz, renders 8 damaged pages at 300 dpi: 19.5 s at a
/// load of 24), so only a hang or a repair without end fails it. qpdf's reproducer `69977d.fuzz`
/// made qpdf repair it for minutes (267 s), and the process did not end.
@Suite(.serialized) struct DamagedFileBudgetTests {
    static let bound = 60.0

    static func timed(_ arguments: [String]) throws -> (run: ProcessOutput, seconds: Double) {
        let start = ContinuousClock.now
        let run = try runProcess(stripsBinary, arguments)
        let elapsed = ContinuousClock.now - start
        return (run, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// README's test command runs a slice of each corpus (every sixth file, and the files that once
    /// hung), so CI stays short; `STRIPS_FULL_CORPORA=1 swift test --filter DamagedFileBudgetTests`
    /// runs every file (about 20 minutes on this machine).
    static func slice(_ names: [String], always: Set<String> = []) -> [String] {
        if ProcessInfo.processInfo.environment["STRIPS_FULL_CORPORA"] == "1" { return names }
        return names.enumerated().filter { $0.offset % 6 == 0 || always.contains($0.element) }.map(\.element)
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every line a run printed on standard error is ours: no library's own chatter (qpdf's
    /// "WARNING: application did not handle error" came besides our line).
    static func expectOurLines(_ stderr: String, _ name: String) {
        for line in stderr.split(separator: "\n") {
            #expect(line.hasPrefix("strips: "), "\(name): \(line)")
        }
    }

    @Test func qpdfsReproducersAndBadFilesConvertOrAreRefusedInBoundedTime() throws {
        let folder = try TemporaryFolder()
        let unpacked = try runProcess("/bin/tar", ["-xJf", Self.repository.appendingPathComponent("Tests/Corpus/damaged-pdfs/qpdf.tar.xz").path,
                                                   "-C", folder.path])
        try #require(unpacked.status == 0, "\(unpacked.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("qpdf")).sorted()
        #expect(names.count == 118)
        var slowest = (name: "", seconds: 0.0)
        for (i, name) in Self.slice(names, always: ["69977d.fuzz"]).enumerated() {
            let output = folder.file("out-\(i).pdf")
            // Text and turning off: what is measured is the damaged file's cost, not a page's
            // reading (which each readable page costs, damaged or not).
            let converted = try Self.timed(["convert", folder.file("qpdf/\(name)"), "--output", output, "--ocr", "off", "--rotate", "off"])
            #expect(converted.seconds < Self.bound, "\(name): \(converted.seconds) s")
            #expect(converted.run.status == 0 || converted.run.status == 1, "\(name): status \(converted.run.status): \(converted.run.stderr)")
            #expect(converted.run.status == 1 || FileManager.default.fileExists(atPath: output), "\(name)")
            #expect(converted.run.status == 0 || !converted.run.stderr.isEmpty, "\(name): a failure says why")
            Self.expectOurLines(converted.run.stderr, name)
            if converted.seconds > slowest.seconds { slowest = (name, converted.seconds) }
        }
        print("slowest damaged PDF: \(slowest.name), \(slowest.seconds) s")
    }

    @Test func damagedPicturesAreShownOrRefusedInBoundedTime() throws {
        let folder = try TemporaryFolder()
        let made = try runProcess("/bin/bash", [Self.repository.appendingPathComponent("Scripts/make-damaged-corpus.sh").path, folder.file("corpus")])
        try #require(made.status == 0, "\(made.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("corpus")).sorted()
        #expect(names.count > 50)
        for (i, name) in Self.slice(names).enumerated() {
            let thumbnail = try Self.timed(["thumbnail", folder.file("corpus/\(name)"), folder.file("t-\(i).png")])
            #expect(thumbnail.seconds < Self.bound, "\(name): \(thumbnail.seconds) s")
            #expect(thumbnail.run.status == 0 || thumbnail.run.stderr.split(separator: "\n").count == 1, "\(name): \(thumbnail.run.stderr)")
            Self.expectOurLines(thumbnail.run.stderr, name)
        }
    }

    /// The video fuzzer's seeds (twelve containers and codecs) cut at a third and two thirds, and
    /// with a run of bytes overwritten in the middle, played as the camera for three seconds.
    @Test func damagedCameraFilesPlayOrStopInBoundedTime() throws {
        let folder = try TemporaryFolder()
        let script = folder.file("s.txt")
        try "at 100 key ctrl+k\nat 3000 dump\nat 3100 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let seeds = Self.repository.appendingPathComponent("Fuzz/corpus/video")
        let names = try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted()
        #expect(names.count >= 12)
        for name in Self.slice(names) {
            // The seeds' first byte is the fuzzer's choice of extension; the film follows it.
            let film = try Data(contentsOf: seeds.appendingPathComponent(name)).dropFirst()
            let damaged: [(String, Data)] = [
                ("third", film.prefix(film.count / 3)), ("two-thirds", film.prefix(film.count * 2 / 3)),
                ("overwritten", { var d = Data(film); let at = d.startIndex + d.count / 2
                    d.replaceSubrange(at..<min(d.endIndex, at + 64), with: Data(repeating: 0xA5, count: min(64, d.endIndex - at))); return d }()),
            ]
            for (how, bytes) in damaged {
                let path = folder.file("\(how)-\(name)")
                try bytes.write(to: URL(fileURLWithPath: path))
                let played = try Self.timed(["photos", "--camera", path, "--script", script, "--trace", folder.file("trace.jsonl")])
                #expect(played.seconds < Self.bound, "\(how) \(name): \(played.seconds) s")
                #expect(played.run.status == 0, "\(how) \(name): \(played.run.stderr)")
                Self.expectOurLines(played.run.stderr, "\(how) \(name)")
                let trace = (try? String(contentsOfFile: folder.file("trace.jsonl"), encoding: .utf8)) ?? ""
                #expect(trace.split(separator: "\n").count == 1, "\(how) \(name): the script runs on to its dump")
            }
        }
    }
}
