import Foundation

/// Writes a whole file or nothing: a temporary file in the same folder, renamed over the target,
/// so a reader (another program, another Strips) never sees half a file and a failure leaves
/// nothing behind.
enum AtomicFile {
    /// Writes `bytes` to `path` with permissions `mode`; false (and no file) on any failure.
    @discardableResult
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        var template = Array((folder + "/.strips-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else { return false }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
    static func makeFolders(_ path: String, mode: mode_t = 0o700) -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) { return isFolder.boolValue }
        let parent = (path as NSString).deletingLastPathComponent
        if parent != path, !parent.isEmpty, !makeFolders(parent, mode: mode) { return false }
        return mkdir(path, mode) == 0 || errno == EEXIST
    }
}
