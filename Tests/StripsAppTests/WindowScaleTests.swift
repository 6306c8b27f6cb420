import Foundation
import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos
@testable import StripsSDL

/// Issue 32: `--scale S` draws at S device pixels per point with the same trace; the man page
/// lists the keys from the same table as the keys overlay.
@Suite(.serialized) struct WindowScaleTests {
    /// A PNG's width and height, from its IHDR chunk.
    func pngSize(_ path: String) throws -> (Int, Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try #require(data.count > 24)
        func be32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    @Test func scaleTwoGivesTwiceThePixelsAndTheSameTrace() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strips-scale-\(getpid())")
        try? FileManager.default.removeItem(at: scratch)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var traces: [String] = []
        for scale in ["1", "2", "1.5"] {
            let script = scratch.appendingPathComponent("s.script").path
            try """
                window 640 480
                at 100 move 600 20
                at 800 screenshot \(scratch.path)/shot-\(scale).png
                at 800 dump
                at 900 key F1
                at 1000 dump
                at 1000 end
                """.write(toFile: script, atomically: true, encoding: .utf8)
            let result = try runProcess(stripsBinary, ["photos", "--scale", scale, "--script", script])
            try #require(result.status == 0, "\(result.stderr)")
            traces.append(result.stdout)
            let (w, h) = try pngSize("\(scratch.path)/shot-\(scale).png")
            let s = Double(scale)!
            #expect(w == Int((640 * s).rounded()) && h == Int((480 * s).rounded()), "--scale \(scale): \(w) x \(h)")
        }
        #expect(traces[1] == traces[0])
        #expect(traces[2] == traces[0])
        #expect(traces[0].contains("\"toolbar\":[{\"name\":\"open\""))
        // A bad scale is one line.
        let bad = try runProcess(stripsBinary, ["photos", "--scale", "0", "--script", "-"])
        #expect(bad.status != 0 && bad.stderr.contains("--scale"))
    }

    /// Anti-aliased edge pixels among a text's pixels: at twice the pixels the same text has
    /// relatively fewer (its strokes are wider in pixels, their edges still one pixel soft).
    func edgeShare(_ renderer: OffscreenRenderer, in rect: Rect, scale: Double, background: (UInt8, UInt8, UInt8)) -> Double {
        var edge = 0, ink = 0
        let bg = Double(background.0) + Double(background.1) + Double(background.2)
        let fg = 236.0 + 236 + 240
        for y in Int(rect.minY * scale)..<Int(rect.maxY * scale) {
            for x in Int(rect.minX * scale)..<Int(rect.maxX * scale) {
                guard let (r, g, b) = renderer.pixel(x: Int32(x), y: Int32(y)) else { continue }
                let t = (Double(r) + Double(g) + Double(b) - bg) / (fg - bg)
                if t >= 0.85 { ink += 1 } else if t > 0.15 { edge += 1 }
            }
        }
        return Double(edge) / Double(max(1, edge + ink))
    }

    @Test func textIsDrawnAtTheDevicePixelsSoItIsSharper() throws {
        try SDLSystem.start(video: false)
        guard let fonts = FontBook() else { return }  // no font, no text to compare
        var scene = PhotosScene(documentName: "T", pages: [], windowSize: Size(width: 640, height: 480), measurer: fonts)
        scene.tick(at: 0)
        _ = scene.handle(.key(Key(.f1)), at: 0.1)
        let frame = scene.frame(at: 0.1)
        let card = try #require((frame.content as? PhotosFrame)?.decorations.keys).card
        let title = fonts.size(of: "Keys and gestures", pointSize: 18, weight: .bold)
        let box = Rect(x: card.minX + 20, y: card.minY + 16, width: title.width, height: title.height)
        var shares: [Double] = []
        for scale in [1.0, 2.0] {
            let renderer = try OffscreenRenderer(fonts: fonts, scale: scale)
            try renderer.render(frame)
            let background = try #require(renderer.pixel(x: Int32((card.minX + 8) * scale), y: Int32((card.minY + 8) * scale)))
            shares.append(edgeShare(renderer, in: box, scale: scale, background: background))
        }
        #expect(shares[0] > 0.2)  // there is text, anti-aliased
        #expect(shares[1] < shares[0] * 0.8, "edge share at 1x \(shares[0]), at 2x \(shares[1])")
    }

    @Test func theManPageListsEveryKeyOfTheTable() throws {
        let result = try runProcess(stripsBinary, ["photos", "--help"])
        try #require(result.status == 0)
        func words(_ s: String) -> String { s.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") }
        let help = words(result.stdout)
        for line in KeysOverlay.lines { #expect(help.contains(words(line)), "\(line)") }
        for group in KeyGroup.allCases { #expect(help.contains(group.title.uppercased() + ":")) }
    }
}

extension WindowScaleTests {
    /// Every button and every way into an empty document has its icon, drawn for 1x, 2x and 3x
    /// (a new button's line needs its SVG and `Scripts/make-toolbar-icons.sh`).
    @Test func everyButtonHasItsIconAtEveryScale() throws {
        let folder = try #require(Resources.assetsFolder()) + "/Toolbar"
        let names = Set(Toolbar.buttons.map(\.name) + EmptyDocument.waysIn.map(\.name))
        for name in names {
            #expect(FileManager.default.fileExists(atPath: "\(folder)/svg/\(name).svg"), "\(name).svg")
            for (suffix, side) in [("", 20), ("@2x", 40), ("@3x", 60)] {
                let path = "\(folder)/\(name)\(suffix).png"
                #expect(FileManager.default.fileExists(atPath: path), "\(path)")
                if FileManager.default.fileExists(atPath: path) { #expect(try pngSize(path) == (side, side)) }
            }
        }
    }
}
