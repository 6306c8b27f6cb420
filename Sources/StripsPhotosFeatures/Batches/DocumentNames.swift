import Foundation
import StripsCore

/// What each document of a split batch is called, in the strip and on disk: the first by the
/// name given (the file `--output` names, or the document's name), each later one by the text of
/// the separator sheet before it made safe as a file name, else `NAME-N` (N its place, from 1).
/// Never two alike: a name taken already gets " (2)", " (3)", ...
public enum DocumentNames {
    public static func names(base: String, titles: [String?]) -> [String] {
        var taken = Set<String>()
        return titles.enumerated().map { n, title in
            let wanted = n == 0 ? base : title.flatMap(safe) ?? "\(base)-\(n + 1)"
            var name = wanted, k = 2
            while taken.contains(name) {
                name = "\(wanted) (\(k))"
                k += 1
            }
            taken.insert(name)
            return name
        }
    }

    /// The one way a file name is made from a page's content (a separator sheet's code, a
    /// document's title), in the window and in `strips convert` alike, so that a name cannot lie
    /// about what it is (issue 38):
    /// - NFC, so `März` is one name however its code spelt the `ä`;
    /// - printable only: control, format (bidirectional overrides and isolates such as U+202E and
    ///   U+2066...U+2069, zero-width spaces and joiners, U+FEFF), private-use, unassigned and
    ///   surrogate code points go; line and paragraph breaks (`\n`, U+2028, U+2029) and other
    ///   spaces become one plain space; `/` and a backslash become `-`;
    /// - no leading dots, dashes or spaces (no hidden files, no `..`, nothing a command takes for
    ///   an option), no trailing dots or spaces;
    /// - at most 200 bytes of UTF-8, cut at a character's boundary (room for an extension and
    ///   " (2)" within a file system's 255).
    /// Nil when nothing is left. `names` keeps them distinct.
    public static func safe(_ text: String) -> String? {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            let mapped: Unicode.Scalar?
            switch scalar.properties.generalCategory {
            case .control where scalar.properties.isWhitespace, .lineSeparator, .paragraphSeparator, .spaceSeparator: mapped = " "
            case .control, .format, .privateUse, .unassigned, .surrogate: mapped = nil
            default: mapped = scalar == "/" || scalar == "\\" ? "-" : scalar
            }
            guard let mapped else { continue }
            if mapped == " " {
                if lastWasSpace { continue }
                lastWasSpace = true
            } else {
                lastWasSpace = false
            }
            scalars.append(mapped)
        }
        var name = String(scalars)
        name = String(name.drop(while: { $0 == " " || $0 == "." || $0 == "-" }))
        name = String(name.reversed().drop(while: { $0 == " " || $0 == "." }).reversed())
        while name.utf8.count > 200 { name.removeLast() }
        // A cut may leave a space or dot at the end again.
        name = String(name.reversed().drop(while: { $0 == " " || $0 == "." }).reversed())
        return name.isEmpty ? nil : name
    }
}
