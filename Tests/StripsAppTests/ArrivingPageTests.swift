import CSDL2
import Foundation
import StripsPictures
import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos
@testable import StripsSDL

/// A page being scanned is drawn as its rows arrive (`ArrivingPictures`, the texture cache's
/// `ArrivingTextures`), through the real renderer: the part scanned so far over paper, filling in
/// frame after frame, never an error card for its file that is not written yet; once written,
/// the file takes over; cut short, what came stays drawn while it leaves.
@Suite(.serialized) struct ArrivingPageTests {
    let window = Size(width: 400, height: 400)

    func scene(path: String) -> PhotosScene {
        let page = Page(id: "Scan 1", source: .scan(path: path, number: 1), pixelSize: Size(width: 200, height: 280))
        return PhotosScene(documentName: "T", pages: [page], windowSize: window)
    }

    func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("strips-arriving-\(getpid())-\(name)-\(UUID().uuidString.prefix(6)).png").path
    }

    /// The grey at a fraction of the page's picture in the preview (0 top, 1 bottom).
    func grey(_ renderer: OffscreenRenderer, _ scene: PhotosScene, atHeight fraction: Double) throws -> Int {
        let cell = try #require(scene.previewCells().first)
        let (r, g, b) = try #require(renderer.pixel(x: Int32(cell.picture.midX), y: Int32(cell.picture.minY + cell.picture.height * fraction)))
        return (Int(r) + Int(g) + Int(b)) / 3
    }

    func band(_ rows: Range<Int>, value: UInt8) -> PixelBuffer {
        PixelBuffer(width: 200, height: rows.count, format: .grey, filledWith: value)
    }

    /// What a renderer reported as failed pictures: none is expected (a file not written yet is no failure).
    final class Failures {
        var lines: [String] = []
    }

    /// The scan host's stream of arriving pictures, as the program hands it to the renderer.
    let pictures = ArrivingPictures()

    /// The real renderer, offscreen, drawing `pictures` as they arrive and keeping what it
    /// reports as failed pictures.
    func watchedRenderer() throws -> (OffscreenRenderer, Failures) {
        try SDLSystem.start(video: false)
        let failures = Failures()
        let renderer = try OffscreenRenderer(fonts: nil, textures: TextureOptions(decode: .sync, arriving: pictures))
        renderer.onImageFailure = { failures.lines.append("\($0): \($1)") }
        return (renderer, failures)
    }

    @Test func itFillsInAsRowsArriveThenItsFileTakesOver() throws {
        let path = path("fill")
        defer { unlink(path) }
        let (renderer, failures) = try watchedRenderer()
        let scene = scene(path: path)
        pictures.begin(path, width: 200, height: 280, format: .grey)
        // Nothing yet: paper.
        try renderer.render(scene.frame(at: 0))
        #expect(try grey(renderer, scene, atHeight: 0.25) > 240)
        // The top half, dark.
        pictures.add(path, first: 0, band: band(0..<140, value: 10), arrived: 0)
        try renderer.render(scene.frame(at: 0.1))
        #expect(try grey(renderer, scene, atHeight: 0.25) < 30)
        #expect(try grey(renderer, scene, atHeight: 0.75) > 240)
        // The rest.
        pictures.add(path, first: 140, band: band(140..<280, value: 10), arrived: 0)
        try renderer.render(scene.frame(at: 0.2))
        #expect(try grey(renderer, scene, atHeight: 0.75) < 30)
        // Finished and written (a light page this time, so the file is seen taking over).
        let finished = try #require(pictures.finish(path, height: 280))
        #expect(finished.height == 280)
        var light = PixelBuffer(width: 200, height: 280, format: .grey, filledWith: 200)
        light.bytes[0] = 200
        try PNGWriter().write(light, to: path).get()
        pictures.remove(path)
        for t in stride(from: 0.3, to: 1.0, by: 0.1) { try renderer.render(scene.frame(at: t)) }
        #expect(abs(try grey(renderer, scene, atHeight: 0.5) - 200) < 8)
        #expect(failures.lines.isEmpty, "\(failures.lines)")
    }

    @Test func aPageCutShortKeepsWhatCameAndIsNoErrorCard() throws {
        let path = path("cut")
        let (renderer, failures) = try watchedRenderer()
        let scene = scene(path: path)
        pictures.begin(path, width: 200, height: 280, format: .grey)
        pictures.add(path, first: 0, band: band(0..<100, value: 0), arrived: 0)
        try renderer.render(scene.frame(at: 0))
        // Cut short: its file never comes; it is still drawn (it leaves with an animation).
        pictures.remove(path)
        for t in stride(from: 0.1, to: 0.5, by: 0.1) { try renderer.render(scene.frame(at: t)) }
        #expect(try grey(renderer, scene, atHeight: 0.1) < 30)
        #expect(failures.lines.isEmpty, "\(failures.lines)")
        #expect(renderer.lastDrawList.items.allSatisfy { if case .errorCard = $0 { return false } else { return true } })
    }

    @Test func aPageCutShortBeforeItWasEverDrawnShowsWhatCame() throws {
        let path = path("cut-unseen")
        let (renderer, failures) = try watchedRenderer()
        let scene = scene(path: path)
        pictures.begin(path, width: 200, height: 280, format: .grey)
        pictures.add(path, first: 0, band: band(0..<100, value: 0), arrived: 0)
        pictures.cutShort(path)
        #expect(pictures.isEmpty)  // nothing arriving any more: frames may rest
        try renderer.render(scene.frame(at: 0))
        #expect(try grey(renderer, scene, atHeight: 0.1) < 30)
        #expect(try grey(renderer, scene, atHeight: 0.9) > 240)
        #expect(failures.lines.isEmpty, "\(failures.lines)")
        // Its name given to a new page: the new one is drawn, not what the old one left.
        pictures.begin(path, width: 200, height: 280, format: .grey)
        try renderer.render(scene.frame(at: 0.1))
        #expect(try grey(renderer, scene, atHeight: 0.1) > 240)
    }

    @Test func aLargePageIsBoxedDownAndGrowsWhenItsHeightWasAGuess() throws {
        try SDLSystem.start(video: false)
        let path = path("large")
        // 5000 px wide: a factor of 3 keeps it under 2048.
        pictures.begin(path, width: 5000, height: 100, format: .rgb)
        let renderer = try SDLSoftwareRenderer()
        let texture = try #require(ArrivingTexture(renderer: renderer.renderer, path: path, pictures: pictures))
        #expect(texture.factor == 3 && texture.width == 1667 && texture.height == 34)
        // More rows than guessed: the picture and the texture grow; rows come in whole boxes.
        pictures.add(path, first: 0, band: PixelBuffer(width: 5000, height: 160, format: .rgb, filledWith: 0), arrived: 42)
        let update = texture.update(pictures: pictures)
        #expect(update.arrival == 42 && !update.gone)
        #expect(texture.rows == 159 && texture.height >= 54)
        _ = pictures.finish(path, height: 160)
        _ = texture.update(pictures: pictures)
        #expect(texture.rows == 160 && texture.height == 54 && texture.isComplete)
    }
}

/// A software renderer on a memory surface, for textures made outside a frame.
final class SDLSoftwareRenderer {
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer

    init() throws {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
              let renderer = SDL_CreateSoftwareRenderer(surface) else { throw SDLError("no software renderer") }
        self.surface = surface
        self.renderer = renderer
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }
}
