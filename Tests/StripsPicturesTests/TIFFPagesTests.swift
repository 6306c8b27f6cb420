import Foundation
import StripsCore
import StripsPictures
import StripsTestSupport
import Testing

/// Multi-page TIFFs: every full-resolution directory is a page, `FILE.tif p. N`, shaped from its
/// own tags and decoded from its own directory.
@Suite struct TIFFPagesTests {
    static func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strips-tiff-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A 1-bit page is read as its bits (`BilevelRows`), shrunk and cut as the RGBA reader shrinks
    /// and cuts the same pixels stored as 8-bit RGB: byte for byte. On a real bilevel scan
    /// (leptonica's shearer.148, Tests/Corpus/real), at the judges' size, a part of it, and whole.
    @Test func aBilevelPageReadAsBitsIsTheRGBAReadersPicture() throws {
        let scan = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus/real/held-out/scan-shearer.148.tif").path
        let whole = try TIFFPages.decodeStored(scan, page: 0).get()
        #expect(whole.width == 2264 && whole.height == 2997)
        #expect(Set(whole.bytes).isSubset(of: [0, 255]), "black, white and opaque")
        let folder = try Self.scratch("bilevel")
        defer { try? FileManager.default.removeItem(at: folder) }
        let rgb = folder.appendingPathComponent("rgb.tif").path
        #expect(TIFFMaker.writeRGB(bgra: whole.bytes, width: whole.width, height: whole.height, to: rgb))
        let cases: [(PixelLimit, Rect?)] = [(PixelLimit(width: 1250, height: 1250), nil),
                                            (PixelLimit(width: 700, height: 700), Rect(x: 0.13, y: 0.21, width: 0.5, height: 0.33)),
                                            (PixelLimit(width: 4000, height: 4000), Rect(x: 0.3, y: 0.6, width: 0.4, height: 0.2)),
                                            (PixelLimit(width: 4000, height: 4000), nil)]
        for (limit, region) in cases {
            let bits = try TIFFPages.decode(scan, page: 0, limit: limit, region: region).get()
            let rgba = try TIFFPages.decode(rgb, page: 0, limit: limit, region: region).get()
            #expect(bits.pixels.width == rgba.pixels.width && bits.pixels.height == rgba.pixels.height, "\(limit) \(String(describing: region))")
            #expect(bits.pixels.bytes == rgba.pixels.bytes, "\(limit) \(String(describing: region))")
        }
    }

    /// Three pages of their own sizes and colours, the second stored sideways (orientation 6),
    /// and a scanner's reduced copy between the first two that is not a page.
    static func threePages(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("scan.tif").path
        let made = TIFFMaker.write([
            .init(width: 80, height: 100, rgb: (250, 0, 0)),
            .init(width: 20, height: 25, rgb: (0, 0, 0), reduced: true),
            .init(width: 120, height: 60, rgb: (0, 250, 0), orientation: 6),
            .init(width: 64, height: 64, rgb: (0, 0, 250)),
        ], to: path)
        #expect(made)
        return path
    }

    /// (r, g, b) at (x, y) of a B, G, R, A picture.
    static func rgb(_ p: PixelBuffer, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * p.width + x) * 4
        return (Int(p.bytes[i + 2]), Int(p.bytes[i + 1]), Int(p.bytes[i]))
    }

    @Test func aThreePageTIFFOpensAsThreePages() throws {
        let folder = try Self.scratch("three")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.threePages(in: folder)
        let reader = PageReader()
        var reports: [String] = []
        let pages = DocumentLoader.pages(for: [path], reader: reader) { reports.append($0) }
        #expect(reports.isEmpty)
        #expect(pages.map(\.id) == ["scan.tif p. 1", "scan.tif p. 2", "scan.tif p. 3"])
        #expect(pages.map(\.source) == (0..<3).map { PageSource.tiffPage(path: path, index: $0) })
        // Each page's upright shape from its own directory: the second is stored 120 x 60 sideways.
        #expect(pages.map(\.pixelSize) == [Size(width: 80, height: 100), Size(width: 60, height: 120), Size(width: 64, height: 64)])
        // Each decodes from its own directory, upright, fitted to the limit.
        let colours = [(250, 0, 0), (0, 250, 0), (0, 0, 250)]
        for (page, colour) in zip(pages, colours) {
            let picture = try reader.decode(page.source, limit: PixelLimit(width: 1000, height: 1000)).get()
            #expect(Double(picture.width) == page.pixelSize.width && Double(picture.height) == page.pixelSize.height)
            let middle = Self.rgb(picture.pixels, picture.width * 3 / 4, picture.height * 3 / 4)
            #expect(middle == colour, "\(page.id)")
            #expect(picture.isOpaque)
        }
        // Page 2 was turned: its black corner, stored top-left, is now top-right.
        let turned = try reader.decode(pages[1].source, limit: PixelLimit(width: 1000, height: 1000)).get().pixels
        #expect(Self.rgb(turned, turned.width - 3, 3) == (0, 0, 0))
        #expect(Self.rgb(turned, 3, 3) == (0, 250, 0))
        let small = try reader.decode(pages[2].source, limit: PixelLimit(width: 16, height: 16)).get()
        #expect(small.width == 16 && small.height == 16)
    }

    @Test func aOnePageTIFFIsAPictureLikeAnyOther() throws {
        let folder = try Self.scratch("one")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("single.tiff").path
        #expect(TIFFMaker.write([.init(width: 30, height: 40, rgb: (10, 20, 30))], to: path))
        let reader = PageReader()
        let pages = DocumentLoader.pages(for: [path], reader: reader) { Issue.record("\($0)") }
        #expect(pages.map(\.id) == ["single.tiff"])
        #expect(pages.first?.source == .picture(path: path))
        let picture = try reader.decode(.picture(path: path), limit: PixelLimit(width: 100, height: 100)).get()
        #expect(picture.width == 30 && picture.height == 40)
        #expect(Self.rgb(picture.pixels, 20, 30) == (10, 20, 30))
    }

    @Test func damagedTIFFsAreOneLineAndNeverAPage() throws {
        let folder = try Self.scratch("damaged")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.threePages(in: folder)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        // Cut inside the last page: the first pages are still pages, the last is an error card.
        let cut = folder.appendingPathComponent("cut.tif").path
        try whole.prefix(whole.count - 200).write(to: URL(fileURLWithPath: cut))
        // Only the header: no directory at all.
        let header = folder.appendingPathComponent("header.tif").path
        try whole.prefix(8).write(to: URL(fileURLWithPath: header))
        let reader = PageReader()
        var reports: [String] = []
        let pages = DocumentLoader.pages(for: [cut, header], reader: reader) { reports.append($0) }
        // The cut file names its lost page once (issue 28); the header alone is one line too.
        #expect(reports.count == 2 && reports.allSatisfy { !$0.contains("\n") }, "\(reports)")
        #expect(reports.contains { $0.hasPrefix("strips: \(header): ") })
        #expect(reports.contains { $0.hasPrefix("strips: \(cut): damaged: 2 ") }, "\(reports)")
        #expect(pages.filter { $0.source.path == cut }.count == 3)
        #expect(pages.last?.id == "header.tif" && pages.last?.source == .picture(path: header))
        for page in pages {
            let result = reader.decode(page.source, limit: PixelLimit(width: 100, height: 100))
            if case .failure(let failure) = result { #expect(!failure.reason.isEmpty && !failure.reason.contains("\n"), "\(page.id)") }
        }
        #expect(throws: ImageFailure.self) { try reader.decode(.tiffPage(path: path, index: 7), limit: PixelLimit(width: 10, height: 10)).get() }
    }
}
