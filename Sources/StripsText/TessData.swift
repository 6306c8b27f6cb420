import Foundation

/// Where Tesseract's language data lives and what is installed there.
public enum TessData {
    /// The folders searched, in order: `$TESSDATA_PREFIX` (Tesseract 5 takes it as the tessdata
    /// folder itself), then Debian's and other distributions' places.
    public static var searchPath: [String] {
        var folders: [String] = []
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            folders.append(prefix)
            folders.append((prefix as NSString).appendingPathComponent("tessdata"))
        }
        return folders + ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
                          "/usr/share/tessdata", "/usr/local/share/tessdata"]
    }

    /// The first folder holding any `.traineddata`.
    public static func folder() -> String? {
        searchPath.first { !languages(in: $0).isEmpty }
    }

    /// The languages installed in `folder` (`eng`, `osd`, ...), sorted.
    public static func languages(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".traineddata") }.map { String($0.dropLast(".traineddata".count)) }.sorted()
    }

    /// Throws one clear error unless every language of `languages` (`eng+deu`) is installed.
    public static func validate(_ languages: String) throws(RecognitionError) {
        guard let folder = folder() else { throw .noData(searched: searchPath) }
        _ = try check(languages, in: folder)
    }

    /// The installed languages (without `osd`, which reads no text), in the first data folder.
    public static var installed: [String] { folder().map { languages(in: $0).filter { $0 != "osd" } } ?? [] }

    /// `languages` split at `+`, each checked to be a plain name and installed in `folder`.
    static func check(_ languages: String, in folder: String) throws(RecognitionError) -> [String] {
        let parts = languages.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let plain = parts.allSatisfy { part in
            !part.isEmpty && part.count <= 64 && part.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
        }
        guard plain, !parts.isEmpty else { throw .badLanguages(languages) }
        let installed = Self.languages(in: folder)
        if let missing = parts.first(where: { !installed.contains($0) }) { throw .missingLanguage(missing, installed: installed) }
        return parts
    }
}
