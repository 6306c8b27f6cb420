import Foundation
import StripsCore
import StripsPictures
import StripsSampleScans
import StripsText
import Testing

/// Issue 41's pages (`LanguagePage`: typeset at 300 dpi, shaped by HarfBuzz, scan noise added),
/// read with `--ocr auto` and no other hint: each page's script must give it its own languages and the
/// reading must have 95 % of its words.
@Suite(.serialized) struct AutoLanguagesTests {
    static let languages = LanguagePage.languages
    static func page(_ language: LanguagePage.Language) throws -> (picture: PixelBuffer, text: String) { try LanguagePage.page(language) }
    static func words(_ text: String) -> [String] { LanguagePage.words(text) }

    @Test(arguments: languages.map(\.name)) func aPageIsReadInTheLanguagesOfItsScript(_ name: String) throws {
        try #require(FileManager.default.fileExists(atPath: Self.languages.first { $0.name == name }?.font ?? ""), "font missing")
        let installed = TessData.installed
        try #require(installed.contains(name) && installed.contains("eng"), "tesseract-ocr-\(name) is not installed")
        let language = try #require(Self.languages.first { $0.name == name })
        let (picture, truth) = try Self.page(language)
        let service = PageTextService(languages: ScriptLanguages.auto, cache: nil)
        let text = try #require(try service.pageText(file: "\(name).png", pdfPage: nil, recipe: "", detectOrientation: true) { (picture, 300) })
        guard case .recognised(let read) = text.origin else { Issue.record("not recognised"); return }
        // The script alone chose: each page its own language first, English after it (for the
        // Latin words Russian and Hindi pages hold; a Latin page is read in English first and
        // again in its own language when LatinLanguageCheck finds its words), never another's.
        let languages = read.split(separator: "+").map(String.init)
        #expect(languages == [name, "eng"], "\(name) read in \(read)")
        // Every word counts, short ones too: Hindi's commonest (है, में, को) are one or two
        // letters, and the four-letter words the English measure counts leave too few.
        let result = WordAccuracy.match(truth: Self.words(truth), read: Self.words(text.text))
        let share = Double(result.found) / Double(max(1, result.of))
        print("auto \(name): \(result.found) of \(result.of) words (\(Int((share * 100).rounded())) %) in \(read); missing \(result.missing.prefix(8))")
        #expect(share >= 0.95, "\(name): \(result.found) of \(result.of); missing \(result.missing)")
    }

    /// A page's own choice (its menu, the scan panel) replaces the program's languages, unless
    /// recognition is off.
    @Test func aPagesChosenLanguagesReplaceAuto() throws {
        try #require(TessData.installed.contains("rus"), "tesseract-ocr-rus is not installed")
        let (picture, _) = try Self.page(try #require(Self.languages.first { $0.name == "rus" }))
        let service = PageTextService(languages: ScriptLanguages.auto, cache: nil)
        let text = try #require(try service.pageText(file: "rus.png", pdfPage: nil, recipe: "", languages: "rus") { (picture, 300) })
        #expect(text.origin == .recognised(languages: "rus"))
        let off = PageTextService(languages: nil, cache: nil)
        #expect(try off.pageText(file: "rus.png", pdfPage: nil, recipe: "", languages: "rus") { (picture, 300) } == nil)
    }
}
