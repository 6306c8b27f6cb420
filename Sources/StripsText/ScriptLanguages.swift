import Foundation

/// `--ocr auto`: the languages a page is read in, chosen from the script Tesseract's OSD finds on
/// it (`PageOSD`) and the languages installed: a Cyrillic page in Russian (or the Cyrillic
/// language installed that the locale asks for), a Devanagari page in Hindi, each with English
/// after it for the Latin words such pages hold, a Latin page in the installed Latin
/// languages the user's locale asks for first, then English, then the other Latin ones installed.
/// A script none of whose languages is installed is read as Latin, and the Debian package that
/// would read it is named (`tesseract-ocr-rus`).
public enum ScriptLanguages {
    /// The `--ocr` value that chooses each page's languages this way.
    public static let auto = "auto"

    /// How many languages a page is read in at most: each one more costs a pass over the words
    /// Tesseract is unsure of.
    public static let most = 3

    /// OSD's script confidence below which the script is not taken (a page of a few words, a
    /// picture): the page is read as Latin. Pages of text give 5 to 60.
    public static let sureScript = 1.0

    /// Tesseract's languages by the script OSD names, most read first.
    static let byScript: [String: [String]] = [
        "Latin": ["eng", "fra", "deu", "spa", "ita", "por", "nld", "ind", "msa", "pol", "ces", "slk", "slv", "hrv", "hun", "ron",
                  "swe", "dan", "nor", "fin", "est", "lav", "lit", "tur", "cat", "eus", "glg", "gle", "isl", "vie", "srp_latn",
                  "aze", "uzb", "afr", "sqi", "tgl", "swa", "lat", "epo", "cym", "mlt", "bos", "fil", "jav", "sun", "ceb"],
        "Cyrillic": ["rus", "ukr", "bel", "bul", "srp", "mkd", "kaz", "kir", "tgk", "mon", "uzb_cyrl", "aze_cyrl", "tat", "bak", "chv"],
        "Devanagari": ["hin", "mar", "nep", "san"],
        "Greek": ["ell", "grc"],
        "Arabic": ["ara", "fas", "urd", "pus", "uig", "snd", "kur"],
        "Hebrew": ["heb", "yid"],
        "Han": ["chi_sim", "chi_tra", "jpn"],
        "Japanese": ["jpn"],
        "Katakana": ["jpn"],
        "Hiragana": ["jpn"],
        "Hangul": ["kor"],
        "Thai": ["tha"],
        "Bengali": ["ben", "asm"],
        "Tamil": ["tam"],
        "Telugu": ["tel"],
        "Kannada": ["kan"],
        "Malayalam": ["mal"],
        "Gujarati": ["guj"],
        "Gurmukhi": ["pan"],
        "Oriya": ["ori"],
        "Georgian": ["kat"],
        "Armenian": ["hye"],
        "Ethiopic": ["amh", "tir"],
        "Khmer": ["khm"],
        "Lao": ["lao"],
        "Myanmar": ["mya"],
        "Sinhala": ["sin"],
        "Tibetan": ["bod"],
    ]

    /// Tesseract's Latin-script languages.
    public static let latin = Set(byScript["Latin"] ?? [])

    /// What a page in `script` (OSD's name, nil when it named none or was unsure) is read in.
    public struct Choice: Hashable, Sendable {
        /// Tesseract's languages, `+`-joined (`rus`, `eng+fra`).
        public var languages: String
        /// The Debian package that would read the page's script, when none of its languages is
        /// installed and the page is read as Latin instead.
        public var missingPackage: String?
    }

    /// The languages for a page in `script`, from `installed` (Tesseract's names), the locale's
    /// (`preferred`, most wanted first) before the others; nil only when nothing is installed.
    public static func choose(script: String?, installed: [String], preferred: [String]) -> Choice? {
        let name = script ?? "Latin"
        if name != "Latin", let own = byScript[name] {
            let found = ordered(own.filter(installed.contains), preferred: preferred, first: nil)
            if let first = found.first {
                // English after the script's own language: a Russian or Hindi page's Latin words
                // (names, brands, "ABBYY Mobile Capture") are read as English, not forced into
                // the script's letters.
                let latin = installed.contains("eng") && first != "eng" ? ["eng"] : []
                return Choice(languages: ([first] + latin).joined(separator: "+"))
            }
            guard let latin = choose(script: "Latin", installed: installed, preferred: preferred) else { return nil }
            return Choice(languages: latin.languages, missingPackage: package(for: own[0]))
        }
        let latin = byScript["Latin"] ?? []
        let found = ordered(latin.filter(installed.contains), preferred: preferred, first: "eng")
        if !found.isEmpty { return Choice(languages: found.prefix(most).joined(separator: "+")) }
        // No Latin language: whatever is installed (a machine with only rus reads everything in it).
        let any = installed.filter { $0 != "osd" && $0 != "equ" }.sorted()
        return any.isEmpty ? nil : Choice(languages: any.prefix(most).joined(separator: "+"))
    }

    /// `languages` with the `preferred` ones first (in their order), then `first`, then the rest
    /// in their own order.
    static func ordered(_ languages: [String], preferred: [String], first: String?) -> [String] {
        var out = preferred.filter(languages.contains)
        if let first, languages.contains(first), !out.contains(first) { out.append(first) }
        out += languages.filter { !out.contains($0) }
        return out
    }

    /// Debian's package for a Tesseract language: `tesseract-ocr-rus`, `tesseract-ocr-chi-sim`.
    public static func package(for language: String) -> String {
        "tesseract-ocr-" + language.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}

extension ScriptLanguages {
    /// Tesseract's names for the languages the locale asks for, most wanted first: `LANGUAGE`'s
    /// list (`de:en`), then `LC_ALL`, `LC_MESSAGES`, `LANG` (`de_DE.UTF-8`).
    public static func localeLanguages(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
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
    public static let tesseractNames: [String: String] = [
        "en": "eng", "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "pt": "por", "nl": "nld", "sv": "swe",
        "da": "dan", "nb": "nor", "nn": "nor", "no": "nor", "fi": "fin", "pl": "pol", "cs": "ces", "sk": "slk",
        "sl": "slv", "hr": "hrv", "hu": "hun", "ro": "ron", "bg": "bul", "ru": "rus", "uk": "ukr", "el": "ell",
        "tr": "tur", "et": "est", "lv": "lav", "lt": "lit", "ca": "cat", "eu": "eus", "gl": "glg", "ga": "gle",
        "is": "isl", "ja": "jpn", "zh": "chi_sim", "ko": "kor", "ar": "ara", "he": "heb", "hi": "hin", "th": "tha",
        "vi": "vie", "id": "ind", "ms": "msa", "fa": "fas", "sr": "srp",
    ]

    /// Where `auto` says a script's language data is missing, once a package (the program sets
    /// it to standard error; nil: not said).
    public static var missingData: (@Sendable (String) -> Void)? {
        get { missingLock.withLock { missingHandler } }
        set { missingLock.withLock { missingHandler = newValue } }
    }
    private static let missingLock = NSLock()
    nonisolated(unsafe) private static var missingHandler: (@Sendable (String) -> Void)?
}
