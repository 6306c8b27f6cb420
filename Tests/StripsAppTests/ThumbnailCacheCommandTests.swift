import CSDL2
import Foundation
import Testing
@testable import StripsPictures
@testable import StripsSDL

/// The shared thumbnail cache through the real binary: a document whose cache another program
/// filled shows that program's thumbnails in a headless screenshot, and headless runs touch no
/// cache unless told to. XDG_CACHE_HOME always points at a scratch folder.
@Suite(.serialized) struct ThumbnailCacheCommandTests {
    let cli = CommandLineTests()

    struct Document {
        let scratch: ThumbnailCacheTests.Scratch
        let pages: [String]
        let xdg: String

        init(_ name: String) throws {
            let scratch = try ThumbnailCacheTests.Scratch(name)
            self.scratch = scratch
            pages = try ["a.jpg", "b.jpg", "c.jpg"].map { try scratch.picture($0) }
            xdg = scratch.folder.appendingPathComponent("xdg-cache").path
        }

        var pictures: String { scratch.folder.appendingPathComponent("pictures").path }
    }

    /// Runs a screenshot of the first frame; the thumbnail cells' frames from its trace line.
    func screenshot(_ doc: Document, extra: [String]) throws -> (shot: PixelBuffer, cells: [[Double]]) {
        let shot = doc.scratch.folder.appendingPathComponent("shot-\(extra.count).png").path
        let script = doc.scratch.folder.appendingPathComponent("first.strips").path
        try "window 800 600\nat 0 screenshot \(shot)\nat 0 dump\nat 100 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try cli.run(["photos", doc.pictures, "--script", script] + extra, environment: ["XDG_CACHE_HOME": doc.xdg])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first)
        let trace = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let thumbnails = try #require(trace["thumbnails"] as? [String: Any])
        let cells = try #require(thumbnails["cells"] as? [[String: Any]]).compactMap { $0["frame"] as? [Double] }
        return (try PictureDecoder.decodeStored(shot).get(), cells)
    }

    func rgb(_ s: PixelBuffer, _ x: Double, _ y: Double) -> (Int, Int, Int) {
        let o = (Int(y) * s.width + Int(x)) * 4
        return (Int(s.bytes[o + 2]), Int(s.bytes[o + 1]), Int(s.bytes[o]))
    }

    @Test func thumbnailsAnotherProgramCachedAreShown() throws {
        let doc = try Document("cli-foreign")
        for page in doc.pages {
            try doc.scratch.foreignEntry(for: page, size: .large, width: 181, height: 256,
                                         texts: [("Thumb::URI", FileURI.of(path: page)), ("Thumb::MTime", "1700000000")])
        }
        let entries = try doc.pages.map { try Data(contentsOf: URL(fileURLWithPath: doc.scratch.cache.entryPath(for: $0, size: .large))) }
        let (shot, cells) = try screenshot(doc, extra: ["--thumbnail-cache", doc.scratch.cache.root])
        #expect(cells.count == 3)
        for cell in cells {
            // The other program's picture: red on the left half, blue on the right.
            let left = rgb(shot, cell[0] + cell[2] * 0.2, cell[1] + cell[3] / 2)
            let right = rgb(shot, cell[0] + cell[2] * 0.8, cell[1] + cell[3] / 2)
            #expect(left.0 > 200 && left.2 < 60 && right.2 > 200 && right.0 < 60, "\(cell): \(left) \(right)")
        }
        // The preview is the scan itself, and the entries are left as they were.
        let preview = rgb(shot, 400, 250)
        #expect(!(preview.0 > 200 && preview.2 < 60), "\(preview)")
        let after = try doc.pages.map { try Data(contentsOf: URL(fileURLWithPath: doc.scratch.cache.entryPath(for: $0, size: .large))) }
        #expect(after == entries)
        #expect(!FileManager.default.fileExists(atPath: doc.xdg))
    }

    @Test func headlessRunsUseNoCacheUnlessAsked() throws {
        let doc = try Document("cli-off")
        for page in doc.pages {
            try doc.scratch.foreignEntry(for: page, size: .large, width: 181, height: 256,
                                         texts: [("Thumb::URI", FileURI.of(path: page)), ("Thumb::MTime", "1700000000")])
        }
        // XDG_CACHE_HOME names a cache holding those entries: a headless run still ignores it.
        try FileManager.default.createDirectory(atPath: doc.xdg, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: doc.xdg + "/thumbnails", withDestinationPath: doc.scratch.cache.root)
        let (shot, cells) = try screenshot(doc, extra: [])
        for cell in cells {
            let left = rgb(shot, cell[0] + cell[2] * 0.2, cell[1] + cell[3] / 2)
            #expect(!(left.0 > 200 && left.2 < 60), "the scan, not the cached red: \(left)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: doc.scratch.cache.root + "/large").count == 3)
    }

    @Test func pagesDecodedWithTheOptionAreWrittenForOtherPrograms() throws {
        let doc = try Document("cli-write")
        _ = try screenshot(doc, extra: ["--thumbnail-cache", doc.scratch.cache.root])
        for page in doc.pages {
            let entry = doc.scratch.cache.entryPath(for: page, size: .large)
            let texts = try #require(ThumbnailPNG.texts(Array(try Data(contentsOf: URL(fileURLWithPath: entry)))))
            #expect(texts["Thumb::URI"] == FileURI.of(path: page))
            #expect((try FileManager.default.attributesOfItem(atPath: entry)[.posixPermissions] as? Int) == 0o600)
        }
        #expect(!FileManager.default.fileExists(atPath: doc.xdg))
    }
}
