import Foundation
import StripsTestSupport
import Testing

/// Outputs are opened as Unix tools open theirs (issue 38): `--trace`, a script's `screenshot` and
/// `strips thumbnail` write into a character device or FIFO as a stream, through a symbolic link
/// to its file, and never over a picture the run shows; each thing at the path is still what it
/// was afterwards.
@Suite struct OutputPathTests {
    /// The three outputs, each writing to `path` with `picture` as the document's (or the input's) picture.
    enum Output: CaseIterable {
        case trace, screenshot, thumbnail

        func run(to path: String, picture: String, in folder: TemporaryFolder) throws -> ProcessOutput {
            switch self {
            case .trace:
                let script = folder.file("trace-script.txt")
                try "window 200 150\nat 100 dump\n".write(toFile: script, atomically: true, encoding: .utf8)
                return try runProcess(stripsBinary, ["photos", picture, "--script", script, "--trace", path])
            case .screenshot:
                let script = folder.file("shot-script.txt")
                try "window 200 150\nat 100 screenshot \(path)\n".write(toFile: script, atomically: true, encoding: .utf8)
                return try runProcess(stripsBinary, ["photos", picture, "--script", script, "--trace", folder.file("discarded.jsonl")])
            case .thumbnail:
                return try runProcess(stripsBinary, ["thumbnail", "--size", "32", picture, path])
            }
        }
    }

    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    func picture(in folder: TemporaryFolder) throws -> String {
        let path = folder.file("page.png")
        try FileManager.default.copyItem(atPath: LoaderFixtures.samplePage, toPath: path)
        return path
    }

    @Test(arguments: Output.allCases)
    func aCharacterDeviceOfItsOwnIsWrittenIntoNotReplaced(_ output: Output) throws {
        // Only root may make a device node; elsewhere the FIFO test stands for the stream case.
        guard getuid() == 0 else { return }
        let folder = try TemporaryFolder()
        let device = folder.file("null")
        // A null device of the test's own (char 1,3: 0x103 as makedev encodes it), never the machine's /dev/null.
        #expect(mknod(device, S_IFCHR | 0o666, 0x103) == 0)
        let run = try output.run(to: device, picture: try picture(in: folder), in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.kind(device) == S_IFCHR)
        #expect(folder.contents.allSatisfy { !$0.hasPrefix(".null") }, "\(folder.contents)")
    }

    @Test(arguments: Output.allCases)
    func aFIFOWithAReaderGetsTheBytes(_ output: Output) throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader is there before the writer comes (non-blocking open), and drains the pipe
        // while the run writes, so a PNG larger than the pipe's buffer never stalls it.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        let received = FIFODrain(reader)
        let run = try output.run(to: fifo, picture: try picture(in: folder), in: folder)
        let bytes = received.finish()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.kind(fifo) == S_IFIFO)
        switch output {
        case .trace: #expect(String(decoding: bytes, as: UTF8.self).contains("\"scene\""))
        case .screenshot, .thumbnail: #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(bytes.count) bytes")
        }
    }

    @Test(arguments: Output.allCases)
    func aFIFONobodyReadsIsRefusedAtOnce(_ output: Output) throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try output.run(to: fifo, picture: try picture(in: folder), in: folder)
        #expect(run.status != 0)
        #expect(run.stderr.contains("a FIFO nobody reads"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test(arguments: Output.allCases)
    func aSymbolicLinkStaysALinkAndItsFileIsWritten(_ output: Output) throws {
        let folder = try TemporaryFolder()
        let target = folder.file("target.out"), link = folder.file("link.out")
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        #expect(symlink("target.out", link) == 0)
        let run = try output.run(to: link, picture: try picture(in: folder), in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.kind(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.out")
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: target)))
        #expect(written != Array("old".utf8) && written.count > 10)
    }

    @Test(arguments: Output.allCases)
    func aShownPictureIsNeverWritten(_ output: Output) throws {
        let folder = try TemporaryFolder()
        let shown = try picture(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: shown))
        var info = stat()
        #expect(stat(shown, &info) == 0)
        let run = try output.run(to: shown, picture: shown, in: folder)
        #expect(run.status != 0)
        #expect(run.stderr.contains("a file this run reads"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        var after = stat()
        #expect(stat(shown, &after) == 0 && after.st_ino == info.st_ino)
        #expect(try Data(contentsOf: URL(fileURLWithPath: shown)) == before)
        // Through a link too: the same file by another name.
        let link = folder.file("alias.png")
        #expect(symlink(shown, link) == 0)
        let viaLink = try output.run(to: link, picture: shown, in: folder)
        #expect(viaLink.status != 0 && viaLink.stderr.contains("a file this run reads"), "\(viaLink.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: shown)) == before)
    }
}

/// Reads a FIFO on a thread of its own until `finish` (after the writer has gone).
final class FIFODrain: @unchecked Sendable {
    private let fd: Int32
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)
    private let stop = ManagedAtomicFlag()

    init(_ fd: Int32) {
        self.fd = fd
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, 20)
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    bytes += chunk.prefix(n)
                } else if stop.isSet {
                    break
                }
            }
            done.signal()
        }
    }

    /// Everything read; the reader's descriptor closed.
    func finish() -> [UInt8] {
        stop.set()
        done.wait()
        close(fd)
        return bytes
    }
}

/// A flag one thread sets and another reads.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
