import StripsCore
import CGLib
import Foundation
import StripsExport
import StripsFiles

/// What `strips convert` keeps about each document it writes (a PDF, or a folder of pictures), in
/// `.strips-convert/NAME.json` beside it: the fingerprint of what the document was made from (the
/// pages, their files' sizes and times, the options) and the size and SHA-256 of its bytes (a
/// folder's: of its files' names, sizes and SHA-256s, and their bytes together). A later run (`--resume`, another shard, a
/// restarted watch) then tells a document already written whole, and the one it would write, from
/// anything else under the name. The record is written whole (hidden, then renamed) *before* the
/// document gets its name, so a document under its name always has its record; a record without
/// its document (killed between the two) only means the document is written again.
struct DocumentRecord: Codable, Equatable {
    var fingerprint: String
    var bytes: Int
    var sha256: String

    /// The folder of records beside the documents.
    static let folderName = ".strips-convert"

    static func path(for destination: String) -> String {
        let parent = (destination as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        return "\(folder)/\(folderName)/\((destination as NSString).lastPathComponent).json"
    }

    /// What a run finds under a document's name.
    enum Found: Equatable {
        /// Nothing: the document is to be written.
        case absent
        /// This run's document, whole, as recorded.
        case written
        /// Something else: a file with no record, or a record of other pages or options, or bytes
        /// changed since.
        case other(String)
    }

    static func find(_ destination: String, fingerprint: String) -> Found {
        var info = stat()
        guard lstat(destination, &info) == 0 else { return errno == ENOENT ? .absent : .other("cannot be looked at") }
        // An empty folder is a place to write into, as `convert` takes one without --resume.
        if info.st_mode & S_IFMT == S_IFDIR, WholeFile.names(inFolder: destination).isEmpty { return .absent }
        guard let data = FileManager.default.contents(atPath: path(for: destination)),
              let record = try? JSONDecoder().decode(DocumentRecord.self, from: data) else {
            return .other("already exists, and not as a document of this batch")
        }
        guard record.fingerprint == fingerprint else { return .other("already exists, written from other pages or options") }
        guard let digest = digest(of: destination), digest.bytes == record.bytes, digest.sha256 == record.sha256 else {
            return .other("already exists, changed since it was written")
        }
        return .written
    }

    /// Writes the record of the document to be named `destination`, its `files` still hidden (a
    /// PDF's one file, or a folder's pages, each with the name it will have).
    static func write(for destination: String, files: [(name: String, path: String)], asFolder: Bool, fingerprint: String) throws(SaveError) {
        let written = asFolder ? Self.digest(ofFolder: files) : files.first.flatMap { Self.digest(ofFile: $0.path) }
        guard let digest = written else { throw SaveError(destination, HostMessage(trLater("its written file could not be read back"))) }
        let record = DocumentRecord(fingerprint: fingerprint, bytes: digest.bytes, sha256: digest.sha256)
        let target = path(for: destination)
        let folder = (target as NSString).deletingLastPathComponent
        if mkdir(folder, 0o777) != 0, errno != EEXIST { throw SaveError(folder, HostMessage(trLater("the folder of records cannot be made (%s)"), String(cString: strerror(errno)))) }
        guard let data = try? JSONEncoder().encode(record) else { throw SaveError(target, HostMessage(trLater("cannot be encoded"))) }
        WholeFile.removeStaleTemporaries(of: target)
        do throws(WholeFile.Failure) {
            let file = try WholeFile(destination: target, placing: .replacing, mode: 0o666)
            if let failure = file.complete(with: Array(data)) { throw failure }
        } catch {
            throw SaveError(target, HostMessage(trLater("cannot be written (%s)"), error.description))
        }
    }

    /// A fingerprint of the lines that make a document: SHA-256 of them, one a line.
    static func fingerprint(_ lines: [String]) -> String {
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let checksum = bytes.withUnsafeBufferPointer { g_compute_checksum_for_data(G_CHECKSUM_SHA256, $0.baseAddress, gsize($0.count)) }
        defer { g_free(checksum) }
        return checksum.map { String(cString: $0) } ?? ""
    }

    /// A document's size and SHA-256: a file's own; a folder's over a line per entry in name order
    /// (its name, size and SHA-256; anything but a file makes it unreadable). Nil when it cannot be read.
    static func digest(of path: String) -> (bytes: Int, sha256: String)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFDIR else { return digest(ofFile: path) }
        return digest(ofFolder: WholeFile.names(inFolder: path).map { ($0, path + "/" + $0) })
    }

    /// A folder's digest from its files, each named as it is (or will be) in it.
    static func digest(ofFolder files: [(name: String, path: String)]) -> (bytes: Int, sha256: String)? {
        var lines: [String] = []
        var total = 0
        for (name, path) in files.sorted(by: { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }) {
            var entry = stat()
            guard lstat(path, &entry) == 0, entry.st_mode & S_IFMT == S_IFREG, let one = digest(ofFile: path) else { return nil }
            lines.append("\(name) \(one.bytes) \(one.sha256)")
            total += one.bytes
        }
        return (total, fingerprint(lines))
    }

    /// A file's size and SHA-256, read in blocks; nil when it cannot be read.
    static func digest(ofFile path: String) -> (bytes: Int, sha256: String)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return nil }
        defer { g_checksum_free(checksum) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            buffer.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, gssize(got)) }
            total += got
        }
        guard let text = g_checksum_get_string(checksum) else { return nil }
        return (total, String(cString: text))
    }
}
