import Foundation

/// The recording the sizes in docs/PERFORMANCE.md are for: 3 s of the Photos scene at 1024x768
/// on the bundled sample document, what Scripts/make-readme-media.sh shows squeezed into 3 s (a
/// paging fling, a thumbnail tapped, a page deleted and brought back). `strips` renders it
/// headless with a screenshot at every 1/30 s, the frames `--record` would keep.
enum PhotosRecording {
    static let summary = "paging fling, thumbnail tap, delete, undo"
    static let events = [
        "at 100  down 825 327", "at 116  move 668 327", "at 133  move 484 327", "at 150  up 469 327",
        "at 1000 down 668 711", "at 1020 up 668 711",
        "at 1700 key Delete",
        "at 2300 key ctrl+z",
    ]
    static let milliseconds = 3000
    static let framesPerSecond = 30

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Renders the frames into `folder`; their paths in order.
    static func render(strips: String, into folder: String) throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: strips) else {
            throw Failure(description: "\(strips) is not there: swift build -c release --product strips (or --strips BINARY)")
        }
        // Slot k starts at k/30 s: frame 2k of the 60 Hz clock, the first at or after k*1000/30 ms rounded down.
        let slots = milliseconds * framesPerSecond / 1000
        let shots = (0...slots).map { k in (time: k * 1000 / framesPerSecond, path: folder + String(format: "/frame-%03d.png", k)) }
        var lines = events.map { line -> (Int, String) in (Int(line.split(separator: " ")[1]) ?? 0, line) }
        lines += shots.map { ($0.time, "at \($0.time) screenshot \($0.path)") }
        lines.sort { $0.0 < $1.0 }
        let script = "window 1024 768\n" + lines.map(\.1).joined(separator: "\n") + "\nat \(milliseconds) end\n"
        let scriptPath = folder + "/photos.txt"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strips)
        process.arguments = ["photos", "--script", scriptPath, "--trace", "/dev/null"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "\(strips) exited \(process.terminationStatus)") }
        return shots.map(\.path)
    }
}
