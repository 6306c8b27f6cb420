import Foundation

/// The few things the tests read out of the AppStream metainfo: element texts and attributes by
/// plain matching (the file is ours, one element a line; its validity is appstreamcli's to judge).
enum Metainfo {
    struct Screenshot {
        var url: String
        var width: Int
        var height: Int
    }

    /// The texts of every `<name ...>text</name>` on one line.
    static func values(_ name: String, in text: String) -> [String] {
        matches(#"<\#(name)(?: [^>]*)?>([^<]*)</\#(name)>"#, in: text).map { $0[1] }
    }

    /// The releases' versions, newest first (as AppStream lists them).
    static func releaseVersions(in text: String) -> [String] {
        matches(#"<release [^>]*version="([^"]+)""#, in: text).map { $0[1] }
    }

    static func screenshots(in text: String) -> [Screenshot] {
        matches(#"<image type="source" width="(\d+)" height="(\d+)">([^<]+)</image>"#, in: text).map {
            Screenshot(url: $0[3], width: Int($0[1]) ?? 0, height: Int($0[2]) ?? 0)
        }
    }

    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: whole).map { match in
            (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }
}
