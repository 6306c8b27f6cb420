import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import StripsSampleBatches
import StripsTestSupport
import XCTest
@testable import StripsBatch

/// The judges on made-up scans whose truth is known (StripsSampleBatches), read as the app reads
/// pages: from JPEG files, through the document's reader, at the judges' working size.
final class SheetJudgeTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder(name) }

    override func tearDown() { folder = nil }

    private func judged(_ sheets: [SampleSheet], dpi: Double = 150) throws -> [PageJudgement] {
        let paths = try XCTUnwrap(SampleBatch.write(sheets, dpi: dpi, to: folder.path))
        let reader = PageReader()
        let pages = DocumentLoader.pages(for: paths, reader: reader) { XCTFail($0) }
        XCTAssertEqual(pages.count, sheets.count)
        let judge = PageJudge(reader: reader)
        return pages.map(judge.judge)
    }

    func testTheFeederBatchIsJudgedAsItsTruthSays() throws {
        let sheets = SampleBatch.feeder
        let judgements = try judged(sheets)
        for (sheet, judgement) in zip(sheets, judgements) {
            XCTAssertEqual(judgement.blank, sheet.isBlank, "\(sheet.label) (seed \(sheet.seed)): blank")
            XCTAssertEqual(judgement.separator != nil, sheet.isSeparator, "\(sheet.label) (seed \(sheet.seed)): separator")
            XCTAssertEqual(judgement.separator?.text, sheet.separatorText, "\(sheet.label): the code's text")
        }
        XCTAssertEqual(judgements.compactMap { $0.separator?.symbology }, ["QR code", "Code 128", "Patch T"])
    }

    func testALetterWithAQRCodeIsNoSeparatorButTheCodeAloneIs() throws {
        let judgements = try judged([SampleSheet(.textWithQR("https://pay.example/1"), seed: 40),
                                     SampleSheet(.separator(.qr("https://pay.example/1"), caption: false, [.noise]), seed: 41)])
        XCTAssertNil(judgements[0].separator)
        XCTAssertEqual(judgements[1].separator?.text, "https://pay.example/1")
    }

    func testCode128FromItsTableIsReadByZBar() throws {
        // The generator's table checked against a decoder written by others, symbol by symbol:
        // every character of code set B once.
        let text = String((32...126).map { Character(UnicodeScalar($0)!) }).replacingOccurrences(of: "\\", with: "")
        for chunk in stride(from: 0, to: text.count, by: 20) {
            let part = String(text.dropFirst(chunk).prefix(20))
            let modules = try XCTUnwrap(Code128.modules(part))
            // 11 modules a symbol, 13 for the stop: start, characters, check.
            XCTAssertEqual(modules.reduce(0, +), 11 * (part.count + 2) + 13)
            let picture = Self.bars(modules, module: 3)
            XCTAssertEqual(BarcodeReader.read(picture).first?.text, part, "Code 128 of \(part)")
        }
    }

    func testPatchPatternsAreReadFromTheirBarWidths() {
        let mm = 4.0
        func profile(_ bars: String) -> [Double] {
            var values: [Double] = [0, 0, 0]
            for (i, bar) in bars.enumerated() {
                values += Array(repeating: 1, count: Int((bar == "N" ? 2.03 : 5.08) * mm))
                if i < 3 { values += Array(repeating: 0, count: Int(2.03 * mm)) }
            }
            return values + [0, 0]
        }
        for (bars, name) in PatchCodeReader.patterns {
            XCTAssertEqual(PatchCodeReader.pattern(profile(bars), mm: mm), bars, name)
        }
        // Three bars, or all four narrow: no patch.
        XCTAssertNil(PatchCodeReader.pattern(profile("NWN"), mm: mm))
        XCTAssertNil(PatchCodeReader.pattern(profile("NNNN"), mm: mm))
    }

    /// Bars of `modules` (bar first), `module` pixels each, on white with a quiet zone, 60 high.
    static func bars(_ modules: [Int], module: Int) -> PixelBuffer {
        let quiet = 12 * module
        let width = modules.reduce(0, +) * module + 2 * quiet, height = 60
        var row = [UInt8](repeating: 255, count: width)
        var x = quiet
        for (i, w) in modules.enumerated() {
            if i % 2 == 0 { for k in x..<(x + w * module) { row[k] = 0 } }
            x += w * module
        }
        return PixelBuffer(width: width, height: height, format: .grey, bytes: Array((0..<height).map { _ in row }.joined()))!
    }
}
