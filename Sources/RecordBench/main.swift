// GIF recording benchmark: encode time per frame and file size, for frames rendered by the app
// (PNG screenshots from a headless script, one per 1/30 s) or, without arguments, synthetic
// 1024x768 frames that change everywhere every frame (the worst case).
//
//   strips-bench-record [--speed N] [PNG ...]
import CSDL2
import Foundation
import StripsRecording

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print("""
        strips-bench-record [--speed N[,N...]] [PNG ...]: GIF encode time per frame and file size for
        the frames given (PNG screenshots, one per 1/30 s) or, without any, synthetic 1024x768 frames
        that change everywhere every frame (the worst case). --speed: libimagequant's speed, 1-10.
        """)
    exit(0)
}
var speeds = [4]
if let i = arguments.firstIndex(of: "--speed"), i + 1 < arguments.count {
    speeds = arguments[i + 1].split(separator: ",").compactMap { Int($0) }
    arguments.removeSubrange(i...i + 1)
}

struct Frame { var width: Int; var height: Int; var pixels: [UInt8] }

func load(_ path: String) -> Frame? {
    guard let loaded = IMG_Load(path) else { return nil }
    defer { SDL_FreeSurface(loaded) }
    guard let argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
    defer { SDL_FreeSurface(argb) }
    let s = argb.pointee
    guard let base = s.pixels else { return nil }
    var pixels = [UInt8](repeating: 0, count: Int(s.w) * Int(s.h) * 4)
    for y in 0..<Int(s.h) {
        pixels.withUnsafeMutableBytes { out in
            out.baseAddress.map { ($0 + y * Int(s.w) * 4).copyMemory(from: base + y * Int(s.pitch), byteCount: Int(s.w) * 4) }
        }
    }
    return Frame(width: Int(s.w), height: Int(s.h), pixels: pixels)
}

func synthetic(_ k: Int) -> Frame {
    let (w, h) = (1024, 768)
    var pixels = [UInt8](repeating: 255, count: w * h * 4)
    var seed = UInt32(truncatingIfNeeded: k &* 2_654_435_761)
    for y in 0..<h {
        for x in 0..<w {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let o = (y * w + x) * 4
            pixels[o] = UInt8((x + k * 7) & 255)
            pixels[o + 1] = UInt8((y + k * 3) & 255)
            pixels[o + 2] = UInt8((x ^ y) & 255) &+ UInt8(seed >> 28)
        }
    }
    return Frame(width: w, height: h, pixels: pixels)
}

let frames: [Frame] = arguments.isEmpty ? (0..<30).map(synthetic) : arguments.compactMap(load)
guard let first = frames.first else {
    FileHandle.standardError.write(Data("strips-bench-record: no readable frames\n".utf8))
    exit(1)
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-bench-record-\(getpid())").path
try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { if ProcessInfo.processInfo.environment["STRIPS_BENCH_KEEP"] == nil { try? FileManager.default.removeItem(atPath: folder) } else { print("kept in \(folder)") } }

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

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

print("\(frames.count) frames of \(first.width)x\(first.height), \(arguments.isEmpty ? "synthetic, all pixels change" : "app screenshots")")
for speed in speeds {
    for scale in [1.0, 0.5] {
        let path = folder + "/bench-\(speed)-\(scale).gif"
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = cpuSeconds()
        do {
            let recorder = try GIFRecorder(path: path, options: .init(scale: scale, policy: .blocking, quantizerSpeed: speed))
            for (k, frame) in frames.enumerated() {
                frame.pixels.withUnsafeBytes { raw in
                    raw.baseAddress.map { _ = recorder.append(pixels: $0, width: frame.width, height: frame.height, pitch: frame.width * 4, at: Double(k) / 30) }
                }
            }
            try recorder.finish()
        } catch {
            print("failed: \(error)")
            continue
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = cpuSeconds() - cpuStart
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print(String(format: "speed %2d  scale %.1f: %6.1f ms/frame wall, %6.1f ms/frame CPU, %8.1f KB (%5.1f KB/frame)",
                     speed, scale, seconds * 1000 / Double(frames.count), cpu * 1000 / Double(frames.count),
                     Double(size) / 1024, Double(size) / 1024 / Double(frames.count)))
    }
}
