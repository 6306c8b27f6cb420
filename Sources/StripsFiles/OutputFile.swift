import Glibc

/// Where an output named on the command line or in a script goes (`--trace PATH`, a script's
/// `screenshot PATH`, `strips thumbnail IN OUT`), decided in one place as Unix tools decide:
///
/// - a character device or a FIFO (`/dev/null`, `/dev/stdout`, a pipe) is written into as a
///   stream, never replaced (a FIFO nobody reads is refused rather than waited on);
/// - a symbolic link is never replaced by a file: what it points to is what is written;
/// - a file this process reads (`ReadFiles`: a shown picture, the script) is never written;
/// - a regular file is replaced whole (`WholeFile`: a temporary, then a rename) only when the
///   output says it replaces (`replacing`), else refused as already there;
/// - a folder, a block device, a socket or a link to nothing is refused.
///
/// A stream gets the bytes as they come; a file gets its name only at `finish`.
public final class OutputFile {
    public let path: String
    /// The stream's descriptor, or -1 for a whole file.
    private var stream: Int32 = -1
    private var whole: WholeFile?
    public private(set) var failure: WholeFile.Failure?

    public init(path: String, replacing: Bool, mode: mode_t = 0o666, durable: Bool = true) throws(WholeFile.Failure) {
        self.path = path
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            var link = stat()
            if code == ENOENT, lstat(path, &link) == 0 { throw WholeFile.Failure(.create, ENOENT, detail: "a symbolic link to nothing") }
            if code == ELOOP { throw WholeFile.Failure(.create, ELOOP, detail: "a loop of symbolic links") }
            guard code == ENOENT else { throw WholeFile.Failure(.create, code) }
            whole = try WholeFile(destination: path, placing: .new, mode: mode, durable: durable)
            return
        }
        if ReadFiles.contains(info) {
            throw WholeFile.Failure(.create, EBUSY, detail: "a file this run reads (a picture shown, the script); it is not written")
        }
        switch info.st_mode & S_IFMT {
        case S_IFCHR, S_IFIFO:
            // Non-blocking: a FIFO without a reader fails at once (ENXIO) instead of waiting.
            let fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            guard fd >= 0 else {
                let code = errno
                throw WholeFile.Failure(.create, code, detail: code == ENXIO ? "a FIFO nobody reads" : nil)
            }
            var opened = stat()
            guard fstat(fd, &opened) == 0, [S_IFCHR, S_IFIFO].contains(opened.st_mode & S_IFMT) else {
                close(fd)
                throw WholeFile.Failure(.create, EINVAL, detail: "changed while it was opened")
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            stream = fd
        case S_IFREG:
            guard replacing else { throw WholeFile.Failure(.create, EEXIST) }
            // Through a link to the file it names, which is replaced; the link stays a link.
            guard let real = realpath(path, nil) else { throw WholeFile.Failure(.create, errno) }
            let target = String(cString: real)
            free(real)
            whole = try WholeFile(destination: target, placing: .replacing, mode: mode, durable: durable)
        case S_IFDIR:
            throw WholeFile.Failure(.create, EISDIR, detail: "a folder")
        default:
            throw WholeFile.Failure(.create, EINVAL, detail: "not a regular file, a character device or a FIFO")
        }
    }

    deinit { discard() }

    /// Appends `bytes`; false once anything has failed (see `failure`).
    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        if let whole {
            if !whole.write(bytes) { failure = whole.failure }
            return failure == nil
        }
        guard stream >= 0 else { return false }
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let n = Glibc.write(stream, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                failure = WholeFile.Failure(.write, errno)
                return false
            }
            offset += n
        }
        return true
    }

    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { write($0) } }

    /// A whole file finished and named; a stream closed. Throws the first failure.
    public func finish() throws(WholeFile.Failure) {
        if let failure {
            discard()
            throw failure
        }
        if let whole {
            do {
                try whole.finish()
                try whole.publish()
            } catch {
                whole.discard()
                failure = error
                throw error
            }
        } else if stream >= 0 {
            let fd = stream
            stream = -1
            if close(fd) != 0, errno != EINTR { throw WholeFile.Failure(.close, errno) }
        }
    }

    /// Leaves nothing behind: a whole file's temporary removed, a stream closed.
    public func discard() {
        whole?.discard()
        if stream >= 0 { close(stream) }
        stream = -1
    }

    /// `bytes` as the output `path`: nil, or what went wrong (and then no file is left).
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String, replacing: Bool, mode: mode_t = 0o666, durable: Bool = true) -> WholeFile.Failure? {
        do {
            let output = try OutputFile(path: path, replacing: replacing, mode: mode, durable: durable)
            output.write(bytes)
            try output.finish()
            return nil
        } catch {
            return error
        }
    }
}
