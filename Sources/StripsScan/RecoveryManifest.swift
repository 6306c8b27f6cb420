import Foundation

/// `manifest.json` in a recovery folder: the session's pages in order, with what they were
/// scanned with. Rewritten whole (temporary file, flushed, renamed) after each page's file is
/// on disk, so it never names a page that is not there.
struct RecoveryManifest: Codable, Equatable {
    static let version = 1

    var version = Self.version
    /// Seconds since 1970 when the session began.
    var created: Double
    /// The process that wrote it (for the offer's words; the lock decides whether it lives).
    var pid: Int32
    var pages: [Entry]
    /// Page files whose pages were saved (or deleted and then saved without): kept while their
    /// session lives, never offered back.
    var settled: [String]?

    struct Entry: Codable, Equatable {
        /// `Scan 3`.
        var name: String
        /// The file beside the manifest (`scan-0003.png`).
        var file: String
        /// The file's size when written: a shorter file is truncated.
        var bytes: Int
        var width: Int
        var height: Int
        /// `grey` or `rgb`.
        var format: String
        var device: String?
        var source: String?
        var dpi: Int
        var mode: ScanMode
        /// Seconds since 1970 when it was scanned.
        var scanned: Double
    }

    /// Manifests larger than this are not ones Strips wrote.
    static let maxBytes = 8 << 20

    static func decode(_ bytes: [UInt8]) -> RecoveryManifest? {
        guard bytes.count <= maxBytes, let manifest = try? JSONDecoder().decode(RecoveryManifest.self, from: Data(bytes)),
              manifest.version == version else { return nil }
        return manifest
    }

    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? Array(encoder.encode(self))) ?? []
    }
}
