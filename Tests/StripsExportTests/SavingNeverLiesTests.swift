import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPDF
import StripsTestSupport
import Testing
@testable import StripsExport

/// Issue 19's reproductions, each as a user meets it: `strips photos FILE --script ... --output`,
/// the trace's `dirty`, standard error, and what is on disk.
@Suite struct SavingNeverLiesTests {
    struct Run {
        var trace: [[String: Any]]
        var stderr: String
        var lines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    func strips(_ arguments: [String], script: String, in files: SaveFixtures, as user: [String] = []) throws -> Run {
        let scriptPath = try files.write("run-\(UInt32.random(in: 0...UInt32.max)).strips", Array(script.utf8))
        let command = user.isEmpty ? stripsBinary : "setpriv"
        let result = try Tool.run(command, user + (user.isEmpty ? [] : [stripsBinary]) + ["photos"] + arguments + ["--script", scriptPath])
        #expect(result.status == 0, "\(result.stderr)")
        let trace = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return Run(trace: trace, stderr: result.stderr)
    }

    /// A 36-page PDF (each page titled "Page N", with drawings that make it some hundreds of KB).
    func longPDF(_ files: SaveFixtures, name: String = "long.pdf") throws -> String {
        let path = files.path(name)
        try PDFSampleDocument.write(to: path, pageSizes: Array(repeating: .letter, count: 36), curves: 200).get()
        return path
    }

    /// Found 1: a document of a PDF's pages saved to a nearly full disk was reported saved, and a
    /// truncated file was left under the name. Now: one line, nothing on the disk, still unsaved.
    @Test(.enabled(if: TinyDisk.available)) func aFullDiskIsNeverReportedSaved() throws {
        let files = try SaveFixtures()
        let source = try longPDF(files)
        #expect(SaveFixtures.bytes(source).count > 300_000, "the saved PDF must not fit the disk")
        let disk = try TinyDisk(at: files.path("fs"), size: "128k")
        defer { disk.unmount() }
        let output = "\(disk.path)/out.pdf"
        let run = try strips([source, "--output", output], script: "at 100 key Delete\nat 700 key ctrl+s\nat 800 dump\nat 900 end", in: files)
        #expect(run.lines.filter { $0.hasPrefix("strips: \(output): ") } == ["strips: \(output): the disk is full"])
        #expect(run.trace.last?["dirty"] as? Bool == true)
        #expect(files.listing(disk.path) == [])
    }

    /// Found 2 and 4: a 36-page PDF whose page objects are partly lost: poppler shows some of its
    /// pages, qpdf has its own idea of page N. The file is named once with what could be read,
    /// and the save has exactly the pages shown, each the page that was shown in its place.
    @Test func aDamagedPDFSavesThePagesItShows() throws {
        let files = try SaveFixtures()
        let source = try longPDF(files)
        let made = try Tool.run(DamagedPDFCorpusTests.repositoryFile("Scripts/make-damaged-pdfs.sh"), [files.path("corpus"), source])
        #expect(made.status == 0, "\(made.stderr)")
        // Page 1's entry in the page tree points at nothing: poppler leaves it out and numbers the
        // rest from 1, qpdf keeps an empty place, so qpdf's page N is poppler's page N + 1, as
        // when a damaged object stream takes page objects with it (in this small file the page
        // tree's root shares the one object stream, so a flip there loses the whole file: the
        // corpus test has those).
        let partial = files.path("corpus/tree--missing-kid.pdf")
        let shown = try PDFSource.open(partial).get().pageCount
        let output = files.path("out.pdf")
        let run = try strips([partial, "--output", output], script: "at 100 key Delete\nat 700 key ctrl+s\nat 800 dump\nat 900 end", in: files)
        let named = "strips: \(partial): damaged: \(shown) of 36 pages could be read"
        #expect(run.lines.filter { $0 == named }.count == 1, "\(run.stderr)")
        #expect(run.trace.last?["dirty"] as? Bool == false)
        #expect(run.trace.last?["count"] as? Int == shown - 1)
        #expect(try Tool.pageCount(output) == shown - 1)
        // pdftotext reads the damaged file as poppler shows it: saved page N is shown page N + 1.
        for page in 1...(shown - 1) {
            let saved = try Tool.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", output, "-"]).stdout
            let title = try #require(saved.split(separator: "\n").first { $0.hasPrefix("Page ") }, "saved page \(page) has no title")
            let original = try Tool.run("pdftotext", ["-f", "\(page + 1)", "-l", "\(page + 1)", partial, "-"]).stdout
            #expect(original.split(separator: "\n").contains(title), "saved page \(page) is \(title)")
        }
        #expect(try Tool.run("qpdf", ["--check", output]).status == 0)
    }

    /// Found 3: a root /Count that lies showed an error card but saved the title page. Now the
    /// card is the file, named once, and saving it is refused in the same words; the document
    /// stays unsaved.
    @Test(arguments: ["2147483647", "1000000000", "-1", "0"])
    func aLyingCountSavesNothingItDidNotShow(count: String) throws {
        let files = try SaveFixtures()
        let source = files.path("three.pdf")
        try PDFSampleDocument.write(to: source, pageSizes: [.letter, .letter, .letter], label: "Page").get()
        let qdf = files.path("three-qdf.pdf")
        #expect(try [0, 3].contains(Tool.run("qpdf", ["--qdf", "--object-streams=disable", source, qdf]).status))
        let text = String(decoding: SaveFixtures.bytes(qdf), as: UTF8.self)
        #expect(text.contains("/Count 3"))
        let lying = try files.write("lying.pdf", Array(text.replacingOccurrences(of: "/Count 3", with: "/Count \(count)").utf8))
        let output = files.path("out.pdf")
        let run = try strips([lying, "--output", output], script: "at 100 key r\nat 700 key ctrl+s\nat 800 dump\nat 900 end", in: files)
        let reason = "damaged: none of its 3 pages could be read"
        #expect(run.lines == ["strips: \(lying): \(reason)", "strips: \(output): lying.pdf: \(reason)"])
        #expect(run.trace.last?["dirty"] as? Bool == true)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Found 5: saving to an existing empty folder replaced it with a new one (mode 755 for 700).
    /// Now it is filled where it is: the same folder, its mode kept.
    @Test func anExistingEmptyFolderIsFilledNotReplaced() throws {
        let files = try SaveFixtures()
        let jpeg = try files.write("scan.jpg", JPEGMaker.encode(.noise(width: 64, height: 48, seed: 5)))
        let folder = files.path("out")
        #expect(mkdir(folder, 0o700) == 0)
        chmod(folder, 0o700)
        var before = stat()
        stat(folder, &before)
        let result = try DocumentExporter.save([ExportPage(source: .picture(path: jpeg))], to: folder, sourcePaths: [jpeg])
        var after = stat()
        stat(folder, &after)
        #expect(after.st_ino == before.st_ino && after.st_dev == before.st_dev)
        #expect(after.st_mode & 0o7777 == 0o700 && after.st_uid == before.st_uid)
        #expect(files.listing(folder) == ["001.jpg"] && result.files == ["001.jpg"])
        #expect(SaveFixtures.bytes("\(folder)/001.jpg") == SaveFixtures.bytes(jpeg))
    }

    /// Found 5: a read-only (555) empty folder inside a writable parent was replaced, its
    /// protection bypassed. Now it is refused: as an unprivileged user (run as `nobody` through
    /// setpriv when the tests run as root), and as root too, by its mode bits.
    @Test func aReadOnlyEmptyFolderIsRefused() throws {
        let files = try SaveFixtures()
        let jpeg = try files.write("scan.jpg", JPEGMaker.encode(.noise(width: 64, height: 48, seed: 5)))
        chmod(files.root, 0o777)  // the writable parent
        let folder = files.path("locked")
        #expect(mkdir(folder, 0o555) == 0)
        chmod(folder, 0o555)
        var before = stat()
        stat(folder, &before)
        func unchanged() {
            var now = stat()
            stat(folder, &now)
            #expect(now.st_ino == before.st_ino && now.st_mode == before.st_mode && now.st_uid == before.st_uid)
            #expect(files.listing(folder) == [])
        }
        #expect(throws: SaveError(folder, HostMessage(trLater("no permission to write in %s"), folder))) {
            try DocumentExporter.save([ExportPage(source: .picture(path: jpeg))], to: folder, sourcePaths: [jpeg])
        }
        unchanged()
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]
        let run = try strips([jpeg, "--output", folder], script: "at 100 key r\nat 700 key ctrl+s\nat 800 dump\nat 900 end", in: files, as: nobody)
        #expect(run.lines.contains("strips: \(folder): no permission to write in \(folder)"), "\(run.stderr)")
        #expect(run.trace.last?["dirty"] as? Bool == true)
        unchanged()
    }

    /// Found 6: a valid PDF named `.jpg` was an error card. PDFs are known by their first bytes.
    @Test func aPDFNamedJPEGIsOpenedAndSavedAsAPDF() throws {
        let files = try SaveFixtures()
        let misnamed = files.path("report.jpg")
        try PDFSampleDocument.write(to: misnamed, pageSizes: [.letter, .letter], label: "Report").get()
        let output = files.path("out.pdf")
        let run = try strips([misnamed, "--output", output], script: "at 100 key r\nat 700 key ctrl+s\nat 800 dump\nat 900 end", in: files)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.trace.last?["pages"] as? [String] == ["report.jpg p. 1", "report.jpg p. 2"])
        #expect(run.trace.last?["dirty"] as? Bool == false)
        #expect(try Tool.run("pdftotext", ["-f", "2", "-l", "2", output, "-"]).stdout.contains("Report 2"))
    }
}
