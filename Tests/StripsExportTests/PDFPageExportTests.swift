import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPDF
import Testing
@testable import StripsExport

/// PDF pages saved into a PDF keep their own content (pdftotext still reads each page's text,
/// in the new order), turned by /Rotate; pictures among them keep their JPEG bytes. Saved to a
/// folder, PDF pages become 150 dpi PNGs.
@Suite struct PDFPageExportTests {
    func text(_ pdf: String, page: Int) throws -> String {
        try Tool.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", pdf, "-"]).stdout
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func mixedDocumentKeepsTextOrderRotationAndJPEGBytes() throws {
        let files = try SaveFixtures()
        let report = files.path("report.pdf")
        try PDFSampleDocument.write(to: report, pageSizes: [.letter, .letter, .letter], label: "Report").get()
        let jpeg = try files.write("scan.jpg", JPEGMaker.encode(RGBImage.noise(width: 300, height: 200, seed: 7)))
        let sources = [report, jpeg].map(SaveFixtures.bytes)
        // Page 3, the scan, page 1 turned a quarter, (page 2 deleted).
        let pages = [ExportPage(source: .pdfPage(path: report, index: 2)), ExportPage(source: .picture(path: jpeg)),
                     ExportPage(source: .pdfPage(path: report, index: 0), corrections: Corrections(quarterTurns: 1))]
        let destination = files.path("edited.pdf")
        let result = try DocumentExporter.save(pages, to: destination, sourcePaths: [report, jpeg])
        #expect(result.pageCount == 3 && result.kind == .pdf)
        #expect(try Tool.pageCount(destination) == 3)
        #expect(try text(destination, page: 1).contains("Report 3"))
        #expect(try text(destination, page: 2).isEmpty)
        #expect(try text(destination, page: 3).contains("Report 1"))
        let info = try Tool.run("pdfinfo", ["-f", "1", "-l", "3", destination]).stdout
        let rotations = info.split(separator: "\n").filter { $0.contains(" rot:") }.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        #expect(rotations == [0, 0, 90])
        // The scan's JPEG is still byte for byte the file.
        try Tool.run("pdfimages", ["-j", destination, files.path("extracted")])
        #expect(SaveFixtures.bytes(files.path("extracted-000.jpg")) == sources[1])
        // Nothing but the result was left beside it, and the sources are untouched.
        #expect(files.listing().filter { $0.hasPrefix(".") }.isEmpty)
        #expect([report, jpeg].map(SaveFixtures.bytes) == sources)
    }

    /// A PDF page in a look is drawn because of its look: the save says nothing about damage.
    @Test func aPDFPageInALookIsDrawnWithoutADamageNote() throws {
        let files = try SaveFixtures()
        let report = files.path("report.pdf")
        try PDFSampleDocument.write(to: report, pageSizes: [.letter], label: "Report").get()
        let result = try DocumentExporter.save([ExportPage(source: .pdfPage(path: report, index: 0), corrections: Corrections(look: .grey))],
                                               to: files.path("grey.pdf"), sourcePaths: [report])
        #expect(result.pageCount == 1)
        #expect(result.notes.isEmpty, "\(result.notes)")
        // Drawn: the page is a picture now, its text no longer the PDF's own.
        #expect(try Tool.run("pdfimages", ["-list", files.path("grey.pdf")]).stdout.contains("gray"))
    }

    @Test func pdfPagesSavedToAFolderAre150DpiPNGs() throws {
        let files = try SaveFixtures()
        let report = files.path("report.pdf")
        try PDFSampleDocument.write(to: report, pageSizes: [.letter], label: "Report").get()
        let folder = files.path("out")
        let result = try DocumentExporter.save([ExportPage(source: .pdfPage(path: report, index: 0), corrections: Corrections(quarterTurns: 1))],
                                               to: folder, sourcePaths: [report])
        #expect(result.files == ["001.png"])
        let png = try #require(SDLPictures.decode("\(folder)/001.png"))
        // Letter at 150 dpi is 1275 x 1650; a quarter turn makes it landscape.
        #expect(png.width == 1650 && png.height == 1275)
    }

    @Test func aMissingPDFPageIsAClearErrorAndLeavesNothing() throws {
        let files = try SaveFixtures()
        let report = files.path("report.pdf")
        try PDFSampleDocument.write(to: report, pageSizes: [.letter], label: "Report").get()
        let before = files.listing()
        #expect(throws: SaveError.self) {
            try DocumentExporter.save([ExportPage(source: .pdfPage(path: report, index: 4))], to: files.path("x.pdf"), sourcePaths: [report])
        }
        #expect(files.listing() == before)
    }
}
