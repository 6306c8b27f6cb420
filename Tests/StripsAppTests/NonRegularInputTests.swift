import Foundation
import StripsTestSupport
import Testing

/// Paths that are not regular files never block a run (issue 38): a FIFO among the pictures, a
/// FIFO given to `thumbnail`, `text` or a script's `drop`, and a FIFO, a FIFO a writer stalls on,
/// a folder or `/dev/zero` as the camera each give one line and the run goes on. Each run is
/// timed: a blocking open would wait for ever (a test's hang), a refusal takes no time.
@Suite struct NonRegularInputTests {
    /// Runs strips; what it said and how long it took, in seconds.
    static func timed(_ arguments: [String]) throws -> (run: ProcessOutput, seconds: Double) {
        let start = ContinuousClock.now
        let run = try runProcess(stripsBinary, arguments)
        let elapsed = ContinuousClock.now - start
        return (run, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// A folder with one picture and a FIFO named like a picture.
    static func folderWithFIFO() throws -> (TemporaryFolder, picture: String, fifo: String) {
        let folder = try TemporaryFolder()
        let picture = folder.file("a.png"), fifo = folder.file("x.png")
        try FileManager.default.copyItem(atPath: LoaderFixtures.samplePage, toPath: picture)
        #expect(mkfifo(fifo, 0o600) == 0)
        return (folder, picture, fifo)
    }

    @Test func aFIFOAmongThePicturesIsNamedAndLeftOut() throws {
        let (folder, _, fifo) = try Self.folderWithFIFO()
        let script = folder.file("s.txt")
        try "at 100 dump\n".write(toFile: script, atomically: true, encoding: .utf8)
        let shown = try Self.timed(["photos", folder.path, "--script", script])
        #expect(shown.run.status == 0 && shown.run.stderr.contains("x.png: a FIFO (named pipe), not a file"), "\(shown.run.stderr)")
        #expect(shown.seconds < 10)
        let thumbnail = try Self.timed(["thumbnail", fifo, folder.file("t.png")])
        #expect(thumbnail.run.status == 1 && thumbnail.run.stderr == "strips: \(fifo): a FIFO (named pipe), not a file\n", "\(thumbnail.run.stderr)")
        #expect(thumbnail.seconds < 5)
        let converted = try Self.timed(["convert", folder.path, "--output", folder.file("out.pdf")])
        #expect(converted.run.stderr.contains("x.png: a FIFO (named pipe), not a file"), "\(converted.run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file("out.pdf")), "the readable page is still saved")
        #expect(converted.seconds < 60)
    }

    @Test func aScriptsDropOfAFIFOIsOneLine() throws {
        let (folder, picture, fifo) = try Self.folderWithFIFO()
        let script = folder.file("s.txt")
        try "at 100 drop \(fifo)\nat 300 dump\n".write(toFile: script, atomically: true, encoding: .utf8)
        let dropped = try Self.timed(["photos", picture, "--script", script])
        #expect(dropped.run.status == 0 && dropped.run.stderr.contains("a FIFO (named pipe), not a file"), "\(dropped.run.stderr)")
        #expect(dropped.seconds < 10)
    }

    /// A camera source that is no camera and no video file: one line, and the script runs on to its `dump`.
    @Test(arguments: ["fifo", "stalled", "folder", "zero"])
    func aCameraThatIsNoCameraIsOneLine(_ kind: String) throws {
        let folder = try TemporaryFolder()
        var source = folder.file("camera")
        var writer: Int32 = -1
        switch kind {
        case "fifo": #expect(mkfifo(source, 0o600) == 0)
        case "stalled":
            // A writer that sent 60 KB and then stops: a blocking reader would wait on it for ever.
            #expect(mkfifo(source, 0o600) == 0)
            let reader = open(source, O_RDONLY | O_NONBLOCK)
            writer = open(source, O_WRONLY | O_NONBLOCK)
            let chunk = [UInt8](repeating: 0x47, count: 60_000)
            #expect(chunk.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } > 0)
            close(reader)
        case "folder": #expect(mkdir(source, 0o700) == 0)
        default: source = "/dev/zero"
        }
        defer { if writer >= 0 { close(writer) } }
        let script = folder.file("s.txt")
        try "at 100 key ctrl+k\nat 400 dump\nat 500 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Self.timed(["photos", LoaderFixtures.samplePage, "--script", script, "--camera", source])
        #expect(run.run.status == 0, "\(run.run.stderr)")
        let lines = run.run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(source), "\(run.run.stderr)")
        switch kind {
        case "fifo", "stalled": #expect(run.run.stderr.contains("a FIFO (named pipe), not a file"))
        case "folder": #expect(run.run.stderr.contains("a folder, not a video file"))
        default: #expect(run.run.stderr.contains("not a video capture device"))
        }
        #expect(run.run.stdout.contains("\"scene\""), "the script ran on to its dump")
        #expect(run.seconds < 10)
    }
}
