/// Why recognition did not give a page's text, in words a user can act on.
public enum RecognitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A language's data is not installed (with the ones that are, and the Debian package to install).
    case missingLanguage(String, installed: [String])
    /// The language list is not one (`eng`, `eng+deu`: letters, digits, `_` and `-`, joined by `+`).
    case badLanguages(String)
    /// No Tesseract data folder was found at all.
    case noData(searched: [String])
    /// Tesseract would not start (its data damaged, out of memory).
    case cannotStart(String)
    /// Tesseract failed on this picture.
    case failed(String)
    /// The caller cancelled.
    case cancelled

    public var description: String {
        switch self {
        case let .missingLanguage(language, installed):
            let have = installed.filter { $0 != "osd" }
            return "no Tesseract data for \"\(language)\" (install tesseract-ocr-\(Self.debianName(language)))"
                + (have.isEmpty ? "" : "; installed: \(have.joined(separator: ", "))")
        case let .badLanguages(text):
            return "\"\(text)\" is not a list of Tesseract languages (e.g. eng or eng+deu)"
        case let .noData(searched):
            return "no Tesseract data found (looked in \(searched.joined(separator: ", "))); install tesseract-ocr-eng"
        case let .cannotStart(reason):
            return "Tesseract could not start: \(reason)"
        case let .failed(reason):
            return "recognition failed: \(reason)"
        case .cancelled:
            return "recognition cancelled"
        }
    }

    /// Debian names its packages in lower case with `-` for `_` (chi_sim: tesseract-ocr-chi-sim).
    static func debianName(_ language: String) -> String {
        language.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
