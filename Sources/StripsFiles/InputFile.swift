import Glibc
import Synchronization

/// The one way the app opens a file a user named (a picture, a page's file, a PDF, a script) for
/// reading: only a regular file is opened, and nothing on the way can block. What is not a
/// regular file is refused from `stat` before it is opened (a FIFO would block `open` until a
/// writer came, `/dev/zero` never ends, a folder has no bytes); the open itself is non-blocking
/// and checked again with `fstat`, so a file swapped for a FIFO meanwhile is refused too. Every
/// file opened is noted in `ReadFiles`, so no output of this process ever writes over it.
public enum InputFile {
    /// Why a path was not opened, in words a user's line can end with.
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        public var code: Int32
        public var description: String

        public init(_ code: Int32, _ description: String) {
            self.code = code
            self.description = description
        }

        /// Nothing is there (not a link to nothing, not a loop).
        public var isMissing: Bool { code == ENOENT }
    }

    /// A read-only, blocking descriptor of the regular file `path` (the caller closes it), or why not.
    public static func open(_ path: String) -> Result<Int32, Refusal> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(refusal(path, errno)) }
        if let problem = kindProblem(info) { return .failure(problem) }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return .failure(refusal(path, errno)) }
        var opened = stat()
        guard fstat(fd, &opened) == 0 else {
            let code = errno
            Glibc.close(fd)
            return .failure(refusal(path, code))
        }
        if let problem = kindProblem(opened) {
            Glibc.close(fd)
            return .failure(problem)
        }
        // A regular file's reads never wait; the flag only mattered for the open.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        ReadFiles.note(opened)
        return .success(fd)
    }

    /// Why a path is no file to read, from its `stat` (nil: a regular file).
    public static func kindProblem(_ info: stat) -> Refusal? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return Refusal(EISDIR, "a folder, not a file")
        case S_IFIFO: return Refusal(EINVAL, "a FIFO (named pipe), not a file")
        case S_IFCHR: return Refusal(EINVAL, "a character device, not a file")
        case S_IFBLK: return Refusal(EINVAL, "a block device, not a file")
        case S_IFSOCK: return Refusal(EINVAL, "a socket, not a file")
        default: return Refusal(EINVAL, "not a regular file")
        }
    }

    /// The words for a failed `stat` or `open` of `path`: a link to nothing and a loop of links
    /// are told from a missing file.
    public static func refusal(_ path: String, _ code: Int32) -> Refusal {
        switch code {
        case ENOENT:
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK { return Refusal(code, "a symbolic link to nothing") }
            return Refusal(code, "no such file")
        case ELOOP: return Refusal(code, "a loop of symbolic links")
        case EACCES, EPERM: return Refusal(code, "no permission to read the file")
        case ENOTDIR: return Refusal(code, "no such file (a part of the path is not a folder)")
        default: return Refusal(code, "cannot read the file (\(String(cString: strerror(code))))")
        }
    }
}

/// Every file this process has opened to read a user's content (pictures, pages, PDFs, scripts,
/// tuning files): what an output must never write over (`OutputFile`). Identities, not paths, so
/// another spelling or a hard link of a shown picture is the same file; each with its change time
/// when read, because a file deleted since leaves its inode free for the next new file (a trace
/// or screenshot made later in a long run must not be refused for a file that is gone).
public enum ReadFiles {
    private static let files = Mutex<[FileIdentity: ChangeTime]>([:])

    /// `st_ctim`: set when a file is made and whenever it or its inode changes.
    struct ChangeTime: Hashable, Sendable {
        var seconds: Int
        var nanoseconds: Int
        init(_ info: stat) {
            seconds = info.st_ctim.tv_sec
            nanoseconds = info.st_ctim.tv_nsec
        }
    }

    public static func note(_ info: stat) {
        files.withLock { $0[FileIdentity(info)] = ChangeTime(info) }
    }

    /// Notes the file `path` names now, if any (a file read by a library that opens it itself).
    public static func note(path: String) {
        var info = stat()
        if stat(path, &info) == 0 { note(info) }
    }

    /// Whether the file `info` describes is one this process read: the same inode, not changed
    /// since (a new file on a freed inode has a later change time).
    public static func contains(_ info: stat) -> Bool {
        files.withLock { $0[FileIdentity(info)] == ChangeTime(info) }
    }
}
