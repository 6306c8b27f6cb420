import CShapedPage
import Foundation
import StripsCore
import StripsPictures

/// Issue 41's pages: a paragraph of each language (the seeds' Russian, French and Indonesian, a
/// Hindi paragraph written for the project) typeset with cairo at 300 dpi, its words shaped by
/// HarfBuzz (Devanagari's conjuncts and vowel signs joined), scan noise added. The tests read them
/// with `--ocr auto`; `strips-bench-text languages` times them.
public enum LanguagePage {
    public struct Language: Sendable {
        /// Tesseract's name (`rus`), also the fixture's (`Tests/Fixtures/languages/rus.txt`).
        public var name: String
        public var font: String
        /// ISO 15924, for HarfBuzz's shaping.
        public var script: String
    }

    public static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/languages")

    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    public static let languages = [
        Language(name: "rus", font: dejaVu, script: "Cyrl"),
        Language(name: "fra", font: dejaVu, script: "Latn"),
        Language(name: "ind", font: dejaVu, script: "Latn"),
        Language(name: "hin", font: "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", script: "Deva"),
    ]

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A 5 x 4 inch page at 300 dpi, 12-point text, grey, with noise of +-24 levels (seeded), and
    /// the words it holds (those that fit).
    public static func page(_ language: Language) throws -> (picture: PixelBuffer, text: String) {
        guard FileManager.default.fileExists(atPath: language.font) else { throw Failure(description: "\(language.font) is missing") }
        let text = try String(contentsOf: fixtures.appendingPathComponent("\(language.name).txt"), encoding: .utf8)
        let width = 1500, height = 1200
        var grey = [UInt8](repeating: 0, count: width * height)
        let words = shaped_page(text, language.font, 50, language.script, Int32(width), Int32(height), 90, 80, &grey)
        guard words > 60 else { throw Failure(description: "\(language.name): only \(words) words set") }
        let set = text.split(whereSeparator: \.isWhitespace).prefix(Int(words)).joined(separator: " ")
        var random = SeededRandom(seed: 41)
        for i in grey.indices {
            let noise = Int(random.next() % 49) - 24
            grey[i] = UInt8(clamping: Int(grey[i]) + noise)
        }
        guard let picture = PixelBuffer(width: width, height: height, format: .grey, bytes: grey) else {
            throw Failure(description: "\(language.name): no picture")
        }
        return (picture, set)
    }

    /// Runs of letters (a Devanagari letter with its vowel signs is one), case kept.
    public static func words(_ text: String) -> [String] {
        text.split { !$0.isLetter }.map(String.init)
    }
}
