import Foundation
import Glibc
import StripsCore
import StripsFiles
import StripsPDF
import StripsPictures
import StripsSampleBatches
import StripsTestSupport
import XCTest
@testable import StripsExport

/// Saving a split batch: one file a document, named as the contract says, and all or none: a
/// failure while writing any document, or while naming them, leaves nothing of this save behind.
final class BatchSaveTests: XCTestCase {
    private var folder = ""
    private var pages: [ExportPage] = []

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-batch-save-\(UUID().uuidString)").path
        let sheets = (1...5).map { SampleSheet(.nearBlank(.pageNumber($0), []), seed: UInt64($0)) }
        let paths = try XCTUnwrap(SampleBatch.write(sheets, dpi: 40, to: folder + "/in"))
        pages = paths.map { ExportPage(source: .picture(path: $0)) }
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private var parts: [BatchExporter.Part] {
        [BatchExporter.Part(pages: Array(pages[0..<2]), title: nil), BatchExporter.Part(pages: [pages[2]], title: "Invoices/2024"),
         BatchExporter.Part(pages: Array(pages[3..<5]), title: nil)]
    }

    private func contents(_ path: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    func testEachDocumentIsAFileNamedByItsSeparatorElseNameN() throws {
        let results = try BatchExporter.save(parts, to: folder + "/out/batch.pdf", sourcePaths: pages.map(\.source.path))
        XCTAssertEqual(contents(folder + "/out"), ["Invoices-2024.pdf", "batch-3.pdf", "batch.pdf"])
        XCTAssertEqual(results.map(\.pageCount), [2, 1, 2])
        for (name, count) in [("batch.pdf", 2), ("Invoices-2024.pdf", 1), ("batch-3.pdf", 2)] {
            XCTAssertEqual(try PDFSource.open(folder + "/out/" + name).get().pageCount, count, name)
        }
        // Folders alike: beside the first, of its kind.
        _ = try BatchExporter.save(parts, to: folder + "/out/pages", sourcePaths: pages.map(\.source.path))
        XCTAssertEqual(contents(folder + "/out/Invoices-2024"), ["001.jpg"])
        XCTAssertEqual(contents(folder + "/out/pages-3"), ["001.jpg", "002.jpg"])
    }

    func testADocumentFailingMidwayLeavesNothing() throws {
        // The second durable flush fails as a full disk does: the first document is written by then.
        let syncs = Locked(0)
        let failing = FileCalls(write: FileCalls.system.write, sync: { fd in
            let n = syncs.withLock { $0 += 1; return $0 }
            if n >= 2 {
                errno = ENOSPC
                return -1
            }
            return fsync(fd)
        }, close: FileCalls.system.close)
        XCTAssertThrowsError(try BatchExporter.save(parts, to: folder + "/out/batch.pdf", sourcePaths: [], replacing: [], textFiles: false,
                                                    calls: failing, progress: { _ in })) { error in
            let message = (error as? SaveError)?.description ?? ""
            XCTAssertTrue(message.hasPrefix(self.folder + "/out/Invoices-2024.pdf: the disk is full"), message)
            XCTAssertTrue(message.contains("none of the 3 documents was saved"), message)
        }
        XCTAssertEqual(contents(folder + "/out"), [], "nothing left, not even hidden temporaries")
        XCTAssertGreaterThanOrEqual(syncs.withLock { $0 }, 2, "the failure came after a document was written")
    }

    /// A destination already taken refuses the batch before anything is written, and the line says
    /// that none of its documents was saved, in English (standard error, convert) and, through the
    /// catalog's plural forms, in the window's languages; a batch of one says the reason alone.
    func testATakenDestinationSaysNoneOfTheBatchWasSavedInEveryLanguage() throws {
        let taken = folder + "/out/Invoices-2024.pdf"
        FileManager.default.createFile(atPath: taken, contents: Data("theirs".utf8))
        var caught: SaveError?
        XCTAssertThrowsError(try BatchExporter.save(parts, to: folder + "/out/batch.pdf", sourcePaths: [])) { caught = $0 as? SaveError }
        let error = try XCTUnwrap(caught)
        XCTAssertEqual(error.description, taken + ": already exists (Strips never overwrites a file) (none of the 3 documents was saved)")
        XCTAssertEqual(contents(folder + "/out"), ["Invoices-2024.pdf"])
        let suffixes = ["ru": "(не сохранён ни один из 3 документов)", "fr": "(aucun des 3 documents n'a été enregistré)",
                        "id": "(tidak satu pun dari 3 dokumen yang disimpan)", "hi": "(3 दस्तावेज़ों में से कोई भी सहेजा नहीं गया)"]
        for (language, suffix) in suffixes {
            let singulars = try POCatalog.singulars(language), plurals = try POCatalog.plurals(language)
            let shown = error.notSaved.worded({ singulars[$0] ?? $0 }) { one, many, n in
                guard let forms = plurals[one] else { return n == 1 ? one : many }
                return forms[POCatalog.pluralForm(language, n)]
            }
            XCTAssertTrue(shown.hasSuffix(" " + suffix), "\(language): \(shown)")
            XCTAssertFalse(shown.contains("none of"), "\(language): \(shown)")
        }
        XCTAssertThrowsError(try BatchExporter.save([parts[1]], to: taken, sourcePaths: [])) { error in
            XCTAssertEqual((error as? SaveError)?.description, taken + ": already exists (Strips never overwrites a file)")
        }
    }

    func testANameTakenWhileWritingTakesBackTheNamesGiven() throws {
        // While the last document is written, someone makes a file where the second goes.
        let taken = folder + "/out/Invoices-2024.pdf"
        XCTAssertThrowsError(try BatchExporter.save(parts, to: folder + "/out/batch.pdf", sourcePaths: [], replacing: [], textFiles: false,
                                                    calls: .system, progress: { done in
                                                        if done == 4, !FileManager.default.fileExists(atPath: taken) {
                                                            FileManager.default.createFile(atPath: taken, contents: Data("theirs".utf8))
                                                        }
                                                    })) { error in
            XCTAssertTrue((error as? SaveError)?.description.hasPrefix(taken) == true, "\(error)")
        }
        // Only their file is left, untouched.
        XCTAssertEqual(contents(folder + "/out"), ["Invoices-2024.pdf"])
        XCTAssertEqual(FileManager.default.contents(atPath: taken), Data("theirs".utf8))
    }

    func testATakenDestinationIsRefusedBeforeAnythingIsWritten() throws {
        FileManager.default.createFile(atPath: folder + "/out/batch-3.pdf", contents: Data("mine".utf8))
        XCTAssertThrowsError(try BatchExporter.save(parts, to: folder + "/out/batch.pdf", sourcePaths: [])) { error in
            XCTAssertEqual((error as? SaveError)?.subject, self.folder + "/out/batch-3.pdf")
        }
        XCTAssertEqual(contents(folder + "/out"), ["batch-3.pdf"])
    }
}
