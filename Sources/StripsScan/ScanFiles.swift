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

        /// A name that is a link, a FIFO, a device or a folder where a file was expected: never opened.
        static let notAFile = Errno(EINVAL, "not a regular file")
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
        read(AT_FDCWD, path, limit: limit, following: true)
    }

    /// The bytes of `name` in the folder open as `folder`, never through a symbolic link.
    static func read(_ folder: Int32, _ name: String, limit: Int, following: Bool = false) -> Result<[UInt8], Errno> {
        var info = stat()
        if !following {
            // Anything but a regular file is skipped without being opened.
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .failure(Errno(errno)) }
            guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile) }
        }
        let fd = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (following ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return .failure(Errno(errno == ELOOP ? EINVAL : errno, errno == ELOOP ? Errno.notAFile.text : nil)) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failure(Errno(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile) }
        if !following, FileIdentity(status) != FileIdentity(info) { return .failure(Errno(ESTALE, "changed while it was read")) }
        guard Int(status.st_size) <= limit else { return .failure(Errno(EFBIG)) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw in raw.baseAddress.map { Glibc.read(fd, $0 + done, raw.count - done) } ?? 0 }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        return .success(Array(bytes.prefix(done)))
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
