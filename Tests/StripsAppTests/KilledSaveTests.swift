import Foundation
import StripsTestSupport
import Testing

/// A save killed mid-way (`kill -9`) leaves only hidden temporary files (a new folder's, in a
/// hidden folder beside it), and the next save to the same place removes them and succeeds, as a
/// PDF and as a folder.
@Suite struct KilledSaveTests {
    /// Twelve 1200 x 1200 noise pictures (PPM, 4 MB each): a save takes long enough to be caught mid-way.
    static func document(in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var random = SystemRandomNumberGenerator()
        for n in 1...12 {
            let side = 1200
            var bytes = Array("P6\n\(side) \(side)\n255\n".utf8)
            bytes.reserveCapacity(bytes.count + side * side * 3)
            for _ in 0..<(side * side * 3 / 8) {
                withUnsafeBytes(of: random.next() as UInt64) { bytes.append(contentsOf: $0) }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/page\(n).ppm"))
        }
    }

    static func hidden(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".") }.sorted()
    }

    /// Starts a save of `pages` to `output` and kills it once `started` says it is under way.
    static func killMidSave(pages: String, output: String, script: String, started: () -> Bool) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: stripsBinary)
        process.arguments = ["photos", pages, "--script", script, "--output", output]
        process.environment = ownFolders(ProcessInfo.processInfo.environment)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 60)
        while !started(), process.isRunning, Date() < deadline { usleep(5_000) }
        let killedMidWay = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return killedMidWay
    }

    @Test(arguments: ["out.pdf", "out"])
    func aKilledSaveLeavesNothingThatBlocksOrLingers(_ target: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("strips-killed-save-\(getpid())-\(target)").path
        try? FileManager.default.removeItem(atPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.document(in: root + "/pages")
        let script = root + "/save.strips"
        try "at 0 key ctrl+s\nat 100 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let output = root + "/" + target
        let isFolder = !target.hasSuffix(".pdf")
        // Under way: a temporary file past a megabyte, or a new folder's hidden one holding two pages' files.
        let killed = try Self.killMidSave(pages: root + "/pages", output: output, script: script) {
            if isFolder { return Self.hidden(in: root).contains { Self.hidden(in: root + "/" + $0).count >= 2 } }
            return Self.hidden(in: root).contains { name in
                var info = stat()
                return stat(root + "/" + name, &info) == 0 && info.st_size > 1 << 20
            }
        }
        try #require(killed, "the save finished before it could be killed")
        // Nothing under the document's name: a new folder appears whole or not at all.
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(!Self.hidden(in: root).isEmpty, "the killed save left nothing to clean")

        let again = try runProcess(stripsBinary, ["photos", root + "/pages", "--script", script, "--output", output])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.hidden(in: root).isEmpty, "\(Self.hidden(in: root))")
        if isFolder {
            let names = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
            #expect(names == (1...12).map { String(format: "%03d.ppm", $0) })
        } else {
            var info = stat()
            #expect(stat(output, &info) == 0 && info.st_size > 12 * 1200 * 1200)
        }
    }
}
