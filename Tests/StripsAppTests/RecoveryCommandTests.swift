import Foundation
import StripsTestSupport
import Testing

/// The recovery folder as the issue found it (issue 28), through the binary: a recovery root
/// that is a link to the user's own folder, and FIFOs in it, at a start that discards leftovers.
@Suite struct RecoveryCommandTests {
    /// Runs `strips photos` headless with `state` as XDG_STATE_HOME, killing it past `seconds`.
    static func start(state: String, recover: String, seconds: Double = 20) throws -> (status: Int32?, stderr: String) {
        let folder = (state as NSString).deletingLastPathComponent
        let script = folder + "/dump.strips"
        try "at 0 dump\n".write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: stripsBinary)
        process.arguments = ["photos", "--script", script, "--recover", recover]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": state, "TMPDIR": folder]) { $1 }
        let errors = folder + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        let deadline = Date(timeIntervalSinceNow: seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        let finished = !process.isRunning
        if !finished {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return (finished ? process.terminationStatus : nil, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }

    static func scratch(_ name: String) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("strips-recovery-cli-\(getpid())-\(name)").path
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root + "/state/strips", withIntermediateDirectories: true)
        return root
    }

    /// A whole PNG, as a scanned page's file looks.
    static let png: [UInt8] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/formats/shape.png")
        return (try? Array(Data(contentsOf: url))) ?? []
    }()

    @Test func discardingLeftoversNeverDeletesWhatALinkedRootPointsAt() throws {
        let root = try Self.scratch("linked")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let mine = root + "/v/2023"
        try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
        try Data(Self.png).write(to: URL(fileURLWithPath: mine + "/scan-0001.png"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: mine + "/a.txt"))
        try FileManager.default.createSymbolicLink(atPath: root + "/state/strips/recovery", withDestinationPath: root + "/v")
        let run = try Self.start(state: root + "/state", recover: "discard")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: mine + "/scan-0001.png"), "\(run.stderr)")
        #expect((try? String(contentsOfFile: mine + "/a.txt", encoding: .utf8)) == "mine", "\(run.stderr)")
        #expect(run.stderr.contains("recovery: \(root)/state/strips/recovery is a symbolic link; not used"), "\(run.stderr)")
    }

    @Test func aFolderThatOnlyLooksLikeASessionIsLeftAsItIs() throws {
        let root = try Self.scratch("lookalike")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/state/strips/recovery/2023"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(root + "/state/strips/recovery", 0o700)
        chmod(folder, 0o700)
        try Data(Self.png).write(to: URL(fileURLWithPath: folder + "/scan-0001.png"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/a.txt"))
        let run = try Self.start(state: root + "/state", recover: "discard")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/scan-0001.png") && FileManager.default.fileExists(atPath: folder + "/a.txt"))
        #expect(run.stderr.contains("holds something Strips did not make (2023); left as it is"), "\(run.stderr)")
    }

    @Test func aFIFOInTheRecoveryFolderNeverHangsTheStart() throws {
        let root = try Self.scratch("fifo")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/state/strips/recovery/x"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(Self.png).write(to: URL(fileURLWithPath: folder + "/scan-0001.png"))
        #expect(mkfifo(folder + "/manifest.json", 0o600) == 0)
        #expect(mkfifo(folder + "/scan-0009.png", 0o600) == 0)
        let run = try Self.start(state: root + "/state", recover: "keep")
        #expect(run.status != nil, "the start hung on a FIFO")
    }
}
