import CJPEGRegion
import Foundation
import StripsTestSupport
import Testing

/// A 300-megapixel picture opens, zooms to its own pixels, and the process stays under 1 GiB:
/// the preview is decoded at the size drawn (libjpeg-turbo's 1/8 scale), and zoomed in only the
/// part in view is decoded, by skipping and cropping scanlines.
@Suite(.serialized) struct GiantPictureTests {
    static let width = 20_000, height = 15_000, square = 1_000

    /// A grey JPEG of 1000-pixel squares, 60 and 200, written a row at a time (never whole in memory).
    static func write(_ path: String) -> Bool {
        var message = [CChar](repeating: 0, count: 200)
        return strips_jpeg_write_rows(path, Int32(width), Int32(height), 1, 75, { _, y, row in
            guard let row else { return }
            for x in 0..<GiantPictureTests.width {
                row[x] = (x / GiantPictureTests.square + Int(y) / GiantPictureTests.square) % 2 == 0 ? 60 : 200
            }
        }, nil, &message, message.count) == 0
    }

    func trace(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    /// The red value of a screenshot's pixel, read by ImageMagick (not by the app's own decoders).
    func grey(_ png: String, _ x: Int, _ y: Int) throws -> Int {
        let ppm = png + ".ppm"
        #expect(try runProcess("/usr/bin/env", ["convert", png, "-compress", "none", "-depth", "8", "ppm:" + ppm]).status == 0)
        let text = try String(contentsOfFile: ppm, encoding: .utf8)
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).dropFirst(1).compactMap { Int($0) }
        let w = numbers[0]
        let pixels = Array(numbers.dropFirst(3))
        return pixels[(y * w + x) * 3]
    }

    @Test func aThreeHundredMegapixelPictureOpensAndZoomsToItsOwnPixels() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-giant-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["STRIPS_KEEP"] == nil { try? FileManager.default.removeItem(at: folder) } }
        let picture = folder.appendingPathComponent("panorama.jpg").path
        #expect(Self.write(picture))

        // Where the picture lies at fit.
        let look = folder.appendingPathComponent("look.strips").path
        try "window 800 600\nat 0 dump\nat 50 end\n".write(toFile: look, atomically: true, encoding: .utf8)
        let first = try runProcess(stripsBinary, ["photos", picture, "--script", look])
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        let cell = try #require(((try trace(first.stdout).first?["preview"] as? [String: Any])?["cells"] as? [[String: Any]])?.first)
        let image = try #require((cell["image"] as? [Double]))
        // The corner where four squares meet, one square in from the top-left.
        let scale = image[2] / Double(Self.width)
        let cx = image[0] + Double(Self.square) * scale, cy = image[1] + Double(Self.square) * scale

        // A double-click on that corner zooms to the picture's own pixels about it.
        let shot = folder.appendingPathComponent("zoomed.png").path
        let zoom = folder.appendingPathComponent("zoom.strips").path
        let click = "at 100 down \(cx) \(cy)\nat 120 up \(cx) \(cy)\nat 200 down \(cx) \(cy)\nat 220 up \(cx) \(cy)"
        try "window 800 600\n\(click)\nat 2500 screenshot \(shot)\nat 2500 dump\nat 2600 end\n"
            .write(toFile: zoom, atomically: true, encoding: .utf8)
        let run = try runProcess(stripsBinary, ["photos", picture, "--script", zoom])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let zoomed = try #require(((try trace(run.stdout).last?["preview"] as? [String: Any])?["cells"] as? [[String: Any]])?.first)
        let drawn = try #require(zoomed["image"] as? [Double])
        #expect(abs(drawn[2] - Double(Self.width)) < 1, "zoomed to its own pixels: \(drawn)")

        // The corner, still under the pointer, is sharp: four points of the picture's own pixels
        // away from it each square is its own grey (a window-sized decode would blur 50 points).
        let x = Int(cx), y = Int(cy)
        #expect(try abs(grey(shot, x - 6, y - 6) - 60) <= 8)
        #expect(try abs(grey(shot, x + 6, y - 6) - 200) <= 8)
        #expect(try abs(grey(shot, x - 6, y + 6) - 200) <= 8)
        #expect(try abs(grey(shot, x + 6, y + 6) - 60) <= 8)

        // Every run so far stayed under 1 GiB (the largest child this process waited for).
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #expect(usage.ru_maxrss < 1 << 20, "peak resident memory \(usage.ru_maxrss / 1024) MiB")
    }
}
