import Foundation

/// The project's translations as the tests read them: `po/LANG.po` straight from the source tree,
/// so a test compares what the window shows with what the translators wrote.
public enum POCatalog {
    /// The repository's root (this file is Tests/StripsTestSupport/POCatalog.swift).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A .po's singular translations, msgid to msgstr (no context, no plurals).
    public static func singulars(_ language: String) throws -> [String: String] {
        let text = try String(contentsOfFile: "\(root)/po/\(language).po", encoding: .utf8)
        var table: [String: String] = [:]
        for block in text.components(separatedBy: "\n\n") {
            let lines = block.split(separator: "\n").map(String.init)
            guard !lines.contains(where: { $0.hasPrefix("msgctxt") || $0.hasPrefix("msgid_plural") }),
                  let id = lines.first(where: { $0.hasPrefix("msgid \"") }), let str = lines.first(where: { $0.hasPrefix("msgstr \"") }) else { continue }
            table[unquote(id, 7)] = unquote(str, 8)
        }
        return table
    }

    /// A .po's plural translations: msgid to its msgstr[0], msgstr[1], ... in order.
    public static func plurals(_ language: String) throws -> [String: [String]] {
        let text = try String(contentsOfFile: "\(root)/po/\(language).po", encoding: .utf8)
        var table: [String: [String]] = [:]
        for block in text.components(separatedBy: "\n\n") {
            let lines = block.split(separator: "\n").map(String.init)
            guard lines.contains(where: { $0.hasPrefix("msgid_plural") }), !lines.contains(where: { $0.hasPrefix("msgctxt") }),
                  let id = lines.first(where: { $0.hasPrefix("msgid \"") }) else { continue }
            let forms = lines.filter { $0.hasPrefix("msgstr[") }.map { line in
                unquote(String(line.drop { $0 != " " }.dropFirst()), 1)
            }
            table[unquote(id, 7)] = forms
        }
        return table
    }

    /// Which msgstr[N] a count takes: each .po's Plural-Forms header, written out (ru: three forms).
    public static func pluralForm(_ language: String, _ n: Int) -> Int {
        switch language {
        case "ru": return n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2
        case "fr": return n > 1 ? 1 : 0
        case "hi": return n != 1 ? 1 : 0
        default: return 0
        }
    }

    /// Every wording the sources mark with `trLater("...")` or `trnLater("...", "...")`: (msgid,
    /// msgid_plural or nil).
    public static func markedLater() throws -> [(String, String?)] {
        var found: [(String, String?)] = []
        let literal = #""((?:[^"\\]|\\.)*)""#
        let later = try NSRegularExpression(pattern: #"\btrLater\("# + literal + #"\)"#)
        let laterPlural = try NSRegularExpression(pattern: #"\btrnLater\("# + literal + #",\s*"# + literal + #"\)"#)
        let files = FileManager.default.enumerator(atPath: "\(root)/Sources")?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let text = try String(contentsOfFile: "\(root)/Sources/\(file)", encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            func group(_ match: NSTextCheckingResult, _ k: Int) -> String {
                unescape(String(text[Range(match.range(at: k), in: text)!]))
            }
            for match in later.matches(in: text, range: range) { found.append((group(match, 1), nil)) }
            for match in laterPlural.matches(in: text, range: range) { found.append((group(match, 1), group(match, 2))) }
        }
        return found
    }

    static func unquote(_ s: String, _ prefix: Int) -> String {
        unescape(String(s.dropFirst(prefix).dropLast()))
    }

    static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }
}
