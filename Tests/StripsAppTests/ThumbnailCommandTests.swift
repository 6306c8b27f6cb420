import Foundation
import StripsPDF
import StripsTestSupport
import Testing
@testable import StripsPictures

/// `strips thumbnail`: the freedesktop thumbnailer convention through the app's own decoders.
@Suite struct ThumbnailCommandTests {
    func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strips-thumbcmd-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func png(_ path: String) throws -> PixelBuffer {
        try #require(ThumbnailPNG.read(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))?.picture)
    }

    @Test func aPictureBecomesAPNGOfTheSizeAskedUpright() throws {
        let folder = try scratch("picture")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("thumb.png").path
        // The 1240 x 1754 sample scan, 128 on its longer side.
        let run = try runProcess(stripsBinary, ["thumbnail", "--size", "128", LoaderFixtures.samplePage, out])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let thumb = try png(out)
        #expect(thumb.height == 128 && thumb.width == 90)
        // EXIF orientation 6, stored sideways: shown upright, 32 x 16 as every orientation fixture is.
        let turned = folder.appendingPathComponent("turned.png").path
        #expect(try runProcess(stripsBinary, ["thumbnail", LoaderFixtures.orientation(6), turned]).status == 0)
        let upright = try png(turned)
        #expect(upright.width == 32 && upright.height == 16)  // never enlarged, shown upright
    }

    @Test func pagesOfATIFFAreOnePNGEach() throws {
        let folder = try scratch("tiff")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tiff = folder.appendingPathComponent("fax.tif").path
        #expect(TIFFMaker.write([.init(width: 80, height: 100, rgb: (250, 0, 0)), .init(width: 100, height: 80, rgb: (0, 250, 0)),
                                 .init(width: 64, height: 64, rgb: (0, 0, 250))], to: tiff))
        let pattern = folder.appendingPathComponent("page-%d.png").path
        let run = try runProcess(stripsBinary, ["thumbnail", "--size", "50", "--pages", "2-3", tiff, pattern])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let two = try png(folder.appendingPathComponent("page-2.png").path)
        let three = try png(folder.appendingPathComponent("page-3.png").path)
        #expect(two.width == 50 && two.height == 40 && three.width == 50 && three.height == 50)
        #expect(two.bytes[(20 * 50 + 40) * 4 + 1] > 200 && three.bytes[(40 * 50 + 40) * 4] > 200)  // green, then blue (B, G, R, A)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("page-1.png").path))
        // One page by number.
        let one = folder.appendingPathComponent("one.png").path
        #expect(try runProcess(stripsBinary, ["thumbnail", "--page", "1", tiff, one]).status == 0)
        #expect(try png(one).width == 80)
    }

    @Test func aPDFPageIsRenderedAtTheSizeAsked() throws {
        let folder = try scratch("pdf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("letter.pdf").path
        try PDFSampleDocument.write(to: pdf, pageSizes: [.letter, .letter]).get()
        let out = folder.appendingPathComponent("p2.png").path
        let run = try runProcess(stripsBinary, ["thumbnail", "--size", "256", "--page", "2", pdf, out])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try png(out)
        #expect(page.height == 256 && page.width == 198)  // 612 x 792 points, 256 high
    }

    @Test func mistakesAreOneLine() throws {
        let folder = try scratch("mistakes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("x.png").path
        let tiff = folder.appendingPathComponent("two.tif").path
        #expect(TIFFMaker.write([.init(width: 8, height: 8, rgb: (1, 2, 3)), .init(width: 8, height: 8, rgb: (1, 2, 3))], to: tiff))
        let cases: [([String], String)] = [
            (["thumbnail", "/nonexistent/scan.jpg", out], "the file is gone"),
            (["thumbnail", "--pages", "1-2", tiff, out], "several pages need %d"),
            (["thumbnail", "--page", "3", tiff, out], "no page 3 (the file has 2)"),
            (["thumbnail", "--size", "0", tiff, out], "--size must be between 1 and 4096"),
        ]
        for (arguments, reason) in cases {
            let run = try runProcess(stripsBinary, arguments)
            #expect(run.status != 0)
            #expect(run.stderr.hasPrefix("strips: ") && run.stderr.contains(reason) && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
