import Foundation

/// The app's own cache and state files (thumbnail cache entries, the remembered documents), which
/// are meant to be replaced: written whole to a temporary file in the same folder (`NewFile`),
/// then renamed over the old one, so a reader (another program, another Strips) never sees half a
/// file and a failure leaves nothing behind. Never used for a user's files.
public enum CacheFile {
    /// Writes `bytes` to `path` with permissions `mode`; false (and no file) on any failure.
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) -> Bool {
        guard case .success(let (fd, temporary)) = NewFile.temporary(beside: path, mode: mode) else { return false }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress?.advanced(by: written), bytes.count - written) }
            if n <= 0 { break }
            written += n
        }
        let complete = written == bytes.count && fchmod(fd, mode) == 0
        let closed = close(fd) == 0
        guard complete, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Makes `path` and any missing parents with `mode` (existing folders keep theirs).
    public static func makeFolders(_ path: String, mode: mode_t = 0o700) -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) { return isFolder.boolValue }
        let parent = (path as NSString).deletingLastPathComponent
        if parent != path, !parent.isEmpty, !makeFolders(parent, mode: mode) { return false }
        return mkdir(path, mode) == 0 || errno == EEXIST
    }
}
