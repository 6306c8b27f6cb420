// Recording benchmark: encode time per frame and file size of GIF, MP4 and WebM recordings, for
// frames rendered by the app or synthetic worst-case frames. See `--help`.
import Foundation
import StripsRecording

let usage = """
    strips-bench-record: encode ms per frame and file size of a recording, GIF, MP4 and WebM.

    Usage: strips-bench-record [--photos [--strips BINARY]] [--formats LIST] [--scales LIST] [--keep] [PNG ...]

      --photos          the 3 s 1024x768 Photos recording: `strips` (beside this program, or
                        BINARY) renders a paging fling, a tapped thumbnail, a delete and its undo
                        headless, one PNG per 1/30 s; those frames are encoded
      PNG ...           encode these frames instead, one per 1/30 s (app screenshots)
                        (neither: 30 synthetic 1024x768 frames that change everywhere, the worst case)
      --formats LIST    comma-separated, of gif, mp4, webm (default all three)
      --scales LIST     recording scales (default 1)
      --keep            keep the recordings and frames and say where

    Each format is encoded twice: with the headless settings (`--record`: GIF palettes at
    libimagequant speed 4, the video encoder's thorough preset) and the live window's (Ctrl+R:
    speed 8, the real-time preset). Encoding runs on the recorder's worker thread as in the app;
    wall and CPU time are per recorded frame.
    """

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func take(_ flag: String) -> Bool {
    guard let i = arguments.firstIndex(of: flag) else { return false }
    arguments.remove(at: i)
    return true
}
@MainActor func value(_ flag: String) -> String? {
    guard let i = arguments.firstIndex(of: flag), i + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(i...i + 1) }
    return arguments[i + 1]
}
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("strips-bench-record: \(message)\n".utf8))
    exit(1)
}

if take("--help") || take("-h") { print(usage); exit(0) }
let photos = take("--photos")
let keep = take("--keep") || ProcessInfo.processInfo.environment["STRIPS_BENCH_KEEP"] != nil
let stripsBinary = value("--strips") ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strips").path
let formats = (value("--formats") ?? "gif,mp4,webm").split(separator: ",").map { name -> RecordingFormat in
    guard let format = RecordingFormat(rawValue: String(name)) else { fail("unknown format \(name) (gif, mp4, webm)") }
    return format
}
let scales = (value("--scales") ?? "1").split(separator: ",").map { text -> Double in
    guard let scale = Double(text), scale > 0, scale <= 1 else { fail("bad scale \(text)") }
    return scale
}
if let unknown = arguments.first(where: { $0.hasPrefix("--") }) { fail("unknown option \(unknown) (see --help)") }

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-bench-record-\(getpid())").path
try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { if keep { print("kept in \(folder)") } else { try? FileManager.default.removeItem(atPath: folder) } }

let frames: [BenchFrame]
let source: String
if photos {
    let paths: [String]
    do { paths = try PhotosRecording.render(strips: stripsBinary, into: folder) } catch { fail("\(error)") }
    frames = paths.compactMap(BenchFrame.load)
    source = "the 3 s Photos recording (\(PhotosRecording.summary)), rendered headless"
} else if arguments.isEmpty {
    frames = (0..<30).map(BenchFrame.synthetic)
    source = "synthetic, all pixels change"
} else {
    frames = arguments.compactMap(BenchFrame.load)
    source = "app screenshots"
}
guard let first = frames.first else { fail("no readable frames") }
let distinct = frames.indices.filter { $0 == 0 || frames[$0].pixels != frames[$0 - 1].pixels }.count

// What the render thread pays per kept frame: the copy out of the renderer's buffer.
let copyStart = DispatchTime.now().uptimeNanoseconds
var checksum = 0
for k in 0..<100 {
    first.pixels.withUnsafeBytes { raw in
        raw.baseAddress.map { checksum &+= Int(RecordedFrame(copying: $0, width: first.width, height: first.height, pitch: first.width * 4, slot: k).pixels[k]) }
    }
}
let copyMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - copyStart) / 1e6 / 100
print(String(format: "render thread: %.2f ms per kept frame to copy it (checksum %d)", copyMilliseconds, checksum & 1))
print("\(frames.count) frames of \(first.width)x\(first.height) (\(distinct) distinct in a row), \(source)")
for format in formats where format != .gif {
    let codec = VideoCodec.best(for: format)
    let all = VideoCodec.candidates(for: format).map { "\($0.encoder)\($0.isAvailable ? "" : " (absent)")" }
    print("\(format.rawValue): \(codec.map { "\($0.label) through \($0.encoder)" } ?? "no encoder") [looked for: \(all.joined(separator: ", "))]")
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

print("format  settings  scale   ms/frame wall   ms/frame CPU        size")
for format in formats {
    for (name, preset) in [("headless", Recorder.Options.headless(scale: 1)), ("live", Recorder.Options.live(scale: 1))] {
        for scale in scales {
            var options = preset
            options.scale = scale
            options.policy = .blocking  // every frame, as headless; the live settings' encoder cost is what is measured
            let path = folder + "/\(name)-\(scale).\(format.fileExtension)"
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = cpuSeconds()
            do {
                let recorder = try Recorder(path: path, options: options)
                for (k, frame) in frames.enumerated() {
                    frame.pixels.withUnsafeBytes { raw in
                        raw.baseAddress.map { _ = recorder.append(pixels: $0, width: frame.width, height: frame.height, pitch: frame.width * 4, at: Double(k) / 30) }
                    }
                }
                try recorder.finish()
            } catch {
                print("\(format.rawValue): failed: \(error)")
                continue
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let cpu = cpuSeconds() - cpuStart
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            print(format.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + name.padding(toLength: 10, withPad: " ", startingAt: 0)
                  + String(format: "%5.2f   %13.1f   %12.1f   %9.2f MB", scale, seconds * 1000 / Double(frames.count),
                           cpu * 1000 / Double(frames.count), Double(size) / 1_000_000))
        }
    }
}
