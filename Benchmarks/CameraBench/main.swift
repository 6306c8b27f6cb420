import Foundation
import StripsCameraFootage

// strips-bench-camera [--json] [--quick] [--films DIR]: the camera's benchmark (Benchmark.swift),
// its films kept in DIR; `film KIND PATH` writes test footage for trying the camera by hand
// (`strips photos --camera PATH`).
let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

func fail(_ line: String) -> Never {
    FileHandle.standardError.write(Data(("strips-bench-camera: " + line + "\n").utf8))
    exit(1)
}

let usage = """
    usage: strips-bench-camera [--json] [--quick] [--films DIR]
           strips-bench-camera film desk|book|moving|spread PATH [--size WxH] [--rate FPS] [--cut SHARE] [--seconds S]

    The camera's benchmark: decoding and page detection per 720p and 1080p frame of made-up desk
    footage (Motion JPEG, as webcams send it) against the ffmpeg command decoding the same file,
    and the time from a page coming to rest to its take.
      --json        one line of JSON (docs/PERFORMANCE.md quotes it)
      --quick       720p only
      --films DIR   where the footage is written and kept (default: the temporary folder)
    film KIND PATH writes test footage to try the camera by hand (strips photos --camera PATH):
      desk (pages laid down, a hand passing), book (pages turned), moving (a page never still);
      --cut SHARE ends the file early, as a recording cut short.
    """

let known = ["--json", "--quick", "--films", "--help", "-h"]
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
if arguments.first != "film", let unknown = arguments.enumerated().first(where: { index, argument in
    !known.contains(argument) && !(index > 0 && arguments[index - 1] == "--films")
})?.element {
    fail("unknown option '\(unknown)' (--help lists them)")
}

if arguments.first == "film" {
    guard arguments.count >= 3, let kind = CameraFilm.Kind(rawValue: arguments[1]) else {
        fail("usage: strips-bench-camera film desk|book|moving|spread PATH [--size WxH] [--rate FPS] [--cut SHARE] [--seconds S (moving)]")
    }
    let size = (option("--size") ?? "1280x720").split(separator: "x").compactMap { Int($0) }
    guard size.count == 2, size.allSatisfy({ $0 >= 64 && $0 <= 4096 }) else { fail("--size takes WxH, 64 to 4096 each") }
    let rate = Double(option("--rate") ?? "30") ?? 30
    let film = CameraFilm(kind, width: size[0], height: size[1], rate: rate, moving: option("--seconds").flatMap(Double.init))
    do {
        try FootageWriter.write(film, to: arguments[2], cutAt: option("--cut").flatMap(Double.init))
    } catch {
        fail("\(error)")
    }
    print("wrote \(arguments[2]): \(film.frameCount) frames, \(film.width)x\(film.height) at \(rate) fps; rests \(film.rests.map { "\($0.page) \($0.from)-\($0.to) s" })")
    exit(0)
}
let folder = option("--films") ?? NSTemporaryDirectory() + "strips-bench-camera"
try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
let sizes = arguments.contains("--quick") ? [(1280, 720)] : [(1280, 720), (1920, 1080)]
do {
    let results = try Benchmark(folder: folder).run(sizes: sizes)
    let data = try JSONSerialization.data(withJSONObject: results, options: arguments.contains("--json") ? [.sortedKeys] : [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} catch {
    fail("\(error)")
}
