import Foundation
import StripsTestSupport
import Testing

/// The headless contract as outside checks see it: the `strips` binary, its exit status, its one
/// line on standard error, its trace and its screenshots.
@Suite struct CommandLineTests {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `swift test` builds the executable beside the test bundle.
    static var binary: String {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [bundleDir, bundleDir.deletingLastPathComponent(), URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug")] {
            let candidate = dir.appendingPathComponent("strips").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return bundleDir.appendingPathComponent("strips").path
    }

    func run(_ args: [String], environment: [String: String] = [:]) throws -> Result {
        let output = try runProcess(Self.binary, args, environment: environment)
        return Result(status: output.status, stdout: output.stdout, stderr: output.stderr)
    }

    func temp(_ name: String, _ contents: String? = nil) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strips-cli-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        if let contents { try contents.write(toFile: path, atomically: true, encoding: .utf8) }
        return path
    }

    @Test func binaryIsBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "\(Self.binary)")
    }

    @Test func scriptedRunWritesTraceAndScreenshot() throws {
        let shot = try temp("shot.png")
        try? FileManager.default.removeItem(atPath: shot)
        let script = try temp("run.strips", """
            window 640 480
            at 0 dump
            at 100 down 500 200
            at 120 move 400 200
            at 140 move 300 200
            at 150 up 290 200
            at 900 screenshot \(shot)
            at 900 dump
            at 1000 end
            """)
        let result = try run(["photos", "--script", script])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"t":0,"frame":0,"scene":"photos","window":[640,480],"idle":true,"count":8,"active":0,"#) == true)
        #expect(lines.last?.contains(#""active":1"#) == true)
        let attributes = try FileManager.default.attributesOfItem(atPath: shot)
        #expect((attributes[.size] as? Int ?? 0) > 10_000)
    }

    @Test func sameScriptSameBytesEveryFrame() throws {
        let script = try temp("same.strips", "at 50 key Right\nat 400 key Delete\nat 900 key ctrl+z\nat 1500 end\n")
        let a = try temp("a.jsonl"), b = try temp("b.jsonl")
        #expect(try run(["photos", "--script", script, "--trace", a, "--trace-every-frame"]).status == 0)
        #expect(try run(["photos", "--script", script, "--trace", b, "--trace-every-frame"]).status == 0)
        let da = try Data(contentsOf: URL(fileURLWithPath: a)), db = try Data(contentsOf: URL(fileURLWithPath: b))
        #expect(da == db)
        #expect(String(decoding: da, as: UTF8.self).split(separator: "\n").count == 91)  // frames 0...90
    }

    @Test(arguments: [
        ("at 10 teleport 1 2\n", "script line 1"),
        ("at 10 key NoSuchKey\n", "unknown key name"),
        ("at 10 dump\nat 5 dump\n", "script line 2"),
    ])
    func badScriptIsOneLineAndNonZero(script: String, message: String) throws {
        let path = try temp("bad-\(abs(script.hashValue)).strips", script)
        let result = try run(["photos", "--script", path])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains(message))
        #expect(result.stdout.isEmpty)
    }

    @Test func unusablePathsAreOneLineAndNonZero() throws {
        let script = try temp("ok.strips", "at 0 end\n")
        let missing = try run(["photos", "/definitely/not/here", "--script", script])
        #expect(missing.status != 0)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(missing.stderr.contains("/definitely/not/here"))
        let empty = try temp("empty-folder")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try "not an image".write(toFile: empty + "/notes.txt", atomically: true, encoding: .utf8)
        let none = try run(["photos", empty, "--script", script])
        #expect(none.status != 0)
        #expect(none.stderr.contains("no images"))
    }

    @Test func badOptionIsOneLine() throws {
        let result = try run(["photos", "--no-such-option"])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
