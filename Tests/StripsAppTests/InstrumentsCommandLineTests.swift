import Foundation
import StripsTestSupport
import Testing

/// `--tuning`, `--slow` and `--record` as the headless contract promises them.
@Suite struct InstrumentsCommandLineTests {
    let cli = CommandLineTests()
    static let fling = "window 640 480\nat 100 down 500 200\nat 116 move 400 200\nat 133 move 300 200\nat 150 up 290 200\n"

    /// A GIF's screen size, its frames and their delays (centiseconds), by walking its blocks.
    struct GIFBlocks {
        var width = 0, height = 0, frames = 0
        var delays: [Int] = []

        init(_ b: [UInt8]) throws {
            struct Bad: Error {}
            guard b.count > 13, b.starts(with: Array("GIF89a".utf8)) else { throw Bad() }
            width = Int(b[6]) | Int(b[7]) << 8
            height = Int(b[8]) | Int(b[9]) << 8
            var i = 13
            if b[10] & 0x80 != 0 { i += 3 * (2 << Int(b[10] & 7)) }
            func subBlocks(_ visit: (Int, Int) -> Void = { _, _ in }) throws {
                while true {
                    guard i < b.count else { throw Bad() }
                    let n = Int(b[i]); i += 1
                    if n == 0 { return }
                    visit(i, n); i += n
                }
            }
            loop: while i < b.count {
                let c = b[i]; i += 1
                switch c {
                case 0x3B: break loop
                case 0x21:
                    let label = b[i]; i += 1
                    try subBlocks { at, n in if label == 0xF9, n == 4 { delays.append(Int(b[at + 1]) | Int(b[at + 2]) << 8) } }
                case 0x2C:
                    let packed = b[i + 8]; i += 9
                    if packed & 0x80 != 0 { i += 3 * (2 << Int(packed & 7)) }
                    i += 1  // LZW minimum code size
                    try subBlocks()
                    frames += 1
                default: throw Bad()
                }
            }
        }
    }

    @Test func recordWritesTheScriptAsAGIFOfTheWindowsSize() throws {
        let script = try cli.temp("record.txt", Self.fling + "at 3000 end\n")
        let full = try cli.temp("full-\(UUID().uuidString.prefix(6)).gif"), half = try cli.temp("half-\(UUID().uuidString.prefix(6)).gif")
        defer { for p in [full, half] { try? FileManager.default.removeItem(atPath: p) } }
        for (path, scale) in [(full, "1"), (half, "0.5")] {
            let result = try cli.run(["photos", "--script", script, "--trace", try cli.temp("discarded-trace-\(UUID().uuidString.prefix(6)).jsonl"), "--record", path, "--record-scale", scale])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }
        let a = try GIFBlocks([UInt8](try Data(contentsOf: URL(fileURLWithPath: full))))
        let b = try GIFBlocks([UInt8](try Data(contentsOf: URL(fileURLWithPath: half))))
        #expect(a.width == 640 && a.height == 480)
        #expect(b.width == 320 && b.height == 240)
        // 3 s at 30 fps: 91 slots from 0 to 3000 ms; frames that show nothing new only lengthen
        // the one before, so the delays add up to the script's length whatever was folded.
        #expect(a.delays.reduce(0, +) == 303 && b.delays.reduce(0, +) == 303)
        #expect(a.frames == a.delays.count && a.frames >= 15 && a.frames <= 91)
        #expect(a.frames == b.frames)
        // The same script records the same file.
        let again = try cli.temp("again-\(UUID().uuidString.prefix(6)).gif")
        defer { try? FileManager.default.removeItem(atPath: again) }
        _ = try cli.run(["photos", "--script", script, "--trace", try cli.temp("discarded-trace-\(UUID().uuidString.prefix(6)).jsonl"), "--record", again, "--record-scale", "0.5"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: half)))
    }

    /// `--record FILE.mp4` / `FILE.webm`: a video of the run (its frames are checked in
    /// StripsRecordingTests, through libavcodec); here, that the command writes the container.
    @Test func recordWritesAVideoByItsExtension() throws {
        let script = try cli.temp("record-video.txt", Self.fling + "at 600 end\n")
        for (ext, magic, offset) in [("mp4", Array("ftyp".utf8), 4), ("webm", [UInt8(0x1A), 0x45, 0xDF, 0xA3], 0)] {
            let path = try cli.temp("video-\(UUID().uuidString.prefix(6)).\(ext)")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let result = try cli.run(["photos", "--script", script, "--trace", try cli.temp("discarded-trace-\(UUID().uuidString.prefix(6)).jsonl"), "--record", path, "--record-scale", "0.5"])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(ext): \(result.stderr)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(bytes.count > 1000 && Array(bytes[offset..<(offset + magic.count)]) == magic, "\(ext)")
        }
    }

    /// A write that fails (here the file size limit, as a full disk would) is one line, and
    /// nothing is left behind: neither the recording nor its temporary file.
    @Test func aFailedWriteIsOneLineAndLeavesNothing() throws {
        let script = try cli.temp("record-full.txt", Self.fling + "at 700 end\n")
        let folder = try cli.temp("full-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for ext in ["gif", "mp4", "webm"] {
            let path = folder + "/out.\(ext)"
            // Writes past 16 blocks of 512 bytes fail with EFBIG once SIGXFSZ is ignored.
            let result = try runProcess("/bin/sh", ["-c", "trap '' XFSZ; ulimit -f 16; exec \"$0\" \"$@\"", CommandLineTests.binary,
                                                    "photos", "--script", script, "--trace", try cli.temp("discarded-trace-\(UUID().uuidString.prefix(6)).jsonl"), "--record", path])
            #expect(result.status != 0, "\(ext)")
            #expect(result.stderr.hasPrefix("strips: \(path): ") && result.stderr.split(separator: "\n").count == 1, "\(ext): \(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(ext)")
        }
    }

    @Test func recordNeverReplacesAFileAndNamesBadOptions() throws {
        let script = try cli.temp("rec-exists.txt", "at 0 end\n")
        let existing = try cli.temp("exists.gif", "not mine")
        let result = try cli.run(["photos", "--script", script, "--record", existing])
        #expect(result.status != 0 && result.stderr.hasPrefix("strips: ") && result.stderr.contains("exists"))
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "not mine")
        for args in [["--record-scale", "2"], ["--slow", "0.5"], ["--record", "x.png"], ["--record-format", "avi"]] {
            let bad = try cli.run(["pizza", "--script", script] + args)
            #expect(bad.status != 0 && bad.stderr.split(separator: "\n").count == 1, "\(args): \(bad.stderr)")
        }
        // A negative factor is refused in words, not taken for a missing value (issue 38).
        let negative = try cli.run(["pizza", "--script", script, "--slow", "-1"])
        #expect(negative.status != 0 && negative.stderr.contains("--slow must be between 1 and 1000"), "\(negative.stderr)")
    }

    @Test func tuningFileShowsInTheTraceAndBadKeysAreNamed() throws {
        let script = try cli.temp("tune.txt", "at 100 down 800 300\nat 116 move 650 300\nat 133 move 480 300\nat 150 dump\nat 150 end\n")
        let file = try cli.temp("tune.toml", "[preview]\nparallax_spacing = 88\nparalax = 1\n")
        let plain = try cli.run(["photos", "--script", script])
        let tuned = try cli.run(["photos", "--script", script, "--tuning", file])
        #expect(tuned.status == 0)
        #expect(tuned.stderr == "strips: \(file): unknown key preview.paralax\n")
        func drift(_ trace: String) throws -> Double {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(trace.utf8)) as? [String: Any])
            let preview = try #require(json["preview"] as? [String: Any])
            let cells = try #require(preview["cells"] as? [[String: Any]])
            let frame = try #require(cells.first { ($0["index"] as? NSNumber)?.intValue == 1 }?["frame"] as? [NSNumber])
            return frame[0].doubleValue - (1024 - ((preview["offset"] as? NSNumber)?.doubleValue ?? 0))
        }
        #expect(abs(try drift(plain.stdout) - 30.25) < 0.01)
        #expect(abs(try drift(tuned.stdout) - 60.5) < 0.01)
        let missing = try cli.run(["photos", "--script", script, "--tuning", "/nonexistent/t.toml"])
        #expect(missing.status == 1 && missing.stderr == "strips: /nonexistent/t.toml: no such file\n")
    }

    @Test func slowStartsInSlowMotionAndKeysSAndXAreAccepted() throws {
        let script = try cli.temp("slow.txt", "at 0 key x\nat 100 key Delete\nat 6000 end\n")
        let slow = try cli.run(["photos", "--script", script, "--trace-every-frame", "--slow", "10"])
        #expect(slow.status == 0, "\(slow.stderr)")
        let busy = slow.stdout.split(separator: "\n").filter { $0.contains("\"idle\":false") }.count
        #expect(busy == 180)
        let toggled = try cli.run(["pizza", "--script", try cli.temp("slowkey.txt", "at 0 key s\nat 10 key X\nat 100 end\n")])
        #expect(toggled.status == 0 && toggled.stderr.isEmpty, "\(toggled.stderr)")
    }
}
