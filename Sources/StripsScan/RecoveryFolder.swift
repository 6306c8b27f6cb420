import Foundation
import StripsFiles

/// A folder of the recovery tree, opened once and then reached only through its descriptor:
/// every name in it is looked up relative to that descriptor without following a symbolic
/// link, so a folder swapped for a link after it was checked, or a link planted in it, never
/// leads anywhere else. Anything that is not a regular file (a link, a FIFO, a device) is
/// skipped without being opened. Folders are compared by identity (device and inode), never by
/// how their paths are spelt.
final class RecoveryFolder: @unchecked Sendable {
    let descriptor: Int32
    /// For words and for the pages' sources; never opened again to reach what is inside.
    let path: String
    let identity: FileIdentity
    let owner: uid_t
    let mode: mode_t

    private init(descriptor: Int32, path: String, info: stat) {
        self.descriptor = descriptor
        self.path = path
        identity = FileIdentity(info)
        owner = info.st_uid
        mode = info.st_mode & 0o7777
    }

    deinit { close(descriptor) }

    /// The folder `path` itself (a final symbolic link is refused, ELOOP).
    static func open(_ path: String) -> Result<RecoveryFolder, ScanFiles.Errno> {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { return .failure(ScanFiles.Errno(ELOOP, "a symbolic link")) }
        return open(AT_FDCWD, path, shownAs: clean(path))
    }

    /// The folder `name` in this one: only a real folder, never a link to one.
    func folder(_ name: String) -> Result<RecoveryFolder, ScanFiles.Errno> {
        guard Self.isPlainName(name) else { return .failure(ScanFiles.Errno(EINVAL, "not a plain name")) }
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .failure(ScanFiles.Errno(errno)) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return .failure(ScanFiles.Errno(ENOTDIR, info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a folder"))
        }
        return Self.open(descriptor, name, shownAs: child(name)).flatMap { opened in
            opened.identity == FileIdentity(info) ? .success(opened) : .failure(ScanFiles.Errno(ESTALE, "changed while it was opened"))
        }
    }

    private static func open(_ at: Int32, _ name: String, shownAs path: String) -> Result<RecoveryFolder, ScanFiles.Errno> {
        // O_NONBLOCK: a FIFO under the name is refused (ENOTDIR) without waiting for a writer.
        let fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            return .failure(code == ELOOP ? ScanFiles.Errno(ELOOP, "a symbolic link") : ScanFiles.Errno(code))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            return .failure(ScanFiles.Errno(code))
        }
        return .success(RecoveryFolder(descriptor: fd, path: path, info: info))
    }

    /// The path of `name` in this folder (for words and for the pages' sources).
    func child(_ name: String) -> String { path == "/" ? "/" + name : path + "/" + name }

    /// What `name` is, without following a link; nil when nothing is there.
    func status(_ name: String) -> stat? {
        var info = stat()
        return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// The regular file `name`'s bytes, at most `limit`.
    func read(_ name: String, limit: Int) -> Result<[UInt8], ScanFiles.Errno> {
        guard Self.isPlainName(name) else { return .failure(ScanFiles.Errno(EINVAL, "not a plain name")) }
        return ScanFiles.read(descriptor, name, limit: limit)
    }

    /// A new file `name` holding `bytes`, written whole (EEXIST when the name is taken);
    /// its identity once it has its name.
    func create(_ bytes: [UInt8], named name: String) -> Result<FileIdentity, ScanFiles.Errno> {
        if let failure = WholeFile.write(bytes, inFolder: descriptor, name: name, placing: .new) {
            return .failure(ScanFiles.Errno(failure.code, failure.detail))
        }
        guard let info = status(name) else { return .failure(ScanFiles.Errno(errno)) }
        return .success(FileIdentity(info))
    }

    /// `name` replaced by `bytes` in one step.
    func replace(_ bytes: [UInt8], named name: String) -> ScanFiles.Errno? {
        WholeFile.write(bytes, inFolder: descriptor, name: name, placing: .replacing).map { ScanFiles.Errno($0.code, $0.detail) }
    }

    /// Removes the regular file `name` of this user's, and only while it is the file `expected`
    /// names (when known). False when anything else is there.
    @discardableResult
    func remove(_ name: String, expected: FileIdentity? = nil) -> Bool {
        guard Self.isPlainName(name), let info = status(name), info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else { return false }
        if let expected, FileIdentity(info) != expected { return false }
        return unlinkat(descriptor, name, 0) == 0
    }

    /// The names in the folder (not `.` and `..`).
    func names() -> [String] { WholeFile.names(inFolder: descriptor) }

    /// Removes the empty folder `name` in this one; the names still in it when it is not empty.
    func removeFolder(_ name: String, leftover: RecoveryFolder) -> [String] {
        if unlinkat(descriptor, name, AT_REMOVEDIR) == 0 { return [] }
        return leftover.names().sorted()
    }

    /// A name of one component, as a manifest may give.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.utf8.contains(0)
    }

    /// `path` without repeated or trailing slashes: `/tmp//strips-scans-0/` is `/tmp/strips-scans-0`.
    static func clean(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}

extension WholeFile {
    /// `write(_:to:)` for a name in an open folder.
    static func write(_ bytes: [UInt8], inFolder folder: Int32, name: String, placing: Placing) -> Failure? {
        do {
            return try WholeFile(inFolder: folder, name: name, placing: placing, mode: 0o600).complete(with: bytes)
        } catch {
            return error
        }
    }
}
