import Glibc

/// How the app writes a file that must appear whole or not at all and must never replace one that
/// is there: the bytes go to a hidden temporary file beside the destination (same folder, same
/// file system), are flushed to disk, and the file is then given its name by a hard link, which
/// cannot clobber, unlike a rename. Saved documents, PDFs, recordings and cache entries all go
/// through these three steps; each caller words its own errors.
public enum NewFile {
    /// A fresh hidden file beside `path`, open for writing with `mode`: its descriptor and path,
    /// or the errno that stopped it.
    public static func temporary(beside path: String, mode: mode_t = 0o644) -> Result<(fd: Int32, path: String), Errno> {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { return .failure(Errno(errno)) }
        // mkstemp makes it 0600; a document or a recording is for other programs too.
        _ = fchmod(fd, mode)
        return .success((fd, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)))
    }

    /// Flushes a finished file to disk, so a crash right after cannot leave a named empty file.
    public static func flush(_ path: String) -> Errno? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return Errno(errno) }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : Errno(errno)
    }

    /// Gives the finished temporary file the name `path`, never replacing a file there (not even
    /// one made meanwhile): EEXIST when something is there. File systems without hard links (FAT,
    /// some network mounts) get one more check that the name is free, then a rename.
    public static func publish(_ temporary: String, as path: String) -> Errno? {
        if link(temporary, path) == 0 {
            unlink(temporary)
            return nil
        }
        let code = errno
        guard [EPERM, ENOTSUP, EOPNOTSUPP, EXDEV, EMLINK].contains(code) else { return Errno(code) }
        if access(path, F_OK) == 0 { return Errno(EEXIST) }
        return rename(temporary, path) == 0 ? nil : Errno(errno)
    }

    /// A C library error number, with its words.
    public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
        public var code: Int32
        public init(_ code: Int32) { self.code = code }
        public var exists: Bool { code == EEXIST }
        public var description: String { String(cString: strerror(code)) }
    }
}
