import Foundation
import StripsLooks
import StripsPictures
@testable import StripsText
import Testing

/// A reading of a real page as it lies tells by itself that the page is upright (so `strips
/// convert` runs no orientation detection on it), and never says so of the page lying on a side
/// or upside down, which Tesseract reads surely too when on a side (turning its blocks itself).
@Suite struct PlainlyUprightTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/real").path

    @Test func onlyTheUprightReadingOfARealScanIsPlainlyUpright() throws {
        // Leptonica's shearer.148, a 1-bit 300 dpi book page (held-out scans of the real corpus).
        guard case .success(let page) = TIFFPages.decodeStored(Self.corpus + "/held-out/scan-shearer.148.tif", page: 0) else {
            Issue.record("the scan could not be read")
            return
        }
        let recognizer = try Recognizer(languages: "eng")
        for turns in 0..<4 {
            let text = try recognizer.recognise(PictureTurn.turned(page, quarterTurns: turns), dpi: 300)
            #expect(text.readsPlainlyUpright == (turns == 0), "turned \(turns): \(text.words.count) words")
            if turns == 0 { #expect(text.words.count >= 600) }
        }
    }

    @Test func fewWordsOrUnsureWordsTellNothing() {
        func reading(words: Int, sure: Int, across: Bool) -> PageText {
            let baseline = across ? TextLine.Baseline(x1: 0, y1: 10, x2: 100, y2: 12) : TextLine.Baseline(x1: 10, y1: 0, x2: 12, y2: 100)
            let list = (0..<words).map { i in
                TextWord(text: "w", box: TextBox(x: Double(i), y: 0, width: 1, height: 1), confidence: i < sure ? 95 : 40, line: 0)
            }
            return PageText(words: list, lines: [TextLine(box: TextBox(x: 0, y: 0, width: 100, height: 12), firstWord: 0, endWord: words, baseline: baseline)],
                            text: "", width: 100, height: 100, origin: .recognised(languages: "eng"))
        }
        #expect(reading(words: 40, sure: 40, across: true).readsPlainlyUpright)
        #expect(!reading(words: 29, sure: 29, across: true).readsPlainlyUpright)
        #expect(!reading(words: 40, sure: 29, across: true).readsPlainlyUpright)
        #expect(reading(words: 40, sure: 30, across: true).readsPlainlyUpright)
        #expect(!reading(words: 40, sure: 40, across: false).readsPlainlyUpright)
    }
}
