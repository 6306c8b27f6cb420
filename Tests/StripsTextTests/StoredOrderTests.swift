import CTesseract
import Foundation
import StripsPictures
@testable import StripsText
import Testing

/// A left-to-right page read in Tesseract's stored order (each step constant) gives exactly what
/// its reading-order iterator gives, words, boxes, confidences, lines and baselines, and the text
/// exactly as Tesseract's own GetUTF8Text: on real scans with columns, pictures and rules.
@Suite struct StoredOrderTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/real").path

    /// Tesseract started and left holding its reading of `scan` (a 1-bit 300 dpi page of the corpus).
    static func recognised(_ scan: String) throws -> (api: OpaquePointer, width: Double, height: Double) {
        guard case .success(let page) = TIFFPages.decodeStored(corpus + "/" + scan, page: 0) else { throw CorpusMissing(scan: scan) }
        let folder = try #require(TessData.folder())
        let api = try #require(TesseractEngine.start("eng", folder: folder))
        TessBaseAPISetPageSegMode(api, PSM_AUTO)
        let bits = try #require(BilevelBits(page))
        #expect(TesseractEngine.setImage(bits, dpi: 300, on: api))
        #expect(TessBaseAPIRecognize(api, nil) == 0)
        return (api, Double(page.width), Double(page.height))
    }

    struct CorpusMissing: Error { let scan: String }

    /// Words asked about (one test thread asks).
    final class Count: @unchecked Sendable {
        private(set) var steps = 0
        func step() -> Int {
            steps += 1
            return steps
        }
    }

    // pageseg1: two columns, halftone pictures and rules; 8087_054.3B: Tesseract's own test page.
    @Test(arguments: ["tuned/scan-pageseg1.tif", "held-out/scan-8087_054.3B.tif"])
    func storedOrderReadsAsTesseractsReadingOrder(scan: String) throws {
        let (api, width, height) = try Self.recognised(scan)
        defer { TessBaseAPIEnd(api); TessBaseAPIDelete(api) }
        let origin = PageText.Origin.recognised(languages: "eng")
        let stored = TesseractResults.read(api, width: width, height: height, origin: origin)
        let reading = TesseractResults.read(api, width: width, height: height, origin: origin, orders: [.reading])
        #expect(stored.words.count > 300)
        #expect(stored.words == reading.words)
        #expect(stored.lines == reading.lines)
        let tesseractsText = try #require(TessBaseAPIGetUTF8Text(api))
        defer { TessDeleteText(tesseractsText) }
        #expect(stored.text == String(cString: tesseractsText))
        #expect(reading.text == stored.text)
    }

    /// A page whose stored order cannot be read (a right-to-left word) is read again from its top
    /// in reading order, whole.
    @Test func aRefusedWordStartsThePageAgainInReadingOrder() throws {
        let (api, width, height) = try Self.recognised("held-out/scan-8087_054.3B.tif")
        defer { TessBaseAPIEnd(api); TessBaseAPIDelete(api) }
        let origin = PageText.Origin.recognised(languages: "eng")
        let stored = TesseractResults.Order.stored
        let seen = Count()
        // Refuses the page's tenth word, as a right-to-left word would be.
        let refusing = TesseractResults.Order(next: stored.next, begins: stored.begins, word: stored.word,
                                              refuses: { _ in seen.step() == 10 }, text: stored.text)
        let page = TesseractResults.read(api, width: width, height: height, origin: origin, orders: [refusing, .reading])
        let reading = TesseractResults.read(api, width: width, height: height, origin: origin, orders: [.reading])
        #expect(seen.steps == 10)
        #expect(page.words == reading.words && page.lines == reading.lines && page.text == reading.text)
        #expect(page.words.count > 300)
    }
}
