import Foundation
import StripsFiles

/// The recovery folder's and the settings' files, written whole or not at all through
/// `NewFile` (a hidden temporary beside, flushed to disk): a page is published under its name
/// and never over another file; the manifest and the settings replace theirs by a rename. The
/// folder is flushed after, so the new name survives a power cut too.
enum WholeFile {
    typealias Errno = NewFile.Errno

    /// A new file `path` holding `bytes`; EEXIST when something is there.
    static func create(_ bytes: [UInt8], at path: String, mode: mode_t = 0o600) -> Errno? {
        switch temporary(bytes, beside: path, mode: mode) {
        case .failure(let error): return error
        case .success(let temporary):
            if let error = NewFile.publish(temporary, as: path) {
                unlink(temporary)
                return error
            }
            return syncFolder(of: path)
        }
    }

    /// `path` replaced by `bytes` in one step (readers see the old file or the new one).
    static func replace(_ bytes: [UInt8], at path: String, mode: mode_t = 0o600) -> Errno? {
        switch temporary(bytes, beside: path, mode: mode) {
        case .failure(let error): return error
        case .success(let temporary):
            guard rename(temporary, path) == 0 else {
                let error = Errno(errno)
                unlink(temporary)
                return error
            }
            return syncFolder(of: path)
        }
    }

    /// The bytes of `path`, refusing files over `limit` bytes (EFBIG).
    static func read(_ path: String, limit: Int) -> Result<[UInt8], Errno> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Errno(errno)) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failure(Errno(errno)) }
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

    private static func temporary(_ bytes: [UInt8], beside path: String, mode: mode_t) -> Result<String, Errno> {
        switch NewFile.temporary(beside: path, mode: mode) {
        case .failure(let error): return .failure(error)
        case .success(let (fd, temporary)):
            var written = 0
            var failure: Errno?
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { raw in raw.baseAddress.map { Glibc.write(fd, $0 + written, raw.count - written) } ?? 0 }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    failure = Errno(n < 0 ? errno : ENOSPC)
                    break
                }
                written += n
            }
            if failure == nil, fsync(fd) != 0 { failure = Errno(errno) }
            if close(fd) != 0, failure == nil { failure = Errno(errno) }
            if let failure {
                unlink(temporary)
                return .failure(failure)
            }
            return .success(temporary)
        }
    }

    private static func syncFolder(of path: String) -> Errno? {
        let folder = (path as NSString).deletingLastPathComponent
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // Some file systems cannot flush a folder (EINVAL): the file itself is on disk.
        _ = fsync(fd)
        return nil
    }
}
