import Foundation
import StripsFiles

/// The recovery folder's and the settings' files, written whole or not at all through
/// `StripsFiles.WholeFile` (a hidden temporary beside, every write checked, flushed to disk): a
/// page is published under its name and never over another file; the manifest and the settings
/// replace theirs by a rename. The folder is flushed after, so the new name survives a power cut too.
enum ScanFiles {
    /// A C library error number, with its words.
    struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
        var code: Int32
        /// Words of our own, where the C library's would mislead.
        var text: String?
        init(_ code: Int32, _ text: String? = nil) {
            self.code = code
            self.text = text
        }
        var exists: Bool { code == EEXIST }
        var description: String { text ?? String(cString: strerror(code)) }

    }

    /// A new file `path` holding `bytes`; EEXIST when something is there.
    static func create(_ bytes: [UInt8], at path: String, mode: mode_t = 0o600) -> Errno? {
        WholeFile.write(bytes, to: path, mode: mode, placing: .new).map { Errno($0.code) }
    }

    /// `path` replaced by `bytes` in one step (readers see the old file or the new one).
    static func replace(_ bytes: [UInt8], at path: String, mode: mode_t = 0o600) -> Errno? {
        WholeFile.write(bytes, to: path, mode: mode, placing: .replacing).map { Errno($0.code) }
    }

    /// The bytes of `path`, refusing files over `limit` bytes (EFBIG) and anything that is not a
    /// regular file (a FIFO is opened without waiting for a writer, then refused).
    static func read(_ path: String, limit: Int) -> Result<[UInt8], Errno> {
        FileBytes.read(path, limit: limit).mapError { Errno($0.code, $0.text) }
    }

    /// The bytes of `name` in the folder open as `folder`, never through a symbolic link.
    static func read(_ folder: Int32, _ name: String, limit: Int) -> Result<[UInt8], Errno> {
        FileBytes.read(folder, name, limit: limit).mapError { Errno($0.code, $0.text) }
    }

    /// Makes `path` and missing parents (mode 0700: scans are private).
    static func makeFolders(_ path: String, mode: mode_t = 0o700) -> Errno? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) { return isFolder.boolValue ? nil : Errno(ENOTDIR) }
        let parent = (path as NSString).deletingLastPathComponent
        if parent != path, !parent.isEmpty, let error = makeFolders(parent, mode: mode) { return error }
        return mkdir(path, mode) == 0 || errno == EEXIST ? nil : Errno(errno)
    }
}
