import CSDL2
import Foundation
import Testing
import StripsCore
@testable import StripsPictures
@testable import StripsSDL

/// The freedesktop thumbnail cache, in a scratch folder standing in for ~/.cache/thumbnails.
@Suite struct ThumbnailCacheTests {
    /// A scratch folder with `pictures/` (originals) and a cache root `thumbnails/` (not yet made).
    struct Scratch {
        let folder: URL
        var cache: ThumbnailCache { ThumbnailCache(root: folder.appendingPathComponent("thumbnails").path) }

        init(_ name: String) throws {
            folder = try LoaderFixtures.scratch("thumbs-\(name)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        }

        /// A copy of the committed sample scan (a real JPEG), with a fixed modification time.
        func picture(_ name: String, mtime: Int = 1_700_000_000) throws -> String {
            let path = folder.appendingPathComponent("pictures/\(name)").path
            try FileManager.default.copyItem(atPath: LoaderFixtures.samplePage, toPath: path)
            try setMTime(path, mtime)
            return path
        }

        func setMTime(_ path: String, _ mtime: Int) throws {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: TimeInterval(mtime))], ofItemAtPath: path)
        }

        /// Writes an entry as another program would (ForeignPNG), in the folder for `size`.
        func foreignEntry(for path: String, size: ThumbnailCache.Size, width: Int, height: Int, texts: [(String, String)]) throws {
            let entry = cache.entryPath(for: path, size: size)
            try FileManager.default.createDirectory(atPath: (entry as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let png = ForeignPNG.make(width: width, height: height, texts: texts) { x, _ in x < width / 2 ? (255, 0, 0) : (0, 0, 255) }
            try Data(png).write(to: URL(fileURLWithPath: entry))
        }

        func fileSize(_ path: String) throws -> Int { try (FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1 }
    }

    /// The pixel as one 0xAARRGGBB word (B, G, R, A bytes).
    private func pixel(_ picture: PixelBuffer, _ x: Int32, _ y: Int32) -> UInt32 {
        let i = (Int(y) * picture.width + Int(x)) * 4, b = picture.bytes
        return UInt32(b[i + 3]) << 24 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 1]) << 8 | UInt32(b[i])
    }

    @Test func entriesWrittenByAnotherProgramAreUsedAsTheyAre() throws {
        let scratch = try Scratch("foreign")
        let path = try scratch.picture("page.jpg")
        let uri = FileURI.of(path: path)
        try scratch.foreignEntry(for: path, size: .normal, width: 90, height: 128,
                                 texts: [("Thumb::URI", uri), ("Thumb::MTime", "1700000000"), ("Software", "GNOME::ThumbnailFactory")])
        try scratch.foreignEntry(for: path, size: .large, width: 180, height: 256,
                                 texts: [("Thumb::URI", uri), ("Thumb::MTime", "1700000000"), ("Thumb::Size", String(try scratch.fileSize(path)))])
        // The smallest folder that covers the wanted size is read first.
        let small = try #require(scratch.cache.lookup(path: path, wantedPixels: 100))
        #expect(small.width == 90 && small.height == 128)
        #expect(pixel(small, 0, 0) == 0xFFFF_0000 && pixel(small, 89, 127) == 0xFF00_00FF)  // opaque red, opaque blue (ARGB)
        #expect(small.isOpaque)
        let large = try #require(scratch.cache.lookup(path: path, wantedPixels: 200))
        #expect(large.width == 180 && large.height == 256)
        // Nothing covers 600 px; a smaller entry only when asked for.
        #expect(scratch.cache.lookup(path: path, wantedPixels: 600) == nil)
        #expect(scratch.cache.lookup(path: path, wantedPixels: 600, acceptSmaller: true)?.width == 180)
    }

    @Test func staleOrForeignEntriesAreRejected() throws {
        let scratch = try Scratch("stale")
        let path = try scratch.picture("page.jpg")
        let uri = FileURI.of(path: path)
        func entry(_ texts: [(String, String)]) throws -> PixelBuffer? {
            try scratch.foreignEntry(for: path, size: .large, width: 20, height: 30, texts: texts)
            return scratch.cache.lookup(path: path, wantedPixels: 256)
        }
        #expect(try entry([("Thumb::URI", uri), ("Thumb::MTime", "1700000000")]) != nil)
        #expect(try entry([("Thumb::URI", uri), ("Thumb::MTime", "1699999999")]) == nil)  // the file changed since
        #expect(try entry([("Thumb::URI", uri), ("Thumb::MTime", "1700000000"), ("Thumb::Size", "12")]) == nil)
        #expect(try entry([("Thumb::URI", uri + "x"), ("Thumb::MTime", "1700000000")]) == nil)
        #expect(try entry([("Thumb::URI", uri)]) == nil)
        #expect(try entry([("Thumb::URI", uri), ("Thumb::MTime", "soon")]) == nil)
        // A valid entry goes stale when the picture is touched.
        #expect(try entry([("Thumb::URI", uri), ("Thumb::MTime", "1700000000")]) != nil)
        try scratch.setMTime(path, 1_700_000_100)
        #expect(scratch.cache.lookup(path: path, wantedPixels: 256) == nil)
        // A damaged entry is no entry.
        try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: URL(fileURLWithPath: scratch.cache.entryPath(for: path, size: .large)))
        #expect(scratch.cache.lookup(path: path, wantedPixels: 256) == nil)
    }

    @Test func storedEntriesFollowTheStandard() throws {
        let scratch = try Scratch("store")
        let path = try scratch.picture("page 1.jpg")
        let surface = try PictureDecoder.decode(path, limit: PixelLimit(width: 400, height: 400)).get()
        let (w, h) = (surface.width, surface.height)
        #expect(scratch.cache.store(path: path, picture: surface, imageWidth: 2480, imageHeight: 3508))

        let root = scratch.cache.root
        let name = MD5.hex("file://" + scratch.folder.path + "/pictures/page%201.jpg") + ".png"
        let entry = root + "/large/" + name
        #expect(scratch.cache.entryPath(for: path, size: .large) == entry)
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/large")
        #expect(files == [name])  // no temporary file left behind
        #expect(try FileManager.default.attributesOfItem(atPath: entry)[.posixPermissions] as? Int == 0o600)
        for folder in [root, root + "/large"] {
            #expect(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == 0o700)
        }
        let png = try Array(Data(contentsOf: URL(fileURLWithPath: entry)))
        #expect(png.count > 33 && png[25] == 2)  // IHDR colour type: RGB, the scan being opaque
        let texts = try #require(ThumbnailPNG.texts(png))
        #expect(texts["Thumb::URI"] == FileURI.of(path: path))
        #expect(texts["Thumb::MTime"] == "1700000000")
        #expect(texts["Thumb::Size"] == String(try scratch.fileSize(path)))
        #expect(texts["Thumb::Image::Width"] == "2480" && texts["Thumb::Image::Height"] == "3508")
        #expect(texts["Software"] == "Strips \(AppVersion.string)")

        // Round trip: the entry is 256 px on its longer side, same shape, and found again.
        let back = try #require(scratch.cache.lookup(path: path, wantedPixels: 256))
        #expect(back.height == 256)
        #expect(abs(Double(back.width) / 256 - Double(w) / Double(h)) < 0.01)
        #expect(scratch.cache.lookup(path: path, wantedPixels: 128)?.height == 256)  // no `normal` entry: `large` serves
    }

    @Test func nothingIsWrittenThatTheStandardForbids() throws {
        let scratch = try Scratch("forbidden")
        let path = try scratch.picture("page.jpg")
        let surface = try PictureDecoder.decode(path, limit: PixelLimit(width: 400, height: 400)).get()

        // A picture inside the cache (say, a thumbnail opened as a document).
        let inside = scratch.cache.root + "/normal/x.jpg"
        try FileManager.default.createDirectory(atPath: scratch.cache.root + "/normal", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: inside)
        #expect(!scratch.cache.store(path: inside, picture: surface, imageWidth: 2480, imageHeight: 3508))
        #expect(!scratch.cache.recordFailure(path: inside))
        // The same through a symbolic link from outside the cache.
        let link = scratch.folder.appendingPathComponent("pictures/link.jpg").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: inside)
        #expect(!scratch.cache.store(path: link, picture: surface, imageWidth: 2480, imageHeight: 3508))
        #expect(!FileManager.default.fileExists(atPath: scratch.cache.root + "/large"))
        #expect(!FileManager.default.fileExists(atPath: scratch.cache.root + "/fail"))

        // A decode smaller than 256 px of a larger picture would be a wrong `large` entry.
        let small = try PictureDecoder.decode(path, limit: PixelLimit(width: 100, height: 100)).get()
        #expect(!scratch.cache.store(path: path, picture: small, imageWidth: 2480, imageHeight: 3508))
        // A picture changed since it was decoded.
        let before = try #require(ThumbnailCache.Stamp(path: path))
        try scratch.setMTime(path, 1_700_000_500)
        #expect(!scratch.cache.store(path: path, picture: surface, imageWidth: 2480, imageHeight: 3508, stamp: before))
        // A file that is gone.
        #expect(!scratch.cache.store(path: path + ".gone", picture: surface, imageWidth: 2480, imageHeight: 3508))
        #expect(!FileManager.default.fileExists(atPath: scratch.cache.root + "/large"))
    }

    @Test func failuresAreRecordedPerVersionAndExpireWithTheFile() throws {
        let scratch = try Scratch("fail")
        let path = scratch.folder.appendingPathComponent("pictures/broken.jpg").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 2]).write(to: URL(fileURLWithPath: path))
        try scratch.setMTime(path, 1_700_000_000)
        #expect(!scratch.cache.hasFailure(path: path))
        #expect(scratch.cache.recordFailure(path: path))
        let entry = "\(scratch.cache.root)/fail/strips-\(AppVersion.string)/\(MD5.hex(FileURI.of(path: path))).png"
        #expect(scratch.cache.failurePath(for: path) == entry)
        #expect(try FileManager.default.attributesOfItem(atPath: entry)[.posixPermissions] as? Int == 0o600)
        let texts = try #require(ThumbnailPNG.texts(Array(Data(contentsOf: URL(fileURLWithPath: entry)))))
        #expect(texts["Thumb::URI"] == FileURI.of(path: path) && texts["Thumb::MTime"] == "1700000000")
        #expect(scratch.cache.hasFailure(path: path))
        try scratch.setMTime(path, 1_700_000_001)
        #expect(!scratch.cache.hasFailure(path: path))
        // A failure entry is never taken for a thumbnail.
        #expect(scratch.cache.lookup(path: path, wantedPixels: 1, acceptSmaller: true) == nil)
    }

    @Test func defaultRootFollowsXDG() {
        #expect(ThumbnailCache.defaultRoot(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/thumbnails")
        #expect(ThumbnailCache.defaultRoot(environment: ["XDG_CACHE_HOME": "", "HOME": "/h"]) == "/h/.cache/thumbnails")
        #expect(ThumbnailCache.defaultRoot(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]) == "/h/.cache/thumbnails")
        #expect(ThumbnailCache.defaultRoot(environment: [:]) == nil)
    }

    /// Decode workers call the cache at once: every write lands whole, none is lost.
    @Test func concurrentStoresAndLookups() async throws {
        let scratch = try Scratch("concurrent")
        let paths = try (0..<8).map { try scratch.picture("p\($0).jpg") }
        let cache = scratch.cache
        let decoded = try PictureDecoder.decode(paths[0], limit: PixelLimit(width: 300, height: 300)).get()
        await withTaskGroup(of: Void.self) { group in
            for path in paths + paths {
                group.addTask {
                    cache.store(path: path, picture: decoded, imageWidth: 2480, imageHeight: 3508)
                    _ = cache.lookup(path: path, wantedPixels: 256)
                }
            }
        }
        for path in paths { #expect(cache.lookup(path: path, wantedPixels: 256)?.height == 256) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.root + "/large").count == 8)
    }
}
