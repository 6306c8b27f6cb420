import Glibc

/// The one way the app reads a small file of its own (a list, a cache entry, a setting) whole:
/// only a regular file (a FIFO is opened without waiting for a writer, then refused; with
/// `following: false` a link or FIFO is refused without being opened at all), at most `limit`
/// bytes (a larger one is refused before anything is allocated).
public enum FileBytes {
    /// Why a file was not read: an error number, with words of our own where the C library's
    /// would mislead.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var code: Int32
        public var text: String?
        public init(_ code: Int32, _ text: String? = nil) {
            self.code = code
            self.text = text
        }
        public var description: String { text ?? String(cString: strerror(code)) }

        public static let notAFile = Failure(EINVAL, "not a regular file")
        public static let tooLarge = Failure(EFBIG)
    }

    /// The bytes of `path`.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        read(AT_FDCWD, path, limit: limit, following: true)
    }

    /// The bytes of `name` in the folder open as `folder`; never through a symbolic link unless
    /// `following`.
    public static func read(_ folder: Int32, _ name: String, limit: Int, following: Bool = false) -> Result<[UInt8], Failure> {
        var info = stat()
        if !following {
            // Anything but a regular file is skipped without being opened.
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .failure(Failure(errno)) }
            guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile) }
        }
        let fd = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (following ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return .failure(errno == ELOOP ? .notAFile : Failure(errno)) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failure(Failure(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile) }
        if !following, FileIdentity(status) != FileIdentity(info) { return .failure(Failure(ESTALE, "changed while it was read")) }
        guard Int(status.st_size) <= limit else { return .failure(.tooLarge) }
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
}
