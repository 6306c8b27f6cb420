import Foundation
import StripsCore
import StripsPictures
import StripsText

/// A page reader for the hosts' unit tests, standing in for Tesseract: a picture's text is
/// `read(file)`, at once, and every page it is asked for is counted, so a test sees what was read,
/// how often and in which order without an engine (a real read takes seconds).
final class FakeTextSource: PageTextSource, @unchecked Sendable {
    let languages: String?
    private let read: @Sendable (String) -> Result<String, RecognitionError>
    private let asked: Locked<[String]>

    init(languages: String?, asked: Locked<[String]>, read: @escaping @Sendable (String) -> Result<String, RecognitionError>) {
        self.languages = languages
        self.asked = asked
        self.read = read
    }

    /// The host's maker: every thread's source shares `asked`.
    static func maker(asked: Locked<[String]>, read: @escaping @Sendable (String) -> Result<String, RecognitionError>) -> PageTextSourceMaker {
        { languages, _ in FakeTextSource(languages: languages, asked: asked, read: read) }
    }

    func pageText(file: String, pdfPage: Int?, recipe: String, geometry: RecipeGeometry?, detectOrientation: Bool,
                  settled: SettledOrientation?, languages chosen: String?, cancel: RecognitionCancel?,
                  render: () -> (picture: PixelBuffer, dpi: Double)?) throws(RecognitionError) -> PageText? {
        guard let languages = chosen ?? languages else { return nil }
        asked.withLock { $0.append((file as NSString).lastPathComponent) }
        let text = try read(file).get()
        // One line of words, each a tenth of the page wide.
        let words = text.split(separator: " ").enumerated().map { index, word in
            TextWord(text: String(word), box: TextBox(x: Double(index) * 100, y: 100, width: 90, height: 30), confidence: 90, line: 0)
        }
        let lines = words.isEmpty ? [] : [TextLine(box: TextBox(x: 0, y: 100, width: 1000, height: 30), firstWord: 0, endWord: words.count, baseline: nil)]
        return PageText(words: words, lines: lines, text: text, width: 1000, height: 1400, origin: .recognised(languages: languages))
    }
}
