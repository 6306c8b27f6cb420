import Foundation
import StripsPDF
import Testing

@Suite struct PDFExportTests {
    /// Width and height from a PNG's IHDR chunk.
    func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.count > 24 && bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    @Test func pageBecomesA150DpiPNG() throws {
        let scratch = try PDFScratch("png")
        let source = try scratch.sample("letter.pdf", letterPages: 2)
        let png = scratch.path("page-2.png")
        try PDFRenderer().writePNG(source, pageIndex: 1, to: png).get()
        // 8.5 x 11 in at 150 dpi.
        #expect(try pngSize(png) == (1275, 1650))
        let turned = scratch.path("page-2-turned.png")
        try PDFRenderer().writePNG(source, pageIndex: 1, to: turned, extraQuarterTurns: 3).get()
        #expect(try pngSize(turned) == (1650, 1275))
        // Nothing else, no temporary files, in the folder.
        #expect(scratch.contents == ["letter.pdf", "page-2-turned.png", "page-2.png"])
    }

    @Test func existingFilesAreNeverReplacedAndFailuresLeaveNothing() throws {
        let scratch = try PDFScratch("png-fail")
        let source = try scratch.sample("letter.pdf", letterPages: 1)
        let taken = try scratch.write(Array("mine".utf8), "taken.png")
        let renderer = PDFRenderer()
        guard case .failure(let exists) = renderer.writePNG(source, pageIndex: 0, to: taken) else {
            Issue.record("replaced an existing file")
            return
        }
        #expect(exists.reason == "taken.png: already exists (Strips never overwrites a file)")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "mine")
        guard case .failure = renderer.writePNG(source, pageIndex: 4, to: scratch.path("p5.png")) else {
            Issue.record("exported a page that does not exist")
            return
        }
        guard case .failure = renderer.writePNG(source, pageIndex: 0, to: scratch.path("no/such/folder/p1.png")) else {
            Issue.record("wrote into a missing folder")
            return
        }
        #expect(scratch.contents == ["letter.pdf", "taken.png"])
    }
}
