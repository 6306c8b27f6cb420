import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPDF
import Testing

@Suite struct PDFAssemblerTests {
    @Test func pagesOfTwoFilesInterleaveWithTheirTextAndTurns() throws {
        let scratch = try PDFScratch("assemble")
        let alpha = try scratch.sample("alpha.pdf", letterPages: 3, label: "Alpha")
        let beta = try scratch.sample("beta.pdf", pages: [.letter, Size(width: 595, height: 842)], label: "Beta")
        let out = scratch.path("saved.pdf")
        _ = try PDFAssembler.write([
            PDFPageRef(sourcePDF: beta, pageIndex: 1, extraQuarterTurns: 0),
            PDFPageRef(sourcePDF: alpha, pageIndex: 0, extraQuarterTurns: 0),
            PDFPageRef(sourcePDF: alpha, pageIndex: 2, extraQuarterTurns: 2),
            PDFPageRef(sourcePDF: beta, pageIndex: 0, extraQuarterTurns: -1),
            PDFPageRef(sourcePDF: alpha, pageIndex: 0, extraQuarterTurns: 1),  // the same page again, turned alone
        ], to: out).get()

        let info = try Tool.info(out)
        #expect(info.pages == 5)
        #expect(info.rotations == [0, 0, 180, 270, 90])
        // Text is still text: pdftotext reads every page's own words, in the new order.
        // (pdftotext orders a turned page's lines its own way, so only the title is looked for.)
        let titles = try (1...5).map { page in
            try ["Alpha 1", "Alpha 2", "Alpha 3", "Beta 1", "Beta 2"].filter { try (Tool.text(out, page: page) + " ").contains($0 + " ") }
        }
        #expect(titles == [["Beta 2"], ["Alpha 1"], ["Alpha 3"], ["Beta 1"], ["Alpha 1"]])
        // Nothing was rasterised: the saved file holds no images at all.
        let images = try Tool.run("pdfimages", "-list", out).output.split(separator: "\n")
        #expect(images.count == 2, "pdfimages lists only its two header lines: \(images)")
        let opened = try PDFSource.open(out).get()
        #expect(opened.pageSizes == [Size(width: 595, height: 842), .letter, .letter,
                                     Size(width: 792, height: 612), Size(width: 792, height: 612)])
        #expect(scratch.contents == ["alpha.pdf", "beta.pdf", "saved.pdf"])
    }

    @Test func extraTurnsAddToThePagesOwnRotate() throws {
        let scratch = try PDFScratch("assemble-rotate")
        let plain = try scratch.sample("plain.pdf", letterPages: 2)
        let turned = scratch.path("turned.pdf")
        #expect(try Tool.run("qpdf", plain, "--rotate=+90:1", "--rotate=270:2", turned).status == 0)
        let out = scratch.path("out.pdf")
        _ = try PDFAssembler.write([PDFPageRef(sourcePDF: turned, pageIndex: 0, extraQuarterTurns: 1),
                                PDFPageRef(sourcePDF: turned, pageIndex: 1, extraQuarterTurns: 1),
                                PDFPageRef(sourcePDF: turned, pageIndex: 0, extraQuarterTurns: -5)], to: out).get()
        #expect(try Tool.info(out).rotations == [180, 0, 0])
    }

    @Test func inheritedRotateTravelsWithThePage() throws {
        let scratch = try PDFScratch("assemble-inherit")
        // /Rotate on the page tree, not the page: copied alone, the page must keep it.
        let body = """
        %PDF-1.4
        1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
        2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 /Rotate 90 /MediaBox [0 0 612 792] >> endobj
        3 0 obj << /Type /Page /Parent 2 0 R /Resources << >> /Contents 4 0 R >> endobj
        4 0 obj << /Length 0 >> stream
        endstream endobj
        trailer << /Root 1 0 R /Size 5 >>
        %%EOF
        """
        let raw = try scratch.write(Array(body.utf8), "raw.pdf")
        let source = scratch.path("inherited.pdf")
        #expect(try [0, 3].contains(Tool.run("qpdf", raw, source).status))
        #expect(try PDFSource.open(source).get().pageSizes == [Size(width: 792, height: 612)])
        let out = scratch.path("out.pdf")
        _ = try PDFAssembler.write([PDFPageRef(sourcePDF: source, pageIndex: 0, extraQuarterTurns: 1)], to: out).get()
        #expect(try Tool.info(out).rotations == [180])
    }

    @Test func failuresNameThePageAndLeaveNothingBehind() throws {
        let scratch = try PDFScratch("assemble-fail")
        let alpha = try scratch.sample("alpha.pdf", letterPages: 2, label: "Alpha")
        let locked = scratch.path("locked.pdf")
        #expect(try Tool.run("qpdf", "--encrypt", "pw", "pw", "256", "--", alpha, locked).status == 0)
        let notes = try scratch.write(Array("notes".utf8), "notes.pdf")
        let out = scratch.path("out.pdf")

        func failure(_ pages: [PDFPageRef], to path: String? = nil) -> String? {
            guard case .failure(let failure) = PDFAssembler.write(pages, to: path ?? out) else { return nil }
            return failure.reason
        }
        #expect(failure([PDFPageRef(sourcePDF: alpha, pageIndex: 0), PDFPageRef(sourcePDF: alpha, pageIndex: 8)])
                == "alpha.pdf p. 9: no such page (the file has 2)")
        #expect(failure([PDFPageRef(sourcePDF: locked, pageIndex: 0)]) == "locked.pdf: encrypted: needs a password")
        #expect(failure([PDFPageRef(sourcePDF: notes, pageIndex: 0)]) == "notes.pdf: not a PDF")
        #expect(failure([PDFPageRef(sourcePDF: scratch.path("gone.pdf"), pageIndex: 0)]) == "gone.pdf: no such file")
        #expect(failure([]) == "no pages to save")
        #expect(failure([PDFPageRef(sourcePDF: alpha, pageIndex: 0)], to: alpha) == "alpha.pdf: already exists (Strips never overwrites a file)")
        #expect(failure([PDFPageRef(sourcePDF: alpha, pageIndex: 0)], to: scratch.path("missing/out.pdf"))?.hasPrefix("cannot write in") == true)
        #expect(scratch.contents == ["alpha.pdf", "locked.pdf", "notes.pdf"])
        #expect(try Tool.info(alpha).pages == 2)
    }
}
