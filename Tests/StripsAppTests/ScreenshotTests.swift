import Foundation
import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPhotos
@testable import StripsPictures
@testable import StripsSDL

/// Renders real frames of the sample document with the software renderer and reads pixels back.
@Suite(.serialized) struct PhotosScreenshotTests {
    static let sample = Resources.sampleDocument

    func scene(window: Size) throws -> PhotosScene {
        try SDLSystem.start(video: false)
        let folder = try #require(Self.sample)
        let files = try DocumentLoader.imageFiles(in: [folder])
        let pages = DocumentLoader.pages(for: files, reader: PageReader()) { Issue.record("unexpected: \($0)") }
        return PhotosScene(documentName: "Sample", pages: pages, windowSize: window, measurer: FontBook() ?? ApproximateTextMeasurer())
    }

    func distinctColours(_ r: OffscreenRenderer, _ size: Size, step: Int32 = 7) -> Int {
        var seen = Set<UInt32>()
        for y in stride(from: 0, to: Int32(size.height), by: Int(step)) {
            for x in stride(from: 0, to: Int32(size.width), by: Int(step)) {
                if let (a, b, c) = r.pixel(x: x, y: y) { seen.insert(UInt32(a) << 16 | UInt32(b) << 8 | UInt32(c)) }
            }
        }
        return seen.count
    }

    @Test func firstFrameShowsTheFirstPage() throws {
        let window = Size(width: 800, height: 600)
        var scene = try scene(window: window)
        scene.tick(at: 0)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strips-first-frame.png").path
        let renderer = try OffscreenRenderer(fonts: nil)
        try renderer.screenshot(scene.frame(at: 0), to: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(distinctColours(renderer, window) > 200)
        // The first page (A4 portrait) fills the preview's height, centred: paper in the middle,
        // the dark background at the sides.
        let cell = try #require(scene.previewCells().first)
        #expect(cell.index == 0)
        let (r, g, b) = try #require(renderer.pixel(x: 400, y: Int32(cell.picture.minY + 8)))
        #expect(r > 180 && g > 180 && b > 160)
        let (br, bg, bb) = try #require(renderer.pixel(x: 20, y: 300))
        #expect(br < 40 && bg < 40 && bb < 40)
        // The focused thumbnail is drawn at the centre of the strip, in paper colours.
        let thumb = try #require(scene.thumbnailCells().first { $0.index == 0 })
        #expect(abs(thumb.frame.midX - 400) < 0.5)
        let (tr, tg, tb) = try #require(renderer.pixel(x: 400, y: Int32(thumb.frame.midY)))
        #expect(Int(tr) + Int(tg) + Int(tb) > 300)
    }

    @Test func emptyDocumentSaysSo() throws {
        let window = Size(width: 800, height: 600)
        var scene = try scene(window: window)
        for i in 0..<8 { scene.handle(.key(Key(.delete)), at: Double(i) * 0.01) }
        var t = 0.0
        while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        #expect(scene.pages.isEmpty)
        let texts = scene.drawList().compactMap { item -> String? in
            if case .text(let run) = item { return run.text }
            return nil
        }
        #expect(texts.first == "No pages")
        #expect(texts.contains { $0.contains("Ctrl+Z") })
        if let fonts = FontBook() {
            let renderer = try OffscreenRenderer(fonts: fonts)
            try renderer.screenshot(scene.frame(at: 0), to: FileManager.default.temporaryDirectory.appendingPathComponent("strips-empty.png").path)
            #expect(distinctColours(renderer, window, step: 2) > 2)  // the text is drawn
        }
    }
}
