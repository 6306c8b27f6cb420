import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import StripsSampleBatches
import StripsTestSupport
import XCTest
@testable import StripsBatch

/// The first look answers pages of text from their rows and leaves every other page to the full
/// look: blank pages with the back showing through, near-blank pages with one line, each kind of
/// separator sheet, a letter with a QR code.
final class FirstLookTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder(name) }

    override func tearDown() { folder = nil }

    /// Each sheet as the judges see it: written as a JPEG scan, read through the document's reader
    /// at the working size.
    private func looks(_ sheets: [SampleSheet], dpi: Double = 150) throws -> [(FirstLook, Page)] {
        let paths = try XCTUnwrap(SampleBatch.write(sheets, dpi: dpi, to: folder.path))
        let reader = PageReader()
        let pages = DocumentLoader.pages(for: paths, reader: reader) { XCTFail($0) }
        XCTAssertEqual(pages.count, sheets.count)
        let judge = PageJudge(reader: reader)
        return try pages.map { page in
            let (picture, ppi) = try XCTUnwrap(judge.working(page))
            return (FirstLook(picture: picture, pixelsPerInch: ppi), page)
        }
    }

    func testPagesOfTextAreAnsweredAtTheFirstLookAndNothingElseIs() throws {
        let sheets = SampleBatch.feeder + [
            SampleSheet(.blank(.all), seed: 21),
            SampleSheet(.nearBlank(.word("Approved"), [.noise, .dust]), seed: 23),
            SampleSheet(.separator(.code128("Contracts/Lease"), caption: true, [.noise, .bleedThrough]), seed: 25),
        ]
        let looked = try looks(sheets)
        for (sheet, (look, _)) in zip(sheets, looked) {
            if sheet.kind == .text {
                XCTAssertTrue(look.isText, "\(sheet.label) (seed \(sheet.seed)): \(look.doubt ?? "")")
                XCTAssertGreaterThanOrEqual(look.lines.count, FirstLook.fewestLines, "\(sheet.label) (seed \(sheet.seed))")
            } else {
                XCTAssertFalse(look.isText, "\(sheet.label) (seed \(sheet.seed)) taken for a page of text (\(look.lines.count) lines)")
            }
        }
        XCTAssertEqual(looked.filter { $0.0.isText }.count, 5, "the feeder's five pages of prose")
    }

    func testTheFirstLooksAnswerIsTheFullLooks() throws {
        let sheets = [SampleSheet(.text, seed: 31), SampleSheet(.text, seed: 32)]
        let looked = try looks(sheets, dpi: 200)
        let reader = PageReader()
        for (sheet, (look, page)) in zip(sheets, looked) {
            XCTAssertTrue(look.isText, "\(sheet.label) (seed \(sheet.seed)): \(look.doubt ?? "")")
            let full = PageJudge(reader: reader, firstLook: false).judge(page)
            XCTAssertEqual(PageJudge(reader: reader).judge(page), full)
            XCTAssertEqual(full, .ordinary)
        }
    }

    /// A code between two paragraphs of text so dense that its rows hold less ink than a quarter
    /// of a line's: not a band of its own, but row after row of ink where lines leave a gap.
    func testACodeBetweenDenseLinesIsLeftToTheFullLook() throws {
        let ppi = 100.0, mm = ppi / 25.4
        let width = Int(210 * mm), height = Int(297 * mm)
        func page(code: Bool) -> PixelBuffer {
            var bytes = [UInt8](repeating: 235, count: width * height)
            func fill(_ x0: Double, _ y0: Double, _ w: Double, _ h: Double) {
                for y in Int(y0 * mm)..<Int((y0 + h) * mm) {
                    for x in Int(x0 * mm)..<Int((x0 + w) * mm) { bytes[y * width + x] = 20 }
                }
            }
            // Two paragraphs of ten lines, 6 mm apart, 17.5 mm between them; each word 9 mm of
            // solid ink 2.5 mm high.
            for line in 0..<20 {
                for word in 0..<12 { fill(25 + Double(word) * 13, 30 + Double(line) * 6 + (line < 10 ? 0 : 14), 9, 2.5) }
            }
            // Between them, thin bars 12 mm high: 3 mm of ink a row.
            if code { for bar in 0..<6 { fill(80 + Double(bar) * 2, 89, 0.5, 12) } }
            return PixelBuffer(width: width, height: height, format: .grey, bytes: bytes)!
        }
        let plain = FirstLook(picture: page(code: false), pixelsPerInch: ppi)
        XCTAssertTrue(plain.isText, plain.doubt ?? "")
        XCTAssertEqual(plain.lines.count, 20)
        let withCode = FirstLook(picture: page(code: true), pixelsPerInch: ppi)
        XCTAssertFalse(withCode.isText)
        XCTAssertEqual(withCode.doubt?.hasPrefix("ink between lines"), true, withCode.doubt ?? "")
    }

    func testAPictureTooSmallEmptyOrWithoutAResolutionIsLeftToTheFullLook() {
        XCTAssertFalse(FirstLook(picture: PixelBuffer(width: 0, height: 0, format: .bgra), pixelsPerInch: 100).isText)
        XCTAssertFalse(FirstLook(picture: PixelBuffer(width: 40, height: 30, format: .rgb), pixelsPerInch: 100).isText)
        XCTAssertFalse(FirstLook(picture: PixelBuffer(width: 850, height: 1100, format: .grey, filledWith: 240), pixelsPerInch: 100).isText)
        // A resolution that is no resolution (the public judge takes any).
        XCTAssertFalse(FirstLook(picture: PixelBuffer(width: 850, height: 1100, format: .grey, filledWith: 240), pixelsPerInch: 0).isText)
        XCTAssertFalse(FirstLook(picture: PixelBuffer(width: 850, height: 1100, format: .grey, filledWith: 240), pixelsPerInch: -5).isText)
    }
}
