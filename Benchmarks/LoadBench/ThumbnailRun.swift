import Foundation
import StripsCore
import StripsPhotos
import StripsPictures
import StripsSDL

/// One open of a document with the shared thumbnail cache: how soon the thumbnails in the window
/// are final, and how many thumbnail cells a fling across the whole strip draws as placeholders.
struct ThumbnailMeasurement: Codable {
    /// Seconds from opening until every thumbnail in the window shows a picture (a stand-in counts).
    var shown: Double
    /// Seconds from opening until every thumbnail in the window is final (no stand-in left).
    var ready: Double
    var flingFrames: Int
    /// Thumbnail quads drawn during the fling, and those drawn as a bare placeholder.
    var flingThumbnails: Int
    var flingPlaceholders: Int
    /// `large` entries in the cache when the run ended.
    var cacheEntries: Int

    var placeholderShare: Double { flingThumbnails == 0 ? 0 : Double(flingPlaceholders) / Double(flingThumbnails) }
}

struct ThumbnailRun {
    let window: Size
    let textures: TextureOptions
    static let interval = FrameStepper<PhotosScene>.interval

    private func clock() -> Double { ProcessInfo.processInfo.systemUptime }

    /// The thumbnails a frame draws.
    private func thumbnails(_ frame: Frame) -> [ImageRef] {
        frame.pictures.filter { $0.drawnAt != nil && $0.image.variant == .thumbnail }.map(\.image)
    }

    /// Opens `folder`, waits for the thumbnails in the window, flings across the whole strip
    /// (ten pages a frame), and with `fill` then walks back through every page slowly, so that
    /// every thumbnail is decoded once (and written to the cache): "a previous open".
    func measure(folder: String, fill: Bool) throws -> ThumbnailMeasurement {
        let fonts = FontBook()
        let t0 = clock()
        let pages = DocumentLoader.pages(for: try DocumentLoader.imageFiles(in: [folder]), reader: textures.reader) { _ in }
        var stepper = FrameStepper(scene: PhotosScene(documentName: "Bench", pages: pages, windowSize: window,
                                                      measurer: fonts ?? ApproximateTextMeasurer()))
        let renderer = try OffscreenRenderer(fonts: fonts, textures: textures)
        var t = 0.0
        var frame = stepper.step(at: t)
        try renderer.render(frame)
        var shown: Double?
        while true {
            let refs = thumbnails(frame)
            if shown == nil, refs.allSatisfy(renderer.isResolved) { shown = clock() - t0 }
            if refs.allSatisfy(renderer.isFinal) { break }
            renderer.waitForDecodes(timeout: Self.interval)
            t += Self.interval
            frame = stepper.step(at: t)
            try renderer.render(frame)
        }
        let ready = clock() - t0

        // The fling: the thumbnail strip dragged 370 pt a frame, released at the end, until at rest.
        let strip = stepper.scene.geometry.thumbnails
        var x = strip.maxX - 20
        stepper.deliver(.pointerDown(Point(x: x, y: strip.midY)), at: t)
        var frames = 0, drawn = 0, placeholders = 0
        func count() {
            drawn += renderer.lastDrawList.shown[.thumbnail] ?? 0
            placeholders += renderer.lastDrawList.placeholders[.thumbnail] ?? 0
        }
        while stepper.scene.strips.focusIndex < stepper.scene.pages.count - 1 && frames < 5000 {
            let start = clock()
            t += Self.interval
            x -= 370
            stepper.deliver(.pointerMove(Point(x: x, y: strip.midY)), at: t)
            frame = stepper.step(at: t)
            try renderer.render(frame)
            count()
            frames += 1
            renderer.waitForDecodes(timeout: max(0, Self.interval - (clock() - start)))
        }
        stepper.deliver(.pointerUp(Point(x: x, y: strip.midY)), at: t)
        while !frame.isIdle {
            let start = clock()
            t += Self.interval
            frame = stepper.step(at: t)
            try renderer.render(frame)
            count()
            frames += 1
            renderer.waitForDecodes(timeout: max(0, Self.interval - (clock() - start)))
        }

        if fill {
            // Back to the first page a screen at a time, each screen's thumbnails final before the next.
            stepper.deliver(.pointerDown(Point(x: strip.minX + 20, y: strip.midY)), at: t)
            x = strip.minX + 20
            while true {
                repeat {
                    renderer.waitForDecodes(timeout: Self.interval)
                    t += Self.interval
                    frame = stepper.step(at: t)
                    try renderer.render(frame)
                } while !thumbnails(frame).allSatisfy(renderer.isFinal)
                if stepper.scene.strips.focusIndex == 0 { break }
                x += strip.width * 0.8
                stepper.deliver(.pointerMove(Point(x: x, y: strip.midY)), at: t)
            }
            stepper.deliver(.pointerUp(Point(x: x, y: strip.midY)), at: t)
        }
        let entries = textures.reader.thumbnailCache.map {
            (try? FileManager.default.contentsOfDirectory(atPath: $0.root + "/large").count) ?? 0
        } ?? 0
        return ThumbnailMeasurement(shown: shown ?? ready, ready: ready, flingFrames: frames, flingThumbnails: drawn,
                                    flingPlaceholders: placeholders, cacheEntries: entries)
    }
}
