import CSDL2
import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPhotos
import Testing
@testable import StripsPictures
@testable import StripsSDL

/// Thumbnails through the shared cache and EXIF stand-ins, as the decode workers and the texture
/// cache use them. Every cache here is a scratch folder, never ~/.cache/thumbnails.
@Suite(.serialized) struct ThumbnailWiringTests {
    init() throws { try SDLSystem.start(video: false) }

    static func rgb(_ picture: DecodedPicture, _ x: Int32, _ y: Int32) -> (Int, Int, Int) {
        let i = (Int(y) * picture.width + Int(x)) * 4, b = picture.pixels.bytes
        return (Int(b[i + 2]), Int(b[i + 1]), Int(b[i]))
    }

    @Test func aDecodedThumbnailIsWrittenAsALargeEntryAndReadBack() throws {
        let scratch = try ThumbnailCacheTests.Scratch("wiring-store")
        let path = try scratch.picture("page.jpg")  // the 1240 x 1754 sample scan
        let source = PageReader(thumbnailCache: scratch.cache)
        let picture = source.picture(ImageRef(path: path, variant: .thumbnail), limit: TextureCache.thumbnailLimit, stage: .best)
        let decoded = try #require(picture.result).get()
        #expect(!picture.provisional)
        #expect(decoded.height == 160 && decoded.width == 113)  // fitted to the texture limit
        let entry = scratch.cache.entryPath(for: path, size: .large)
        let attributes = try FileManager.default.attributesOfItem(atPath: entry)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let texts = try #require(ThumbnailPNG.texts(Array(try Data(contentsOf: URL(fileURLWithPath: entry)))))
        #expect(texts["Thumb::URI"] == FileURI.of(path: path))
        #expect(texts["Thumb::MTime"] == "1700000000")
        #expect(texts["Thumb::Image::Width"] == "1240" && texts["Thumb::Image::Height"] == "1754")
        let stored = try #require(scratch.cache.lookup(path: path, wantedPixels: 256))
        #expect(stored.width == 181 && stored.height == 256)
        // Once there, the entry is what is shown: replaced by another program's, that one is used.
        try scratch.foreignEntry(for: path, size: .large, width: 181, height: 256,
                                 texts: [("Thumb::URI", FileURI.of(path: path)), ("Thumb::MTime", "1700000000")])
        let again = try #require(source.picture(ImageRef(path: path, variant: .thumbnail), limit: TextureCache.thumbnailLimit, stage: .best).result).get()
        #expect(again.width == 113 && again.height == 160)
        let left = Self.rgb(again, 10, 80), right = Self.rgb(again, 103, 80)
        #expect(left.0 > 240 && left.2 < 15 && right.2 > 240 && right.0 < 15, "\(left) \(right)")
    }

    @Test func withoutACacheNothingIsWrittenAndFilesInTheCacheAreNotThumbnailed() throws {
        let scratch = try ThumbnailCacheTests.Scratch("wiring-none")
        let path = try scratch.picture("page.jpg")
        let plain = try #require(PageReader().picture(ImageRef(path: path, variant: .thumbnail), limit: TextureCache.thumbnailLimit, stage: .best).result).get()
        #expect(plain.height == 160)
        #expect(!FileManager.default.fileExists(atPath: scratch.cache.root))
        // A picture inside the cache folder is shown but gets no entry of its own.
        let inside = scratch.cache.root + "/large/copy.jpg"
        try FileManager.default.createDirectory(atPath: scratch.cache.root + "/large", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: inside)
        let source = PageReader(thumbnailCache: scratch.cache)
        #expect(try #require(source.picture(ImageRef(path: inside, variant: .thumbnail), limit: TextureCache.thumbnailLimit, stage: .best).result).get().height == 160)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.cache.root + "/large") == ["copy.jpg"])
    }

    @Test func aFailedDecodeIsRecordedForThisVersion() throws {
        let scratch = try ThumbnailCacheTests.Scratch("wiring-fail")
        let path = scratch.folder.appendingPathComponent("pictures/broken.jpg").path
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: LoaderFixtures.samplePage))
        try jpeg.prefix(jpeg.count / 3).write(to: URL(fileURLWithPath: path))
        let source = PageReader(thumbnailCache: scratch.cache)
        let picture = source.picture(ImageRef(path: path, variant: .thumbnail), limit: TextureCache.thumbnailLimit, stage: .best)
        let failure = try #require(picture.result)
        #expect(throws: ImageFailure.self) { try failure.get() }
        #expect(scratch.cache.hasFailure(path: path))
        #expect(!FileManager.default.fileExists(atPath: scratch.cache.entryPath(for: path, size: .large)))
        // The next open's quick look gives the error card at once, with the same reason.
        guard case .failure(let first) = failure else { return }
        let quick = source.picture(ImageRef(path: path, variant: .thumbnail), limit: TextureCache.thumbnailLimit, stage: .quick)
        guard case .failure(let again)? = quick.result else { Issue.record("no failure: \(quick)"); return }
        #expect(again.reason == first.reason && first.reason == "the file is truncated")
        #expect(again.shape == Size(width: 1240, height: 1754))
    }

    @Test func aQuickLookWithoutCacheOrExifFindsNothing() throws {
        let scratch = try ThumbnailCacheTests.Scratch("wiring-quick")
        let path = try scratch.picture("page.jpg")
        #expect(PageReader(thumbnailCache: scratch.cache).picture(ImageRef(path: path, variant: .thumbnail), limit: TextureCache.thumbnailLimit,
                                                                    stage: .quick).result == nil)
        #expect(!FileManager.default.fileExists(atPath: scratch.cache.root))
    }

    @Test func theExifThumbnailStandsInOnlyAtAQuickLook() throws {
        let path = ExifThumbnailTests.fixture("portrait-6.jpg")  // grey picture, red and blue thumbnail
        let source = PageReader()
        let first = source.picture(ImageRef(path: path, variant: .thumbnail), limit: TextureCache.thumbnailLimit, stage: .quick)
        #expect(first.provisional)
        let standIn = try #require(first.result).get()
        #expect(standIn.width == 12 && standIn.height == 16)
        #expect(Self.rgb(standIn, 6, 2).0 > 200)  // red, upright
        for stage in [PageReader.Stage.best, .decode] {
            let real = source.picture(ImageRef(path: path, variant: .thumbnail), limit: TextureCache.thumbnailLimit, stage: stage)
            #expect(!real.provisional)
            let (r, g, b) = Self.rgb(try #require(real.result).get(), 6, 2)
            #expect(abs(r - g) < 40 && abs(g - b) < 40, "\(stage): grey, the picture itself")
        }
    }

    @Test func theTextureCacheTakesTheRealPictureWithoutASecondFade() throws {
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        let textures = TextureCache(renderer: renderer, options: TextureOptions(decode: .async, workers: 1))
        let ref = ImageRef(path: ExifThumbnailTests.fixture("portrait-6.jpg"), variant: .thumbnail)
        let request = PictureRequest(image: ref, size: nil, drawnAt: Rect(x: 10, y: 10, width: 12, height: 16))
        let pixels = PixelLimit(width: 64, height: 64)
        textures.prepare([request], at: 1, pixels: pixels, scale: 1)
        #expect(textures.status(of: ref) == .missing)
        #expect(textures.waitForDecodes(timeout: 30))
        textures.prepare([request], at: 2, pixels: pixels, scale: 1)  // the stand-in arrives; the real one is asked for
        #expect(textures.status(of: ref) == .ready(since: 2))
        #expect(textures.isResolved(ref) && !textures.isFinal(ref))
        #expect(textures.waitForDecodes(timeout: 30))
        textures.prepare([request], at: 3, pixels: pixels, scale: 1)
        #expect(textures.status(of: ref) == .ready(since: 2))  // still fading from 2: no second fade
        #expect(textures.isFinal(ref))
        textures.endFrame()
    }

    @Test func theOptionChoosesTheCache() {
        let environment = ["XDG_CACHE_HOME": "/scratch/cache", "HOME": "/home/u"]
        #expect(ThumbnailCache.chosen(nil, headless: false, environment: environment)?.root == "/scratch/cache/thumbnails")
        #expect(ThumbnailCache.chosen(nil, headless: true, environment: environment) == nil)
        #expect(ThumbnailCache.chosen("off", headless: false, environment: environment) == nil)
        #expect(ThumbnailCache.chosen("auto", headless: true, environment: environment)?.root == "/scratch/cache/thumbnails")
        #expect(ThumbnailCache.chosen("/tmp/t", headless: true, environment: environment)?.root == "/tmp/t")
    }

    @Test func theWindowRemembersThePageInFocusAndItsSize() throws {
        let folder = try LoaderFixtures.scratch("memory")
        let environment = ["XDG_STATE_HOME": folder.path, "HOME": "/nonexistent"]
        let memory = try #require(DocumentMemory(paths: ["/docs/a", "/docs/b.jpg"], environment: environment))
        #expect(memory.load() == nil)
        let pages = (0..<4).map { Page(id: "p\($0).jpg", path: "/docs/a/p\($0).jpg", pixelSize: Size(width: 700, height: 1000)) }
        var scene = PhotosScene(documentName: "D", pages: pages, windowSize: Size(width: 900, height: 700))
        scene.handle(.key(Key(.end)), at: 0)
        scene.tick(at: 2)
        #expect(scene.strips.focusIndex == 3)
        #expect(memory.save(scene))
        // The same document, its paths spelled in another order, is the same memory.
        let again = try #require(DocumentMemory(paths: ["/docs/b.jpg", "/docs/a/"], environment: environment)?.load())
        #expect(again.focusedPage == "p3.jpg")
        #expect(again.windowSize == Size(width: 900, height: 700))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/strips/documents.json"))
        let reopened = PhotosScene(documentName: "D", pages: pages, windowSize: again.windowSize, focusedPage: again.focusedPage)
        #expect(reopened.strips.focusIndex == 3)
        #expect(DocumentMemory(paths: ["/docs/a"], environment: environment)?.load() == nil)
    }
}
