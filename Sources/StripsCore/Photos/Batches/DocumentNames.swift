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

    /// A code's text as a file name: `/` becomes `-`; control characters go, as do spaces and
    /// dots at either end (no hidden files, no `..`); at most 200 bytes (room for an extension
    /// and " (2)" within a file system's 255). Nil when nothing is left.
    public static func safe(_ text: String) -> String? {
        var name = String(String.UnicodeScalarView(text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            if scalar == "/" || scalar == "\\" { return "-" }
            if scalar.properties.generalCategory == .control || scalar.value == 0 { return nil }
            return scalar
        }))
        name = String(name.drop(while: { $0 == " " || $0 == "." }).reversed().drop(while: { $0 == " " || $0 == "." }).reversed())
        while name.utf8.count > 200 { name.removeLast() }
        return name.isEmpty ? nil : name
    }
}
