import Foundation
import StripsCore
import Testing
@testable import StripsExport

/// Where a save may go, and what it refuses: every refusal is one line, writes nothing and
/// leaves the sources as they were.
@Suite struct DestinationTests {
    @Test func defaultDestinationNeverOverwrites() throws {
        let files = try SaveFixtures()
        let source = try files.write("Scans/page1.jpg", [0xFF, 0xD8, 0xFF])
        #expect(DocumentExporter.defaultDestination(documentName: "Scans", besideSource: source) == files.path("Scans/Scans edited.pdf"))
        try files.write("Scans/Scans edited.pdf", [1])
        #expect(DocumentExporter.defaultDestination(documentName: "Scans", besideSource: source) == files.path("Scans/Scans edited 2.pdf"))
        try files.write("Scans/Scans edited 2.pdf", [1])
        #expect(DocumentExporter.defaultDestination(documentName: "Scans", besideSource: source) == files.path("Scans/Scans edited 3.pdf"))
        #expect(DocumentExporter.defaultDestination(documentName: "contract.pdf", besideSource: source) == files.path("Scans/contract edited.pdf"))
        #expect(DocumentExporter.defaultDestination(documentName: "a/b", besideSource: "page.jpg") == "./a-b edited.pdf")
    }

    @Test func theDestinationRules() throws {
        let files = try SaveFixtures()
        let jpeg = try files.write("scans/a.jpg", JPEGMaker.encode(.noise(width: 16, height: 16, seed: 2)))
        try files.write("full/x.txt", [1])
        try files.write("old.pdf", [1, 2, 3])
        try files.write("notes.txt", [1])
        try FileManager.default.createSymbolicLink(atPath: files.path("link.pdf"), withDestinationPath: jpeg)
        try FileManager.default.createDirectory(atPath: files.path("empty"), withIntermediateDirectories: false)
        func check(_ destination: String, replacing: Bool = false) -> String {
            do {
                return "\(try DocumentExporter.check(destination: destination, sourcePaths: [jpeg], replacing: replacing))"
            } catch {
                return error.reason.english
            }
        }
        #expect(check(files.path("new.pdf")) == "pdf(\"\(files.path("new.pdf"))\")")
        #expect(check(files.path("NEW.PDF")) == "pdf(\"\(files.path("NEW.PDF"))\")")
        #expect(check(files.path("new")) == "folder(\"\(files.path("new"))\")")
        #expect(check(files.path("empty")) == "folder(\"\(files.path("empty"))\")")
        #expect(check(files.path("old.pdf")) == "already exists (Strips never overwrites a file)")
        #expect(check(files.path("old.pdf"), replacing: true) == "pdf(\"\(files.path("old.pdf"))\")")
        #expect(check(jpeg) == "is one of the pages being saved (Strips never overwrites a source)")
        #expect(check(files.path("link.pdf"), replacing: true) == "is one of the pages being saved (Strips never overwrites a source)")
        #expect(check(files.path("scans")) == "holds pages being saved; choose a new or empty folder")
        #expect(check(files.path("full")) == "the folder is not empty; choose a new or empty folder")
        #expect(check(files.path("notes.txt")) == "is a file, not a folder; name a new or empty folder, or a .pdf file")
        #expect(check(files.path("empty.pdf/")) == "folder(\"\(files.path("empty.pdf"))\")")
        #expect(check(files.path("missing/new.pdf")) == "the folder \(files.path("missing")) does not exist")
        #expect(check(files.path("notes.txt/new.pdf")) == "\(files.path("notes.txt")) is not a folder")
        #expect(check("") == "give a .pdf file or a folder to save to")
    }

    /// Refused saves write nothing: the folder holds what it held, the sources are unchanged.
    @Test func refusalsAndBadPagesLeaveNothingBehind() throws {
        let files = try SaveFixtures()
        let good = try files.write("good.jpg", JPEGMaker.encode(.noise(width: 32, height: 32, seed: 1)))
        let full = JPEGMaker.encode(.noise(width: 64, height: 64, seed: 2))
        let truncated = try files.write("cut.jpg", Array(full.prefix(full.count / 2)))
        let notPicture = try files.write("notes.jpg", Array("hello".utf8))
        try files.write("old.pdf", [1, 2, 3])
        let before = files.listing()
        let sources = [good, truncated, notPicture]
        let originals = sources.map(SaveFixtures.bytes)
        func attempt(_ pages: [ExportPage], _ destination: String) -> String {
            do {
                _ = try DocumentExporter.save(pages, to: files.path(destination), sourcePaths: pages.map(\.source.path))
                return "saved"
            } catch {
                #expect(!error.description.contains("\n"))
                return error.description
            }
        }
        let page = ExportPage(source: .picture(path: good))
        // Issue 19, found 6: a refused page names the destination as well as the page.
        for destination in ["out.pdf", "out"] {
            let dest = files.path(destination)
            #expect(attempt([page, ExportPage(source: .picture(path: truncated))], destination) == "\(dest): cut.jpg: the file is truncated")
            #expect(attempt([page, ExportPage(source: .picture(path: notPicture))], destination) == "\(dest): notes.jpg: not a picture: unknown file format")
            #expect(attempt([page, ExportPage(source: .picture(path: files.path("gone.jpg")))], destination) == "\(dest): gone.jpg: the file is gone")
            #expect(attempt([ExportPage(source: .picture(path: good), pixelSize: Size(width: 40, height: 32))], destination)
                    == "\(dest): good.jpg: the file changed since it was opened")
            #expect(attempt([], destination) == "\(files.path(destination)): there are no pages to save")
        }
        #expect(attempt([page], "old.pdf") == "\(files.path("old.pdf")): already exists (Strips never overwrites a file)")
        #expect(files.listing() == before)
        #expect(SaveFixtures.bytes(files.path("old.pdf")) == [1, 2, 3])
        #expect(sources.map(SaveFixtures.bytes) == originals)
    }

    @Test func anUnwritablePlaceIsRefusedInOneLine() throws {
        let files = try SaveFixtures()
        let jpeg = try files.write("a.jpg", JPEGMaker.encode(.noise(width: 16, height: 16, seed: 2)))
        for destination in ["/sys/strips-save-test.pdf", "/sys/strips-save-test", "/proc/strips-save-test.pdf"] {
            #expect(throws: SaveError.self) { try DocumentExporter.save([ExportPage(source: .picture(path: jpeg))], to: destination, sourcePaths: [jpeg]) }
            do {
                _ = try DocumentExporter.save([ExportPage(source: .picture(path: jpeg))], to: destination, sourcePaths: [jpeg])
            } catch {
                #expect(error.description.hasPrefix("\(destination): "))
                #expect(error.reason.english.hasPrefix("no permission") || error.reason.english.hasPrefix("cannot create files in"), "\(error)")
            }
            #expect(!FileManager.default.fileExists(atPath: destination))
        }
    }

    @Test func replacingAnEarlierSaveIsAtomic() throws {
        let files = try SaveFixtures()
        let jpeg = try files.write("a.jpg", JPEGMaker.encode(.noise(width: 16, height: 16, seed: 2)))
        try files.write("out.pdf", Array("an earlier save".utf8))
        _ = try DocumentExporter.save([ExportPage(source: .picture(path: jpeg))], to: files.path("out.pdf"), sourcePaths: [jpeg], replacing: true)
        #expect(try Tool.pageCount(files.path("out.pdf")) == 1)
        #expect(files.listing() == ["a.jpg", "out.pdf"])
    }
}
