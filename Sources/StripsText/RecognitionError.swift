import StripsCore

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
    /// Tesseract failed on this picture: why, a msgid marked with `trLater` where it is thrown.
    case failed(String)
    /// The caller cancelled.
    case cancelled

    public var description: String { message.english }

    /// The reason worded for its reader: `english` on standard error, `shown` in the window. The
    /// names (languages, folders) and Tesseract's own words stay as they are.
    public var message: HostMessage {
        switch self {
        case let .missingLanguage(language, installed):
            let have = installed.filter { $0 != "osd" }
            let package = "tesseract-ocr-" + Self.debianName(language)
            if have.isEmpty { return HostMessage(trLater("no Tesseract data for \"%s\" (install %s)"), language, package) }
            return HostMessage(trLater("no Tesseract data for \"%s\" (install %s); installed: %s"), language, package, have.joined(separator: ", "))
        case let .badLanguages(text):
            return HostMessage(trLater("\"%s\" is not a list of Tesseract languages (e.g. eng or eng+deu)"), text)
        case let .noData(searched):
            return HostMessage(trLater("no Tesseract data found (looked in %s); install tesseract-ocr-eng"), searched.joined(separator: ", "))
        case let .cannotStart(reason):
            return HostMessage(trLater("Tesseract could not start: %s"), reason)
        case let .failed(reason):
            // Our reasons are msgids (marked where thrown): worded as one.
            return HostMessage(trLater("recognition failed: %s"), arguments: [.message(HostMessage(reason))])
        case .cancelled:
            return HostMessage(trLater("recognition cancelled"))
        }
    }

    /// Debian names its packages in lower case with `-` for `_` (chi_sim: tesseract-ocr-chi-sim).
    static func debianName(_ language: String) -> String {
        language.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
