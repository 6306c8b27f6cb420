import Foundation
import StripsCorrection
import StripsDocumentPhotos
import StripsRender
import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos
@testable import StripsPictures
@testable import StripsSDL

/// A page whose recipe crops a photo is drawn flattened, in the preview and the thumbnail, by the
/// software renderer (headless screenshots read back pixel by pixel).
@Suite(.serialized) struct CorrectedPageScreenshotTests {
    /// A seeded photo of a page on a desk, turned and in perspective, its corners known.
    static let photo = DocumentPhotoSet.photo(0, pages: [], size: (1200, 900))
    static let window = Size(width: 900, height: 700)

    struct Fixture {
        let page: Page
        let reader: PageReader
        let folder: URL
    }

    func fixture() throws -> Fixture {
        try SDLSystem.start(video: false)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-corrected-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("photo.jpg").path
        try Data(Self.photo.jpeg).write(to: URL(fileURLWithPath: path))
        let reader = PageReader(renderer: PageRenderer())
        let page = try #require(DocumentLoader.pages(for: [path], reader: reader) { Issue.record("\($0)") }.first)
        return Fixture(page: page, reader: reader, folder: folder)
    }

    func scene(_ page: Page) -> PhotosScene {
        var scene = PhotosScene(documentName: "Photo", pages: [page], windowSize: Self.window, measurer: ApproximateTextMeasurer())
        scene.tick(at: 0)
        return scene
    }

    /// The mean difference (0...255 per channel) between what `renderer` drew in `rect` and
    /// `expected` (rgb) fitted to it, both seen at an eighth of the size (texture filtering and
    /// sub-pixel placement blur fine text differently; the page's layout is what must match).
    func difference(_ renderer: OffscreenRenderer, in rect: Rect, from expected: PixelBuffer) -> Double {
        let (w, h) = (Int(rect.width.rounded()), Int(rect.height.rounded()))
        var drawn = PixelBuffer(width: w, height: h, format: .rgb)
        for y in 0..<h {
            for x in 0..<w {
                guard let (r, g, b) = renderer.pixel(x: Int32(rect.minX.rounded()) + Int32(x), y: Int32(rect.minY.rounded()) + Int32(y)) else { continue }
                let o = (y * w + x) * 3
                (drawn.bytes[o], drawn.bytes[o + 1], drawn.bytes[o + 2]) = (r, g, b)
            }
        }
        let (sw, sh) = (max(1, w / 8), max(1, h / 8))
        let a = drawn.resized(width: sw, height: sh), b = expected.resized(width: sw, height: sh)
        var total = 0
        for i in a.bytes.indices { total += abs(Int(a.bytes[i]) - Int(b.bytes[i])) }
        return Double(total) / Double(max(1, a.bytes.count))
    }

    @Test func theCroppedPageIsDrawnFlattenedInThePreviewAndTheThumbnail() throws {
        let fixture = try fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let renderer = try OffscreenRenderer(fonts: nil, textures: TextureOptions(reader: fixture.reader, decode: .sync))
        let plain = Self.photo.picture

        // First the page as it is: its texture is the photo's.
        let before = scene(fixture.page)
        try renderer.render(before.frame(at: 0))
        let plainCell = try #require(before.previewCells().first)
        let baseline = difference(renderer, in: plainCell.picture, from: plain)
        #expect(baseline < 6)
        print("uncorrected preview: \(baseline) from the photo")

        // Then the same file with its crop: a new texture, the page flattened; not the photo's.
        var page = fixture.page
        page.corrections.crop = Self.photo.corners
        let after = scene(page)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strips-corrected-page.png").path
        try renderer.screenshot(after.frame(at: 0), to: path)
        let flat = try #require(Flattener.flatten(plain, quad: Self.photo.corners, size: page.correctedSize))
        let cell = try #require(after.previewCells().first)
        #expect(abs(cell.picture.width / cell.picture.height - page.correctedSize.aspectRatio) < 0.01)
        let drawn = difference(renderer, in: cell.picture, from: flat)
        let photoThere = difference(renderer, in: cell.picture, from: plain)
        #expect(drawn < 8, "preview differs from the flattened page by \(drawn)")
        print("corrected preview: \(drawn) from the flattened page, \(photoThere) from the photo")
        #expect(photoThere > 4 * drawn, "the photo would differ by \(photoThere)")

        let thumb = try #require(after.thumbnailCells().first)
        let drawnThumb = difference(renderer, in: thumb.frame, from: flat)
        #expect(drawnThumb < 10, "thumbnail differs from the flattened page by \(drawnThumb)")
        #expect(difference(renderer, in: thumb.frame, from: plain) > 2 * drawnThumb)
    }

    @Test func theLookIsDrawn() throws {
        let fixture = try fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let renderer = try OffscreenRenderer(fonts: nil, textures: TextureOptions(reader: fixture.reader, decode: .sync))
        var page = fixture.page
        page.corrections.crop = Self.photo.corners
        page.corrections.look = .bw
        let scene = scene(page)
        try renderer.render(scene.frame(at: 0))
        let cell = try #require(scene.previewCells().first)
        // Black and white: (nearly) every pixel drawn is black or white and grey (the texture is
        // scaled, so edges blend), where the photo is tinted paper on a desk.
        var extremes = 0, count = 0, tinted = 0
        for y in stride(from: Int(cell.picture.minY) + 4, to: Int(cell.picture.maxY) - 4, by: 5) {
            for x in stride(from: Int(cell.picture.minX) + 4, to: Int(cell.picture.maxX) - 4, by: 5) {
                guard let (r, g, b) = renderer.pixel(x: Int32(x), y: Int32(y)) else { continue }
                count += 1
                if max(r, g, b) - min(r, g, b) > 8 { tinted += 1 }
                if r < 40 || r > 215 { extremes += 1 }
            }
        }
        #expect(tinted == 0)
        #expect(Double(extremes) / Double(max(1, count)) > 0.85)
    }
}
