import Foundation
import StripsCore
import StripsTestSupport
import Testing
@testable import StripsExport

/// Pages of a multi-page TIFF are saved one by one: each becomes its own page of a PDF, or its
/// own PNG in a folder, never the whole file again.
@Suite struct TIFFPageExportTests {
    /// A 3-page TIFF: red 80 x 100, green 120 x 60 stored sideways (orientation 6), blue 64 x 64.
    func threePages(_ files: SaveFixtures) throws -> [ExportPage] {
        let path = files.path("scan.tif")
        #expect(TIFFMaker.write([.init(width: 80, height: 100, rgb: (250, 0, 0)), .init(width: 120, height: 60, rgb: (0, 250, 0), orientation: 6),
                                 .init(width: 64, height: 64, rgb: (0, 0, 250))], to: path))
        let shapes = [Size(width: 80, height: 100), Size(width: 60, height: 120), Size(width: 64, height: 64)]
        return shapes.enumerated().map { ExportPage(source: .tiffPage(path: path, index: $0), pixelSize: $1) }
    }

    @Test func aFolderGetsOnePNGPerPageUpright() throws {
        let files = try SaveFixtures()
        var pages = try threePages(files)
        pages[2].corrections = pages[2].corrections.turned(1)
        let result = try DocumentExporter.save(pages, to: files.path("out"), sourcePaths: [pages[0].source.path])
        #expect(result.files == ["001.png", "002.png", "003.png"])
        let decoded = try result.files.map { try #require(SDLPictures.decode(files.path("out/\($0)"))) }
        #expect(decoded.map { [$0.width, $0.height] } == [[80, 100], [60, 120], [64, 64]])
        // Each page is its own colour, and the sideways page is upright: its black corner top-right.
        #expect(decoded[0][60, 80] == [250, 0, 0] && decoded[1][30, 100] == [0, 250, 0] && decoded[2][50, 50] == [0, 0, 250])
        #expect(decoded[1][57, 2] == [0, 0, 0] && decoded[1][2, 2] == [0, 250, 0])
        // The turned blue page: its black corner, top-left as stored, is top-right after a clockwise turn.
        #expect(decoded[2][61, 2] == [0, 0, 0] && decoded[2][2, 2] == [0, 0, 250])
    }

    @Test func aPDFGetsOnePagePerTIFFPageInItsShape() throws {
        let files = try SaveFixtures()
        let pages = try threePages(files)
        let pdf = files.path("out.pdf")
        _ = try DocumentExporter.save(pages, to: pdf, sourcePaths: [pages[0].source.path])
        let sizes = try Tool.pageSizes(pdf)
        #expect(sizes.count == 3)
        for (size, page) in zip(sizes, pages) {
            let shape = try #require(page.pixelSize)
            #expect(abs(size.0 / size.1 - shape.width / shape.height) < 0.01)
        }
        let rendered = try Tool.render(pdf, dpi: 36, into: files.path("render"))
        #expect(rendered.count == 3)
        let middles = rendered.map { $0[$0.width * 3 / 4, $0.height * 3 / 4] }
        #expect(middles.map { $0.firstIndex(of: $0.max() ?? 0) } == [0, 1, 2])
    }
}
