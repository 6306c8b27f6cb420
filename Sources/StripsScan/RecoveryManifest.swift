import Foundation
import StripsFiles

/// `manifest.json` in a recovery folder: the session's pages in order, with what they were
/// scanned with. Rewritten whole (temporary file, flushed, renamed) after each page's file is
/// on disk, so it never names a page that is not there.
struct RecoveryManifest: Codable, Equatable {
    /// 2: files carry their identities; `settled` names them with theirs.
    static let version = 2

    var version = Self.version
    /// Seconds since 1970 when the session began.
    var created: Double
    /// The process that wrote it (for the offer's words; the lock decides whether it lives).
    var pid: Int32
    var pages: [Entry]
    /// Page files whose pages were saved (or deleted and then saved without): kept while their
    /// session lives, never offered back.
    var settled: [Kept]?

    /// A file of the session's that is no page to offer any more, still its to remove.
    struct Kept: Codable, Equatable {
        var file: String
        var identity: FileIdentity?
    }

    /// Every file the session wrote and may remove, by name, with its identity when known.
    var ownFiles: [(name: String, identity: FileIdentity?)] {
        pages.map { ($0.file, $0.identity) } + (settled ?? []).map { ($0.file, $0.identity) }
    }

    struct Entry: Codable, Equatable {
        /// `Scan 3`.
        var name: String
        /// A page taken with the camera (a JPEG, `Camera N`), not scanned.
        var isCamera: Bool { RecoveryManifest.isCameraName(name) }
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
        /// The file's device and inode when written: only that file is ever removed under the name.
        var identity: FileIdentity?
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

extension RecoveryManifest {
    /// Pages taken with the camera are named `Camera N`, scanned ones `Scan N`.
    static func isCameraName(_ name: String) -> Bool { name.hasPrefix("Camera ") }
}
