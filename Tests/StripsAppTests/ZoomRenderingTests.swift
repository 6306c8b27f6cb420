import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos
@testable import StripsPictures
@testable import StripsSDL

/// A zoomed page is drawn sharp: the part of it in view is decoded at the size it is drawn (up to
/// the file's own pixels) over its window-sized texture, and split into tiles past the renderer's
/// largest texture side.
@Suite(.serialized) struct ZoomRenderingTests {
    /// Runs the scene's clock until nothing moves, then renders the frame.
    func settle(_ scene: inout PhotosScene, from t: Double, _ renderer: OffscreenRenderer) throws -> Double {
        var t = t
        repeat {
            t += 1.0 / 60
            scene.tick(at: t)
            try renderer.render(scene.frame(at: t))
        } while !scene.isIdle || renderer.needsFrames
        // Twice at the settled size: the cache redecodes only once a size holds for a frame.
        try renderer.render(scene.frame(at: t))
        return t
    }

    @Test func theZoomedPartInViewIsDecodedAtItsOwnPixels() throws {
        try SDLSystem.start(video: false)
        let path = LoaderFixtures.samplePage  // 1240 x 1754
        let page = Page(id: "contract.jpg", path: path, pixelSize: Size(width: 1240, height: 1754))
        var scene = PhotosScene(documentName: "Zoom", pages: [page], windowSize: Size(width: 800, height: 600))
        let renderer = try OffscreenRenderer(fonts: nil)
        let ref = ImageRef(path: path, variant: .full)
        var t = try settle(&scene, from: 0, renderer)
        let fit = try #require(renderer.textureSize(of: ref))
        #expect(fit.height <= 600 && fit.width <= 800)  // at fit: the window-sized decode
        for _ in 0..<6 { scene.handle(.key(Key(.plus)), at: t) }
        t = try settle(&scene, from: t, renderer)
        let zoom = try #require(scene.zoom)
        #expect(zoom.scale == zoom.maxScale(Tuning.defaults.zoom))
        // The page's own texture stays within the window.
        let base = try #require(renderer.textureSize(of: ref))
        #expect(base.width <= 800 && base.height <= 600)
        // Drawn at twice its own pixels (2480 x 3508 points in an 800 x 600 window): the part in
        // view, a margin around it, at the file's own pixels, no more.
        let detail = try #require(renderer.detailSize(of: ref))
        let image = try #require(scene.previewCells().first).picture
        #expect(abs(image.width - 2480) < 1 && abs(image.height - 3508) < 1)
        let inView = try #require(ZoomParts.inView(PictureRequest(image: ref, size: image.size, drawnAt: image,
                                                                    shown: image.intersection(Rect(x: 0, y: 0, width: 800, height: 600))),
                                                     frame: image, view: Size(width: 800, height: 600)))
        #expect(detail.region.contains(inView))
        #expect(abs(Double(detail.width) - detail.region.width * 1240) <= 1 && abs(Double(detail.height) - detail.region.height * 1754) <= 1)
        #expect(detail.width < 1240 && detail.height < 1754)  // a part, not the whole
        // The part has the file's own pixels: twice as sharp as the page's texture at this zoom, at least.
        #expect(Double(detail.width) >= inView.width * 1240 && Double(detail.height) / detail.region.height > Double(base.height) * 2)
        scene.handle(.key(Key(.zero)), at: t)
        _ = try settle(&scene, from: t, renderer)
        #expect(scene.zoom == nil)
        #expect(renderer.textureSize(of: ref)?.height == fit.height)
        #expect(renderer.detailSize(of: ref) == nil)  // back at fit, the memory goes back too
    }

    @Test func tilesDecodedOnWorkersArriveWhileTheOldPictureStaysOnScreen() throws {
        try SDLSystem.start(video: false)
        let path = LoaderFixtures.samplePage
        let page = Page(id: "contract.jpg", path: path, pixelSize: Size(width: 1240, height: 1754))
        var scene = PhotosScene(documentName: "Zoom", pages: [page], windowSize: Size(width: 800, height: 600))
        // 64-pixel tiles: hundreds of them, more than one frame's upload budget on most machines.
        let renderer = try OffscreenRenderer(fonts: nil, textures: TextureOptions(decode: .async, workers: 1, maxTextureSide: 64))
        let ref = ImageRef(path: path, variant: .full)
        var t = 0.0
        func frames(until done: () -> Bool) throws {
            var n = 0
            while !done(), n < 10_000 {
                n += 1
                t += 1.0 / 60
                scene.tick(at: t)
                try renderer.render(scene.frame(at: t))
                renderer.waitForDecodes(timeout: 5)
            }
        }
        try frames { scene.isIdle && !renderer.needsFrames && renderer.hasTexture(ref) }
        let fit = try #require(renderer.textureSize(of: ref))
        for _ in 0..<6 { scene.handle(.key(Key(.plus)), at: t) }
        var shownThroughout = true
        try frames {
            shownThroughout = shownThroughout && renderer.hasTexture(ref)
            return scene.isIdle && !renderer.needsFrames && renderer.detailSize(of: ref) != nil
        }
        #expect(shownThroughout)
        let zoomed = try #require(renderer.detailSize(of: ref))
        // The part in view at the file's own pixels, in 64-pixel tiles uploaded a few a frame.
        #expect(zoomed.limit.width >= 1240 && Int(zoomed.tiles) == Int((zoomed.width + 63) / 64) * Int((zoomed.height + 63) / 64))
        #expect(zoomed.tiles > 20 && Double(zoomed.height) / zoomed.region.height > Double(fit.height) * 3)
    }

    /// 200 x 160 pixels in 40 x 40 blocks, each its own colour: a tile in the wrong place shows.
    static func blockColour(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) { (UInt8(x / 40 * 50), UInt8(y / 40 * 60), 200) }

    /// A one-page document of the blocks picture in a 300 x 300 window, drawn by a renderer whose
    /// textures may be 64 pixels a side: the picture is always in tiles.
    func blocksDocument(_ name: String) throws -> (folder: URL, scene: PhotosScene, renderer: OffscreenRenderer, ref: ImageRef) {
        try SDLSystem.start(video: false)
        let folder = try LoaderFixtures.scratch(name)
        let file = folder.appendingPathComponent("blocks.png")
        try LoaderFixtures.write(ForeignPNG.make(width: 200, height: 160, texts: [], pixel: Self.blockColour), to: file)
        let page = Page(id: "blocks.png", path: file.path, pixelSize: Size(width: 200, height: 160))
        let scene = PhotosScene(documentName: "Tiles", pages: [page], windowSize: Size(width: 300, height: 300))
        let renderer = try OffscreenRenderer(fonts: nil, textures: TextureOptions(decode: .sync, maxTextureSide: 64))
        return (folder, scene, renderer, ImageRef(path: file.path, variant: .full))
    }

    @Test func aPictureLargerThanTheLargestTextureIsDrawnInTiles() throws {
        var (folder, scene, renderer, ref) = try blocksDocument("zoom-tiles")
        defer { try? FileManager.default.removeItem(at: folder) }
        let colour = Self.blockColour
        var t = try settle(&scene, from: 0, renderer)
        scene.handle(.pointerMove(Point(x: 100, y: 60)), at: t)
        scene.handle(.key(Key(.plus)), at: t)
        scene.handle(.key(Key(.plus)), at: t)
        t = try settle(&scene, from: t, renderer)
        let size = try #require(renderer.textureSize(of: ref))
        #expect(size.width == 200 && size.height == 160)
        #expect(size.tiles == 4 * 3)  // 64-pixel tiles: 64 + 64 + 64 + 8 across, 64 + 64 + 32 down
        let image = try #require(scene.previewCells().first).picture
        #expect(image.width > 300)  // zoomed past the window
        // Sample the preview (under the toolbar) away from block edges: each point shows its block's colour.
        var checked = 0
        let box = scene.geometry.preview
        for y in stride(from: box.minY + 5, to: box.maxY - 8, by: 10) {
            for x in stride(from: 5.0, to: 300, by: 10) {
                let px = (x - image.minX) / image.width * 200, py = (y - image.minY) / image.height * 160
                guard px >= 0, py >= 0, px < 200, py < 160 else { continue }
                let nearEdge = [px.truncatingRemainder(dividingBy: 40), py.truncatingRemainder(dividingBy: 40)].contains { $0 < 3 || $0 > 37 }
                guard !nearEdge, let (r, g, b) = renderer.pixel(x: Int32(x), y: Int32(y)) else { continue }
                let want = colour(Int(px), Int(py))
                #expect(abs(Int(r) - Int(want.0)) <= 2 && abs(Int(g) - Int(want.1)) <= 2 && abs(Int(b) - Int(want.2)) <= 2,
                        "at \(x), \(y): \(r) \(g) \(b), want \(want)")
                checked += 1
            }
        }
        #expect(checked > 200)
    }

    /// A turned page drawn in tiles: every tile turns about the page's centre, so the blocks land
    /// where a quarter turn clockwise puts them.
    @Test func aTurnedPageInTilesIsTurnedAsAWhole() throws {
        var (folder, scene, renderer, ref) = try blocksDocument("turned-tiles")
        defer { try? FileManager.default.removeItem(at: folder) }
        let colour = Self.blockColour
        var t = try settle(&scene, from: 0, renderer)
        scene.handle(.key(Key(.r)), at: t)
        t = try settle(&scene, from: t, renderer)
        // The page counter that an edit shows fades 1.5 s + 0.3 s later; sample after it.
        while scene.needsFrames { t += 1.0 / 60; scene.tick(at: t) }
        try renderer.render(scene.frame(at: t))
        #expect(scene.pages[0].rotation == 90)
        #expect(try #require(renderer.textureSize(of: ref)).tiles > 1)
        // Shown turned, the picture is 160 x 200 in shape: a shown point (u, v) is the stored
        // pixel (v, 160 - u) of the upright picture.
        let image = try #require(scene.previewCells().first).picture
        #expect(abs(image.width / image.height - 160.0 / 200) < 0.01)
        var checked = 0
        for y in stride(from: image.minY + 4, to: image.maxY - 4, by: 9) {
            for x in stride(from: image.minX + 4, to: image.maxX - 4, by: 9) {
                let u = (x - image.minX) / image.width * 160, v = (y - image.minY) / image.height * 200
                let px = v, py = 160 - u
                let nearEdge = [px.truncatingRemainder(dividingBy: 40), py.truncatingRemainder(dividingBy: 40)].contains { $0 < 4 || $0 > 36 }
                guard !nearEdge, let (r, g, b) = renderer.pixel(x: Int32(x), y: Int32(y)) else { continue }
                let want = colour(Int(px), Int(py))
                #expect(abs(Int(r) - Int(want.0)) <= 3 && abs(Int(g) - Int(want.1)) <= 3 && abs(Int(b) - Int(want.2)) <= 3,
                        "at \(x), \(y): \(r) \(g) \(b), want \(want)")
                checked += 1
            }
        }
        #expect(checked > 100)
    }
}
