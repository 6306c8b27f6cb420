import Foundation
import StripsTestSupport
import StripsPDF
import Testing

/// Ctrl+S as a script drives it through `strips photos --script`: the PDF has the edited
/// document's pages, in its order and shapes; the sources stay byte for byte; refusals leave
/// the document unsaved.
@Suite struct SaveCommandTests {
    /// Three pages of different shapes: a 40 x 30, b 20 x 40, c 50 x 20.
    func document(_ files: SaveFixtures) throws -> [String] {
        try [("a.jpg", 40, 30), ("b.jpg", 20, 40), ("c.jpg", 50, 20)].map { name, w, h in
            try files.write("scans/\(name)", JPEGMaker.encode(.quadrants(width: w, height: h)))
        }
    }

    func strips(_ arguments: [String], script: String, in files: SaveFixtures) throws -> (trace: [[String: Any]], stderr: String) {
        let scriptPath = try files.write("run.strips", Array(script.utf8))
        let result = try Tool.run(stripsBinary, ["photos"] + arguments + ["--script", scriptPath])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return (lines, result.stderr)
    }

    @Test func ctrlSWritesThePagesInTheirNewOrderAndShapes() throws {
        let files = try SaveFixtures()
        let sources = try document(files)
        let before = sources.map(SaveFixtures.bytes)
        let output = files.path("out.pdf")
        let run = try strips([files.path("scans"), "--output", output], script: """
            at 100 key r
            at 600 key alt+Right
            at 1000 dump
            at 1100 key ctrl+s
            at 1200 dump
            at 1300 end
            """, in: files)
        #expect(run.trace.map { $0["dirty"] as? Bool } == [true, false])
        #expect(run.trace.last?["pages"] as? [String] == ["b.jpg", "a.jpg", "c.jpg"])
        #expect(try Tool.pageCount(output) == 3)
        // b upright (1:2), a turned a quarter (30:40), c upright (5:2).
        let ratios = try Tool.pageSizes(output).map { ($0.0 / $0.1 * 1000).rounded() / 1000 }
        #expect(ratios == [0.5, 0.75, 2.5])
        #expect(sources.map(SaveFixtures.bytes) == before)
        #expect(files.listing("\(files.root)/scans") == ["a.jpg", "b.jpg", "c.jpg"])
    }

    /// Issue 31 end to end: the trace says where the save went and how many bytes it wrote (the
    /// file's size on disk), and the PDF carries the title `--title` gave.
    @Test func theSaveReportsItsSizeAndTheTitleGoesIntoThePDF() throws {
        let files = try SaveFixtures()
        _ = try document(files)
        let output = files.path("out.pdf")
        let run = try strips([files.path("scans"), "--output", output, "--title", "Quarterly report"], script: """
            at 100 dump
            at 200 key ctrl+s
            at 300 dump
            at 400 end
            """, in: files)
        #expect(run.trace.first?["saved"] == nil)
        let saved = try #require(run.trace.last?["saved"] as? [String: Any])
        #expect(saved["path"] as? String == output && saved["pages"] as? Int == 3)
        #expect(saved["bytes"] as? Int == LookAndTextSavingTests.fileSize(output))
        #expect(try Tool.run("pdfinfo", [output]).stdout.contains("Title:           Quarterly report"))
    }

    /// Issue 14's end to end: a PDF's pages deleted, moved and turned in the editor, saved with
    /// Ctrl+S; pdftotext still reads each page's own text, in the new order, turned by /Rotate.
    @Test func editedPDFPagesKeepTheirText() throws {
        let files = try SaveFixtures()
        let report = files.path("report.pdf")
        try PDFSampleDocument.write(to: report, pageSizes: [.letter, .letter, .letter, .letter], label: "Report").get()
        let before = SaveFixtures.bytes(report)
        let output = files.path("edited.pdf")
        // Delete page 1; move page 2 (now first) one place right; turn the page in focus.
        let run = try strips([report, "--output", output], script: """
            at 100 key Delete
            at 700 key alt+Right
            at 1300 key r
            at 1900 key ctrl+s
            at 2000 dump
            at 2100 end
            """, in: files)
        #expect(run.trace.last?["pages"] as? [String] == ["report.pdf p. 3", "report.pdf p. 2", "report.pdf p. 4"])
        #expect(run.trace.last?["dirty"] as? Bool == false)
        let text = try (1...3).map { page in
            try Tool.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", output, "-"]).stdout
        }
        #expect(text[0].contains("Report 3") && text[1].contains("Report 2") && text[2].contains("Report 4"))
        let info = try Tool.run("pdfinfo", ["-f", "1", "-l", "3", output]).stdout
        let rotations = info.split(separator: "\n").filter { $0.contains(" rot:") }.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        #expect(rotations == [0, 90, 0])
        #expect(SaveFixtures.bytes(report) == before)
    }

    @Test func withoutOutputItSavesBesideTheSourcesWithoutOverwriting() throws {
        let files = try SaveFixtures()
        let sources = try document(files)
        // Somebody's file where the first default name would go. The scans are named one by one:
        // opened as a folder, its PDFs would be pages too.
        try files.write("scans/scans edited.pdf", Array("not ours".utf8))
        let run = try strips(sources, script: "at 100 key Delete\nat 600 key ctrl+s\nat 700 dump", in: files)
        #expect(run.trace.first?["dirty"] as? Bool == false)
        #expect(try Tool.pageCount(files.path("scans/scans edited 2.pdf")) == 2)
        #expect(SaveFixtures.bytes(files.path("scans/scans edited.pdf")) == Array("not ours".utf8))
    }

    @Test func savingOverASourceIsRefusedAndTheDocumentStaysUnsaved() throws {
        let files = try SaveFixtures()
        let sources = try document(files)
        let before = sources.map(SaveFixtures.bytes)
        let run = try strips([files.path("scans"), "--output", sources[1]], script: "at 100 key r\nat 600 key ctrl+s\nat 700 dump", in: files)
        #expect(run.stderr.contains("strips: \(sources[1]): is one of the pages being saved"))
        #expect(run.trace.first?["dirty"] as? Bool == true)
        #expect(sources.map(SaveFixtures.bytes) == before)
        #expect(files.listing("\(files.root)/scans") == ["a.jpg", "b.jpg", "c.jpg"])
    }
}
