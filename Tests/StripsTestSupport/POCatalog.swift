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
            func unquote(_ s: String, _ prefix: Int) -> String {
                String(s.dropFirst(prefix).dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
            }
            table[unquote(id, 7)] = unquote(str, 8)
        }
        return table
    }
}
