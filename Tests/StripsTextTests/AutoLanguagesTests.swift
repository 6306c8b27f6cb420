import CShapedPage
import Foundation
import StripsCore
import StripsPictures
import StripsSampleScans
import StripsText
import Testing

/// Issue 41's pages: a paragraph of each language (the seeds' Russian, French and Indonesian, a
/// Hindi paragraph written for the project) typeset with cairo at 300 dpi, its words shaped by
/// HarfBuzz (Devanagari's conjuncts and vowel signs joined), scan noise added, and read with
/// `--ocr auto` and no other hint: each page's script must give it its own languages and the
/// reading must have 95 % of its words.
@Suite(.serialized) struct AutoLanguagesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/languages")

    struct Language {
        var name: String
        var font: String
        var script: String
    }

    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let languages = [
        Language(name: "rus", font: dejaVu, script: "Cyrl"),
        Language(name: "fra", font: dejaVu, script: "Latn"),
        Language(name: "ind", font: dejaVu, script: "Latn"),
        Language(name: "hin", font: "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", script: "Deva"),
    ]

    /// A 5 x 4 inch page at 300 dpi, 12-point text, grey, with noise of +-24 levels (seeded).
    static func page(_ language: Language) throws -> (picture: PixelBuffer, text: String) {
        let text = try String(contentsOf: fixtures.appendingPathComponent("\(language.name).txt"), encoding: .utf8)
        let width = 1500, height = 1200
        var grey = [UInt8](repeating: 0, count: width * height)
        let words = shaped_page(text, language.font, 50, language.script, Int32(width), Int32(height), 90, 80, &grey)
        try #require(words > 60, "\(language.name): \(words) words set")
        // The page holds the words that fit; those are what it says.
        let set = text.split(whereSeparator: \.isWhitespace).prefix(Int(words)).joined(separator: " ")
        var random = SeededRandom(seed: 41)
        for i in grey.indices {
            let noise = Int(random.next() % 49) - 24
            grey[i] = UInt8(clamping: Int(grey[i]) + noise)
        }
        return (try #require(PixelBuffer(width: width, height: height, format: .grey, bytes: grey)), set)
    }

    /// Runs of letters (a Devanagari letter with its vowel signs is one), case kept.
    static func words(_ text: String) -> [String] {
        text.split { !$0.isLetter }.map(String.init)
    }

    @Test(arguments: languages.map(\.name)) func aPageIsReadInTheLanguagesOfItsScript(_ name: String) throws {
        try #require(FileManager.default.fileExists(atPath: Self.languages.first { $0.name == name }?.font ?? ""), "font missing")
        let installed = TessData.installed
        try #require(installed.contains(name) && installed.contains("eng"), "tesseract-ocr-\(name) is not installed")
        let language = try #require(Self.languages.first { $0.name == name })
        let (picture, truth) = try Self.page(language)
        let service = PageTextService(languages: ScriptLanguages.auto, cache: nil)
        let text = try #require(try service.pageText(file: "\(name).png", pdfPage: nil, recipe: "", detectOrientation: true) { (picture, 300) })
        guard case .recognised(let read) = text.origin else { Issue.record("not recognised"); return }
        // The script alone chose: Russian and Hindi pages their own language first (English
        // after it, for the Latin words such pages hold); a Latin page the Latin languages
        // installed, English first (the test's locale asks for none).
        let languages = read.split(separator: "+").map(String.init)
        switch name {
        case "rus", "hin": #expect(languages.first == name && !languages.contains("fra") && !languages.contains("ind"), "\(name) read in \(read)")
        default: #expect(languages.first == "eng" && languages.contains(name) && !languages.contains("rus") && !languages.contains("hin"), "\(name) read in \(read)")
        }
        // Every word counts, short ones too: Hindi's commonest (है, में, को) are one or two
        // letters, and the four-letter words the English measure counts leave too few.
        let result = WordAccuracy.match(truth: Self.words(truth), read: Self.words(text.text))
        let share = Double(result.found) / Double(max(1, result.of))
        print("auto \(name): \(result.found) of \(result.of) words (\(Int((share * 100).rounded())) %) in \(read); missing \(result.missing.prefix(8))")
        #expect(share >= 0.95, "\(name): \(result.found) of \(result.of); missing \(result.missing)")
    }
}
