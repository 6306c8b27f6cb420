import CSDL2
import Foundation
import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPhotos
@testable import StripsPictures
@testable import StripsSDL

/// Files for the loader tests: committed fixtures (Scripts/make-fixtures.sh) and scratch folders.
enum LoaderFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static func orientation(_ n: Int) -> String { root.appendingPathComponent("orientation/orient-\(n).jpg").path }
    static func format(_ ext: String) -> String { root.appendingPathComponent("formats/shape.\(ext)").path }
    static let samplePage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/Sample/01-contract.jpg").path

    /// A fresh empty folder under the temporary directory.
    static func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strips-loader-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ bytes: [UInt8], to url: URL) throws { try Data(bytes).write(to: url) }

    /// A JPEG header claiming `w` x `h` pixels, with nothing after it.
    static func jpegHeader(width w: Int, height h: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(h >> 8), UInt8(h & 0xFF), UInt8(w >> 8), UInt8(w & 0xFF), 0x03,
         0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9]
    }

    /// A PNG whose header claims `w` x `h` pixels.
    static func pngHeader(width w: Int, height h: Int) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(w) + be(h)
            + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
    }
}

@Suite(.serialized) struct LoaderOpeningTests {
    @Test func naturalOrderPutsPage2BeforePage10() {
        let names = ["page10.jpg", "page2.jpg", "Page1.jpg", "page02b.jpg", "scan 3.png", "scan 21.png", "a.jpg"]
        let expected = ["a.jpg", "Page1.jpg", "page2.jpg", "page02b.jpg", "page10.jpg", "scan 3.png", "scan 21.png"]
        #expect(names.sorted(by: NaturalOrder.less) == expected)
        #expect(NaturalOrder.sorted(names) == expected)
        #expect(NaturalOrder.sorted(["p007", "p7", "p10", "p9x", "p9"]) == ["p007", "p7", "p9", "p9x", "p10"])
    }

    @Test func foldersAreReadInNaturalOrderNotRecursivelySkippingNonImages() throws {
        let folder = try LoaderFixtures.scratch("order")
        let picture = try Data(contentsOf: URL(fileURLWithPath: LoaderFixtures.format("jpg")))
        for name in ["page10.jpg", "page2.JPG", "page1.png", ".hidden.jpg"] { try picture.write(to: folder.appendingPathComponent(name)) }
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let sub = folder.appendingPathComponent("more.jpg")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try picture.write(to: sub.appendingPathComponent("page3.jpg"))
        let files = try DocumentLoader.imageFiles(in: [folder.path])
        #expect(files.map { ($0 as NSString).lastPathComponent } == ["page1.png", "page2.JPG", "page10.jpg"])
        // Files and folders mix, in the order given.
        let mixed = try DocumentLoader.imageFiles(in: [LoaderFixtures.format("gif"), folder.path])
        #expect(mixed.count == 4 && mixed.first == LoaderFixtures.format("gif"))
    }

    @Test func missingPathsAndEmptyFoldersAreRefusedWithOneLine() throws {
        #expect(throws: DocumentLoader.LoadError.self) { try DocumentLoader.imageFiles(in: ["/nonexistent/strips-scans"]) }
        do {
            _ = try DocumentLoader.imageFiles(in: ["/nonexistent/strips-scans"])
        } catch {
            #expect(error.description == "/nonexistent/strips-scans: no such file or folder")
        }
        let empty = try LoaderFixtures.scratch("empty")
        try Data("x".utf8).write(to: empty.appendingPathComponent("readme.txt"))
        do {
            _ = try DocumentLoader.imageFiles(in: [empty.path])
            Issue.record("a folder without images was accepted")
        } catch {
            #expect(error.description.hasSuffix("the folder holds no images"))
            #expect(!error.description.contains("\n"))
        }
    }
}

@Suite(.serialized) struct LoaderOrientationTests {
    init() throws { try SDLSystem.start(video: false) }

    /// (r, g, b) of the pixel at (x, y) of a B, G, R, A picture.
    static func pixel(_ picture: PixelBuffer, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * picture.width + x) * 4
        return (Int(picture.bytes[i + 2]), Int(picture.bytes[i + 1]), Int(picture.bytes[i]))
    }

    static func near(_ p: (Int, Int, Int), _ q: (Int, Int, Int)) -> Bool {
        abs(p.0 - q.0) < 60 && abs(p.1 - q.1) < 60 && abs(p.2 - q.2) < 60
    }

    @Test(arguments: 1...8) func exifOrientationIsReadAndApplied(_ n: Int) throws {
        let path = LoaderFixtures.orientation(n)
        let info = try ImageHeader.read(path).get()
        #expect(info.orientation.rawValue == n)
        #expect(info.displaySize == Size(width: 32, height: 16))
        // The page's shape is upright.
        let page = try #require(DocumentLoader.pages(for: [path], reader: PageReader()) { Issue.record("\($0)") }.first)
        #expect(page.pixelSize == Size(width: 32, height: 16))
        // Both variants' pixels are turned upright: red top-left, green top-right, blue bottom-left, white bottom-right.
        for limit in [PixelLimit(width: 1000, height: 1000), PixelLimit(width: 16, height: 16)] {
            let surface = try PictureDecoder.decode(path, limit: limit).get()
            let w = surface.width, h = surface.height
            #expect(w == 2 * h)
            #expect(w == min(32, Int(limit.width)))
            #expect(Self.near(Self.pixel(surface, w / 4, h / 4), (255, 0, 0)), "orientation \(n): top-left")
            #expect(Self.near(Self.pixel(surface, 3 * w / 4, h / 4), (0, 255, 0)), "orientation \(n): top-right")
            #expect(Self.near(Self.pixel(surface, w / 4, 3 * h / 4), (0, 0, 255)), "orientation \(n): bottom-left")
            #expect(Self.near(Self.pixel(surface, 3 * w / 4, 3 * h / 4), (255, 255, 255)), "orientation \(n): bottom-right")
        }
    }

    @Test func headerSizesMatchDecodedSizes() throws {
        var paths = ["png", "gif", "bmp", "webp", "tga", "jpg"].map(LoaderFixtures.format)
        paths += (1...8).map(LoaderFixtures.orientation)
        let sample = URL(fileURLWithPath: LoaderFixtures.samplePage).deletingLastPathComponent()
        paths += try DocumentLoader.imageFiles(in: [sample.path])
        for path in paths {
            let info = try ImageHeader.read(path).get()
            let decoded = try PictureDecoder.decodeStored(path).get()
            let stored = Size(width: Double(decoded.width), height: Double(decoded.height))
            let upright = info.orientation.swapsAxes ? Size(width: stored.height, height: stored.width) : stored
            #expect(info.displaySize == upright, "\(path)")
        }
        #expect(try ImageHeader.read(LoaderFixtures.format("jpg")).get().format == .jpeg)
        #expect(try ImageHeader.read(LoaderFixtures.format("webp")).get().format == .webp)
        #expect(try ImageHeader.read(LoaderFixtures.format("tga")).get().format == .tga)
    }

    @Test func thumbnailsAreDecodedSmall() throws {
        // libjpeg-turbo's 1/8 scale for a 12 MP page's thumbnail; the picture then fits the limit.
        let (w, h) = JPEGDecoder.scaledSize(w: 4000, h: 3000, atLeast: 160.0 / 3000)
        #expect((w, h) == (500, 375))
        #expect(JPEGDecoder.scaledSize(w: 4000, h: 3000, atLeast: 1) == (4000, 3000))
        let decoded = try PictureDecoder.decode(LoaderFixtures.samplePage, limit: TextureCache.thumbnailLimit, fast: true).get()
        #expect(decoded.height == Int(TextureCache.thumbnailHeight))
        #expect(decoded.width == 113)  // 1240 x 1754 at 160 high
    }
}

@Suite(.serialized) struct LoaderBadFileTests {
    init() throws { try SDLSystem.start(video: false) }

    /// Each kind of bad file: what the loader reports and the decoder's reason.
    static func kinds(in folder: URL) throws -> [(name: String, reason: String)] {
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: LoaderFixtures.samplePage)))
        try LoaderFixtures.write([], to: folder.appendingPathComponent("b1-empty.jpg"))
        try LoaderFixtures.write(Array(good.prefix(good.count / 2)), to: folder.appendingPathComponent("b2-truncated.jpg"))
        try LoaderFixtures.write(Array(good.prefix(600)), to: folder.appendingPathComponent("b3-header-only.jpg"))
        var corrupt = good
        for i in stride(from: 2000, to: corrupt.count - 2, by: 7) { corrupt[i] = 0xFF; corrupt[i + 1] = UInt8(i % 200) }
        try LoaderFixtures.write(corrupt, to: folder.appendingPathComponent("b4-corrupt.jpg"))
        try LoaderFixtures.write(Array("this is not a picture at all".utf8), to: folder.appendingPathComponent("b5-text.png"))
        try LoaderFixtures.write(LoaderFixtures.pngHeader(width: 70000, height: 40000), to: folder.appendingPathComponent("b6-huge.png"))
        try LoaderFixtures.write(LoaderFixtures.jpegHeader(width: 12000, height: 12000), to: folder.appendingPathComponent("b7-huge.jpg"))
        return [
            ("b1-empty.jpg", "the file is empty"),
            ("b2-truncated.jpg", "the file is truncated"),
            ("b3-header-only.jpg", "truncated"),
            ("b4-corrupt.jpg", "orrupt JPEG"),
            ("b5-text.png", "not a picture"),
            ("b6-huge.png", "too large: 70000 x 40000 pixels"),  // past what even a PNG read by rows may be (65535 a side)
            ("b7-huge.jpg", "the file is truncated or its header is damaged (12000 x 12000 pixels"),  // 144 MP in 23 bytes
        ]
    }

    @Test func eachBadFileFailsWithItsReasonAndTheOthersStillLoad() throws {
        let folder = try LoaderFixtures.scratch("bad")
        let kinds = try Self.kinds(in: folder)
        try FileManager.default.copyItem(atPath: LoaderFixtures.samplePage, toPath: folder.appendingPathComponent("a0-good.jpg").path)
        let files = try DocumentLoader.imageFiles(in: [folder.path])
        #expect(files.count == kinds.count + 1)
        var reports: [String] = []
        let pages = DocumentLoader.pages(for: files, reader: PageReader()) { reports.append($0) }
        #expect(pages.count == files.count)
        #expect(pages[0].pixelSize == Size(width: 1240, height: 1754))
        // Every page has a sensible shape: the refused giants keep theirs, the rest are A4 portrait.
        for page in pages { #expect(page.pixelSize.width > 0 && page.pixelSize.height > 0) }
        #expect(pages.first { $0.id == "b6-huge.png" }?.pixelSize == Size(width: 70000, height: 40000))
        for kind in kinds {
            let path = folder.appendingPathComponent(kind.name).path
            let result = PictureDecoder.decode(path, limit: PixelLimit(width: 800, height: 800))
            guard case .failure(let failure) = result else {
                Issue.record("\(kind.name) decoded")
                continue
            }
            #expect(failure.reason.contains(kind.reason), "\(kind.name): \(failure.reason)")
            #expect(!failure.reason.contains("\n"))
        }
        // Problems seen in the header are reported once, at open; the rest when decoded.
        #expect(reports.count == Set(reports).count)
        #expect(reports.contains { $0.contains("b1-empty.jpg: the file is empty") })
        #expect(reports.contains { $0.contains("b6-huge.png: too large") })
        #expect(PictureDecoder.decode(folder.appendingPathComponent("a0-good.jpg").path, limit: PixelLimit(width: 100, height: 100)).isSuccess)
    }

    @Test func unreadableFilesSayWhy() throws {
        guard geteuid() != 0 else { return }  // root reads everything
        let folder = try LoaderFixtures.scratch("unreadable")
        let path = folder.appendingPathComponent("locked.jpg").path
        try FileManager.default.copyItem(atPath: LoaderFixtures.samplePage, toPath: path)
        chmod(path, 0)
        defer { chmod(path, 0o644) }
        guard case .failure(let failure) = PictureDecoder.decode(path, limit: PixelLimit(width: 100, height: 100)) else {
            Issue.record("an unreadable file decoded")
            return
        }
        #expect(failure.reason == "no permission to read the file")
    }

    @Test func filesThatVanishOrChangeWhileOpenFail() throws {
        let folder = try LoaderFixtures.scratch("change")
        let gone = folder.appendingPathComponent("gone.jpg").path, changed = folder.appendingPathComponent("changed.jpg").path
        for path in [gone, changed] { try FileManager.default.copyItem(atPath: LoaderFixtures.format("jpg"), toPath: path) }
        let reader = PageReader()
        let pages = DocumentLoader.pages(for: [gone, changed], reader: reader) { Issue.record("\($0)") }
        #expect(pages.count == 2)
        try FileManager.default.removeItem(atPath: gone)
        try Data(contentsOf: URL(fileURLWithPath: LoaderFixtures.orientation(6))).write(to: URL(fileURLWithPath: changed))
        let limit = PixelLimit(width: 100, height: 100)
        guard case .failure(let goneFailure) = reader.decode(pages[0].source, limit: limit),
              case .failure(let changedFailure) = reader.decode(pages[1].source, limit: limit) else {
            Issue.record("a vanished or changed file decoded")
            return
        }
        #expect(goneFailure.reason == "the file is gone")
        #expect(changedFailure.reason == "the file changed since it was opened")
    }

    @Test func badPagesShowAnErrorCardAndStayDeletable() throws {
        let folder = try LoaderFixtures.scratch("card")
        let kinds = try Self.kinds(in: folder)
        try FileManager.default.copyItem(atPath: LoaderFixtures.samplePage, toPath: folder.appendingPathComponent("a0-good.jpg").path)
        let files = try DocumentLoader.imageFiles(in: [folder.path])
        let pages = DocumentLoader.pages(for: files, reader: PageReader()) { _ in }
        let window = Size(width: 800, height: 600)
        var scene = PhotosScene(documentName: "Bad", pages: pages, windowSize: window, measurer: FontBook() ?? ApproximateTextMeasurer())
        let renderer = try OffscreenRenderer(fonts: FontBook())
        var failures: [String] = []
        renderer.onImageFailure = { path, _ in failures.append(path) }
        var t = 0.0
        func settle() {
            while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        }
        scene.tick(at: 0)
        try renderer.render(scene.frame(at: 0))
        // The good page is drawn from its texture, not paper.
        let first = try #require(scene.previewCells().first)
        #expect(renderer.hasTexture(ImageRef(path: pages[0].path, variant: .full)))
        _ = first
        for i in 1...kinds.count {
            scene.handle(.key(Key(.right)), at: t)
            settle()
            #expect(scene.strips.focusIndex == i)
            try renderer.screenshot(scene.frame(at: 0), to: folder.appendingPathComponent("shot-\(i).png").path)
            let cell = try #require(scene.previewCells().first { $0.index == i })
            // The card's muted colour just inside the top-left corner of the picture.
            let (r, g, b) = try #require(renderer.pixel(x: Int32(cell.picture.minX + 4), y: Int32(cell.picture.minY + 4)))
            let card = Canvas.errorCardColor
            #expect((Int(r), Int(g), Int(b)) == (Int(card.r), Int(card.g), Int(card.b)), "\(kinds[i - 1].name)")
        }
        // Every bad page still deletes.
        let count = scene.pages.count
        scene.handle(.key(Key(.delete)), at: t)
        settle()
        #expect(scene.pages.count == count - 1)
        #expect(failures.allSatisfy { $0.hasPrefix(folder.path) })
    }
}

@Suite(.serialized) struct LoaderTextureTests {
    init() throws { try SDLSystem.start(video: false) }

    func sampleScene(window: Size) throws -> PhotosScene {
        let folder = URL(fileURLWithPath: LoaderFixtures.samplePage).deletingLastPathComponent().path
        let pages = DocumentLoader.pages(for: try DocumentLoader.imageFiles(in: [folder]), reader: PageReader()) { Issue.record("\($0)") }
        return PhotosScene(documentName: "Sample", pages: pages, windowSize: window)
    }

    @Test func evictionKeepsTheFocusedPageAndTheBudget() throws {
        let window = Size(width: 800, height: 600)
        var scene = try sampleScene(window: window)
        let budget = 3 << 20
        let renderer = try OffscreenRenderer(fonts: nil, textures: TextureOptions(budget: budget, decode: .sync))
        var t = 0.0
        scene.tick(at: t)
        for step in 0..<scene.pages.count {
            try renderer.render(scene.frame(at: 0))
            let focused = scene.pages[scene.strips.focusIndex]
            #expect(renderer.hasTexture(ImageRef(path: focused.path, variant: .full)), "step \(step)")
            #expect(renderer.hasTexture(ImageRef(path: focused.path, variant: .thumbnail)), "step \(step)")
            #expect(renderer.textureBytes <= budget, "step \(step)")
            scene.handle(.key(Key(.right)), at: t)
            while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        }
        // Every page's full picture has been drawn, but they never all fitted at once.
        #expect(renderer.peakTextureBytes <= budget)
        #expect(!renderer.hasTexture(ImageRef(path: scene.pages[0].path, variant: .full)))
    }

    @Test func theBudgetFollowsTheWindow() throws {
        // Six screens of the window's pixels and 48 MiB of thumbnails: 62 MiB for 1024 x 768, 238 for 4K.
        #expect(TextureOptions.budget(forWindow: PixelLimit(width: 1024, height: 768)) == 6 * 1024 * 768 * 4 + (48 << 20))
        #expect(TextureOptions.budget(forWindow: PixelLimit(width: 3840, height: 2160)) >> 20 == 237)
        // Paging through the sample document with the default budget keeps within it.
        let window = Size(width: 800, height: 600)
        var scene = try sampleScene(window: window)
        let renderer = try OffscreenRenderer(fonts: nil)
        let budget = TextureOptions.budget(forWindow: PixelLimit(width: 800, height: 600))
        var t = 0.0
        scene.tick(at: t)
        for _ in 0..<scene.pages.count {
            try renderer.render(scene.frame(at: t))
            #expect(renderer.hasTexture(ImageRef(path: scene.pages[scene.strips.focusIndex].path, variant: .full)))
            scene.handle(.key(Key(.right)), at: t)
            while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        }
        #expect(renderer.peakTextureBytes <= budget)
    }

    @Test func asyncDecodesShowPlaceholdersThenFadeIn() throws {
        let window = Size(width: 800, height: 600)
        var scene = try sampleScene(window: window)
        scene.tick(at: 0)
        let renderer = try OffscreenRenderer(fonts: nil, textures: TextureOptions(decode: .async, workers: 2))
        let full = ImageRef(path: scene.pages[0].path, variant: .full)
        try renderer.render(scene.frame(at: 0))
        // The first frame does not wait: paper of the page's shape where the picture will be.
        #expect(!renderer.hasTexture(full))
        let cell = try #require(scene.previewCells().first)
        let (r, g, b) = try #require(renderer.pixel(x: Int32(cell.picture.midX), y: Int32(cell.picture.midY)))
        let paper = Color.paper
        #expect((r, g, b) == (paper.r, paper.g, paper.b))
        #expect(renderer.needsFrames)
        #expect(renderer.waitForDecodes(timeout: 30))
        try renderer.render(scene.frame(at: 0))
        #expect(renderer.hasTexture(full))
        #expect(renderer.needsFrames)  // fading in
        // Prefetching decoded the neighbours too.
        #expect(renderer.waitForDecodes(timeout: 30))
        try renderer.render(scene.frame(at: 0))
        #expect(renderer.hasTexture(ImageRef(path: scene.pages[1].path, variant: .full)))
    }
}

private extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
