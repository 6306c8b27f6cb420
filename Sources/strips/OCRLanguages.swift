import Foundation
import StripsSDL
import StripsText

/// `--ocr auto|LANGS|off` (docs/headless.md): how pages are read. `auto` (the window's and
/// `strips convert`'s default) reads each page in the installed languages of the script it is
/// written in (`ScriptLanguages`); `LANGS` in those Tesseract languages; `off` never. Without the
/// option a script reads none (runs stay quick and need no language data).
enum OCRLanguages {
    /// The languages to read in (`auto` or Tesseract's), nil for none; throws one line when an
    /// asked language is missing.
    static func resolve(_ option: String?, headless: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        if let option {
            if option.lowercased() == "off" { return nil }
            if option.lowercased() == ScriptLanguages.auto { return automatic(environment) }
            do {
                try TessData.validate(option)
            } catch {
                throw fail("--ocr \(option): \(error.description)")
            }
            return option
        }
        guard !headless else { return nil }
        return automatic(environment)
    }

    /// `auto` when Tesseract's script detection is installed; else the installed languages that
    /// match the locale, else English, with one line saying what is missing.
    static func automatic(_ environment: [String: String]) -> String? {
        let installed = TessData.installed
        if installed.isEmpty {
            FileHandleOutput.standardError("strips: text is not recognised: no Tesseract language data (install tesseract-ocr-eng)")
            return nil
        }
        ScriptLanguages.missingData = { FileHandleOutput.standardError("strips: \($0)") }
        if TessData.folder().map({ TessData.languages(in: $0).contains("osd") }) == true { return ScriptLanguages.auto }
        let matching = ScriptLanguages.localeLanguages(environment).filter { installed.contains($0) }
        let fallback = matching.isEmpty ? (installed.contains("eng") ? "eng" : installed[0]) : matching.joined(separator: "+")
        FileHandleOutput.standardError("strips: pages are read in \(fallback): finding each page's script needs tesseract-ocr-osd")
        return fallback
    }

    /// Tesseract's names for the languages the locale asks for (`ScriptLanguages.localeLanguages`).
    static func localeLanguages(_ environment: [String: String]) -> [String] { ScriptLanguages.localeLanguages(environment) }

    static var tesseractNames: [String: String] { ScriptLanguages.tesseractNames }
}
