import Foundation
import StripsSampleBatches
import StripsTestSupport
import XCTest

/// The generated feeder batch (StripsSampleBatches: separator sheets with a QR code, a Code 128
/// barcode and a Patch T, blank backs with bleed-through, punch holes and a staple, near-blank
/// pages) through the binary: opened in a script it shows the right documents and blank marks;
/// Ctrl+S writes the right files with the right pages; `strips convert` writes the same files.
final class FeederBatchTests: XCTestCase {
    static let expected = [["001.jpg", "002.jpg", "003.jpg"], ["005.jpg", "006.jpg", "007.jpg"], ["009.jpg", "010.jpg"],
                           ["012.jpg", "013.jpg", "014.jpg"]]
    static let files = ["ACME-4711.pdf", "Invoices-2024.pdf", "batch-4.pdf", "batch.pdf"]

    /// The batch is drawn once for the three tests (each has its own outputs).
    nonisolated(unsafe) private static var batch = ""
    private var folder = ""

    override class func setUp() {
        batch = FileManager.default.temporaryDirectory.appendingPathComponent("strips-feeder-\(UUID().uuidString)").path
        _ = SampleBatch.write(SampleBatch.feeder, dpi: 150, to: batch)
    }

    override class func tearDown() { try? FileManager.default.removeItem(atPath: batch) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-feeder-out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.batch, toPath: folder + "/batch")
        XCTAssertEqual(contents(folder + "/batch").count, SampleBatch.feeder.count, "the batch was drawn")
        for out in ["window", "convert", "drop"] { try FileManager.default.createDirectory(atPath: "\(folder)/\(out)", withIntermediateDirectories: true) }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func contents(_ path: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    private func pageCount(_ pdf: String) throws -> Int {
        let info = try runProcess("/usr/bin/pdfinfo", [pdf])
        let line = info.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
        return Int(line.split(separator: " ").last ?? "") ?? -1
    }

    /// The PDF's bytes with its creation time blanked (the one thing two saves of the same pages differ in).
    private func bytes(_ pdf: String) throws -> String {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: pdf))
        let text = String(decoding: data, as: UTF8.self)
        return text.replacingOccurrences(of: #"/CreationDate \(D:[0-9]+Z?\)"#, with: "/CreationDate ()", options: .regularExpression)
    }

    func testTheBatchOpensAsItsDocumentsSavesOneFileEachAndConvertWritesTheSameFiles() throws {
        let script = folder + "/save.script"
        try """
            at 100 dump
            at 200 key ctrl+s
            at 300 dump
            """.write(toFile: script, atomically: true, encoding: .utf8)
        // One time for both saves' dates (the reproducible-builds convention): the files are then
        // the same bytes when the pages are the same.
        let epoch = ["SOURCE_DATE_EPOCH": "1764000000"]
        let window = try runProcess(stripsBinary, ["photos", folder + "/batch", "--script", script, "--output", folder + "/window/batch.pdf"],
                                    environment: epoch)
        XCTAssertEqual(window.status, 0, window.stderr)
        let lines = window.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let first = try XCTUnwrap(lines.first)
        XCTAssertEqual(first["documents"] as? [[String]], Self.expected)
        let cells = (first["thumbnails"] as? [String: Any])?["cells"] as? [[String: Any]] ?? []
        XCTAssertEqual(cells.filter { $0["blank"] as? Bool == true }.compactMap { $0["page"] as? String }, ["003.jpg", "007.jpg", "013.jpg"])
        XCTAssertEqual(lines.last?["dirty"] as? Bool, false, "saved")
        XCTAssertEqual(contents(folder + "/window"), Self.files)
        for (name, count) in zip(Self.files, [2, 3, 3, 3]) { XCTAssertEqual(try pageCount("\(folder)/window/\(name)"), count, name) }

        let convert = try runProcess(stripsBinary, ["convert", folder + "/batch", "--output", folder + "/convert/batch.pdf", "--ocr", "off"],
                                     environment: epoch)
        XCTAssertEqual(convert.status, 0, convert.stderr)
        // No progress bar when standard error is not a terminal: only the line naming each page left out.
        XCTAssertEqual(convert.stderr.split(separator: "\n").map(String.init), [
            "strips: left out \(folder)/batch/004.jpg: a separator sheet (QR code \"Invoices/2024\")",
            "strips: left out \(folder)/batch/008.jpg: a separator sheet (Code 128 \"ACME-4711\")",
            "strips: left out \(folder)/batch/011.jpg: a separator sheet (Patch T)",
        ])
        // Beside the documents, the records a later --resume reads (.strips-convert/NAME.pdf.json).
        XCTAssertEqual(contents(folder + "/convert"), [".strips-convert"] + Self.files)
        XCTAssertEqual(contents(folder + "/convert/.strips-convert"), Self.files.map { $0 + ".json" })
        for name in Self.files {
            XCTAssertEqual(try bytes("\(folder)/convert/\(name)"), try bytes("\(folder)/window/\(name)"), "\(name): convert writes the window's file")
        }
    }

    func testConvertDropsBlankPagesAndNamesAFileItCannotRead() throws {
        FileManager.default.createFile(atPath: folder + "/batch/015.jpg", contents: Data("not a picture".utf8))
        let run = try runProcess(stripsBinary, ["convert", folder + "/batch", "--output", folder + "/drop/batch.pdf", "--ocr", "off", "--blank", "drop"])
        XCTAssertEqual(run.status, 1, "a file could not be read")
        // One line for the file it cannot read; the others name the pages left out (3 separators, 3 blank pages).
        let errors = run.stderr.split(separator: "\n").filter { !$0.hasPrefix("strips: left out ") }
        XCTAssertEqual(errors.count, 1, run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").filter { $0.hasSuffix(": a blank page") }.count, 3, run.stderr)
        XCTAssertTrue(errors.first?.contains("015.jpg") == true, run.stderr)
        XCTAssertEqual(contents(folder + "/drop"), [".strips-convert"] + Self.files)
        for (name, count) in zip(Self.files, [2, 2, 2, 2]) { XCTAssertEqual(try pageCount("\(folder)/drop/\(name)"), count, name) }
    }

    func testConvertRefusesBadOptionsInOneLine() throws {
        let run = try runProcess(stripsBinary, ["convert", folder + "/batch", "--output", folder + "/drop/x.pdf", "--look", "sepia"])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        XCTAssertEqual(contents(folder + "/drop"), [])
    }
}
