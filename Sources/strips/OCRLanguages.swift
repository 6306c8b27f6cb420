import Foundation
import StripsSDL
import StripsText

/// `--ocr LANGS` / `--ocr off` (docs/headless.md): the Tesseract languages pages are read in, or
/// none. Without the option a script reads none (runs stay quick and need no language data) and
/// the window reads the installed languages that match the user's locale, else English.
enum OCRLanguages {
    /// The languages to read in, nil for none; throws one line when an asked language is missing.
    static func resolve(_ option: String?, headless: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        if let option {
            if option.lowercased() == "off" { return nil }
            do {
                try TessData.validate(option)
            } catch {
                throw fail("--ocr \(option): \(error.description)")
            }
            return option
        }
        guard !headless else { return nil }
        let installed = TessData.installed
        let matching = localeLanguages(environment).filter { installed.contains($0) }
        if !matching.isEmpty { return matching.joined(separator: "+") }
        if installed.contains("eng") { return "eng" }
        FileHandleOutput.standardError("strips: text is not recognised: no Tesseract language data (install tesseract-ocr-eng)")
        return nil
    }

    /// Tesseract's names for the languages the locale asks for, most wanted first: `LANGUAGE`'s
    /// list (`de:en`), then `LC_ALL`, `LC_MESSAGES`, `LANG` (`de_DE.UTF-8`).
    static func localeLanguages(_ environment: [String: String]) -> [String] {
        var codes: [String] = []
        if let list = environment["LANGUAGE"], !list.isEmpty { codes += list.split(separator: ":").map(String.init) }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                codes.append(value)
                break
            }
        }
        var names: [String] = []
        for code in codes {
            let language = code.split(whereSeparator: { $0 == "_" || $0 == "." || $0 == "@" }).first.map { String($0).lowercased() } ?? ""
            if let name = tesseractNames[language], !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// ISO 639-1 to Tesseract's (ISO 639-2/T) names, for the languages Debian packages data for
    /// and people commonly set their locale to.
    static let tesseractNames: [String: String] = [
        "en": "eng", "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "pt": "por", "nl": "nld", "sv": "swe",
        "da": "dan", "nb": "nor", "nn": "nor", "no": "nor", "fi": "fin", "pl": "pol", "cs": "ces", "sk": "slk",
        "sl": "slv", "hr": "hrv", "hu": "hun", "ro": "ron", "bg": "bul", "ru": "rus", "uk": "ukr", "el": "ell",
        "tr": "tur", "et": "est", "lv": "lav", "lt": "lit", "ca": "cat", "eu": "eus", "gl": "glg", "ga": "gle",
        "is": "isl", "ja": "jpn", "zh": "chi_sim", "ko": "kor", "ar": "ara", "he": "heb", "hi": "hin", "th": "tha",
        "vi": "vie", "id": "ind", "ms": "msa", "fa": "fas", "sr": "srp",
    ]
}
