import CLiveTemporaries
import Glibc

/// The one way the app writes a file: whole or not at all. The bytes go to a hidden temporary file
/// beside the destination (same folder, so the same file system), every write, flush and close is
/// checked, the size on disk is compared with what was written, and only then does the file get
/// its name: a new file by a hard link, which cannot clobber anything (not even a file made
/// meanwhile); the app's own cache and state files by a rename over their old copy. Until then a
/// failure (or `discard`) removes the temporary file, so nothing is left behind.
///
/// Saved documents, the pages of a saved folder, GIF recordings (which stream into a lent
/// descriptor), thumbnail cache entries and the document memory all go through it; each caller
/// words its own errors from `Failure`. One thread at a time uses an instance.
///
/// A temporary file is named `.NAME.strips-PID-RANDOM` and held with `flock` from its making
/// until it is published or discarded, so a process killed mid-write (`kill -9`, a power cut)
/// leaves a file any later save can tell is nobody's: its lock is free and its maker gone
/// (`removeStaleTemporaries`).
public final class WholeFile: @unchecked Sendable {
    /// How the finished file gets its name.
    public enum Placing: Sendable {
        /// Never over anything: the name must be free when the file is made and when it is published.
        case new
        /// Over the file of that name, if any (the app's own cache and state files).
        case replacing
    }

    public let destination: String
    /// Where the bytes are until `publish`.
    public let temporaryPath: String
    public let placing: Placing
    /// What `write` has been given.
    public private(set) var bytesWritten = 0
    /// The first thing that went wrong; later writes are skipped, so a writer calling back from C
    /// (cairo, qpdf) can simply stop.
    public private(set) var failure: Failure?

    private var descriptor: Int32
    /// A second descriptor of the temporary file holding its `flock` until it is published or
    /// discarded (the writing descriptor closes at `finish`, which must not free it).
    private var holder: Int32 = -1
    /// The folder names are relative to (`AT_FDCWD`: the working directory, as paths are).
    private let folder: Int32
    private let calls: FileCalls
    private let durable: Bool
    private var pending: [UInt8] = []
    private var lent = false
    private var state = State.writing
    /// Its slot in the registry a SIGINT/SIGTERM handler removes live temporaries by (-1: none).
    private var liveSlot = -1
    private enum State { case writing, finished, published, discarded }
    private static let bufferSize = 1 << 18

    /// A new temporary file beside `destination`, with permissions `mode` (less the umask).
    /// `durable: false` skips fsync, for files a crash may lose (a thumbnail is made again).
    /// Fails at once when `placing` is `.new` and something already has the name.
    public convenience init(destination: String, placing: Placing = .new, mode: mode_t = 0o666, durable: Bool = true,
                            calls: FileCalls = .system) throws(Failure) {
        try self.init(in: AT_FDCWD, destination: destination, placing: placing, mode: mode, durable: durable, calls: calls)
    }

    /// The same in the folder open as `folder` (a descriptor), `name` a plain name in it: nothing
    /// on the way is looked up again, so a folder swapped for a link meanwhile is not followed.
    public convenience init(inFolder folder: Int32, name: String, placing: Placing = .new, mode: mode_t = 0o600, durable: Bool = true,
                            calls: FileCalls = .system) throws(Failure) {
        guard !name.contains("/") else { throw Failure(.create, EINVAL) }
        try self.init(in: folder, destination: name, placing: placing, mode: mode, durable: durable, calls: calls)
    }

    private init(in folder: Int32, destination: String, placing: Placing, mode: mode_t, durable: Bool, calls: FileCalls) throws(Failure) {
        self.destination = destination
        self.placing = placing
        self.calls = calls
        self.durable = durable
        self.folder = folder
        let (parent, name) = folder == AT_FDCWD ? Self.split(destination) : ("", destination)
        guard !name.isEmpty else { throw Failure(.create, EISDIR) }
        var info = stat()
        if placing == .new, fstatat(folder, destination, &info, AT_SYMLINK_NOFOLLOW) == 0 { throw Failure(.create, EEXIST) }
        let prefix = Self.temporaryPrefix(of: name) + "\(getpid())-"
        for _ in 0..<100 {
            let temporary = prefix + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            let candidate = folder == AT_FDCWD ? "\(parent)/\(temporary)" : temporary
            let fd = openat(folder, candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 {
                descriptor = fd
                temporaryPath = candidate
                liveSlot = strips_live_temporary_add(folder, candidate)
                // Held for the file's life: a later save sees it is someone's work in progress.
                // A file system without locks still has the maker's PID in the name.
                holder = fcntl(fd, F_DUPFD_CLOEXEC, 0)
                if holder >= 0, flock(holder, LOCK_EX | LOCK_NB) != 0 {
                    _ = Glibc.close(holder)
                    holder = -1
                }
                pending.reserveCapacity(Self.bufferSize)
                return
            }
            if errno != EEXIST { throw Failure(.create, errno) }
        }
        throw Failure(.create, EEXIST)
    }

    deinit { discard() }

    /// What marks work in progress in a temporary file's name (`.NAME.strips-PID-RANDOM`).
    public static let marker = ".strips-"

    /// `.NAME.strips-`: what every temporary file of `name` begins with. Long names keep their
    /// start: a temporary name must fit NAME_MAX too.
    static func temporaryPrefix(of name: String) -> String {
        "." + String(decoding: name.utf8.prefix(200), as: UTF8.self) + marker
    }

    // MARK: Writing

    /// Appends `bytes`; false once anything has failed (see `failure`).
    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil, state == .writing, descriptor >= 0 else { return false }
        guard !bytes.isEmpty else { return true }
        bytesWritten += bytes.count
        if pending.count + bytes.count <= Self.bufferSize {
            pending.append(contentsOf: bytes.bindMemory(to: UInt8.self))
            return true
        }
        flushPending()
        if bytes.count < Self.bufferSize {
            pending.append(contentsOf: bytes.bindMemory(to: UInt8.self))
        } else {
            writeThrough(bytes)
        }
        return failure == nil
    }

    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { write($0) } }

    /// A descriptor of the temporary file for a library that writes (and closes) on its own, as
    /// giflib does: a duplicate, so `finish` still flushes and closes the file's own descriptor.
    /// The size check is left out: only the library knows what it wrote.
    public func lendDescriptor() -> Int32 {
        flushPending()
        lent = true
        return dup(descriptor)
    }

    /// `finish` for a file a library wrote by its path (`temporaryPath`), as qpdf's job API does:
    /// flushed through this descriptor (fsync reaches every write to the file) and closed; as with a
    /// lent descriptor, the size check is left to the caller.
    public func finishWrittenElsewhere() throws(Failure) {
        lent = true
        try finish()
    }

    private func flushPending() {
        guard !pending.isEmpty else { return }
        let bytes = pending
        pending.removeAll(keepingCapacity: true)
        bytes.withUnsafeBytes { writeThrough($0) }
    }

    private func writeThrough(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while failure == nil, offset < bytes.count, let base = bytes.baseAddress {
            let n = calls.write(descriptor, UnsafeRawBufferPointer(start: base + offset, count: bytes.count - offset))
            if n < 0 {
                if errno == EINTR { continue }
                failure = Failure(.write, errno)
            } else if n == 0 {
                // No progress and no error: nothing more will fit.
                failure = Failure(.write, ENOSPC)
            } else {
                // A short write is legal; the rest goes in the next call (which says why, if it cannot).
                offset += n
            }
        }
    }

    /// Writes what is buffered, flushes it to the disk, checks that the file holds every byte
    /// written, and closes it. Throws the first failure of any step.
    public func finish() throws(Failure) {
        guard state == .writing else {
            if let failure { throw failure }
            return
        }
        state = .finished
        if failure == nil { flushPending() }
        pending = []
        if failure == nil, durable, calls.sync(descriptor) != 0 { failure = Failure(.sync, errno) }
        if failure == nil, !lent {
            var info = stat()
            if fstat(descriptor, &info) != 0 {
                failure = Failure(.verify, errno)
            } else if Int(info.st_size) != bytesWritten {
                failure = Failure(.verify, EIO, detail: "the disk holds \(info.st_size) of the \(bytesWritten) bytes written")
            }
        }
        if calls.close(descriptor) != 0, failure == nil { failure = Failure(.close, errno) }
        descriptor = -1
        if let failure { throw failure }
    }

    // MARK: Naming

    /// Gives the finished (and, by the caller, verified) file its name, as `placing` says, and
    /// makes the name durable.
    public func publish() throws(Failure) {
        guard state == .finished, failure == nil else { throw failure ?? Failure(.publish, EINVAL) }
        switch placing {
        case .replacing:
            guard renameat(folder, temporaryPath, folder, destination) == 0 else { throw Failure(.publish, errno) }
        case .new:
            if let error = Self.link(temporaryPath, as: destination, in: folder) { throw error }
        }
        state = .published
        forgetLive()
        releaseHold()
        if folder == AT_FDCWD { Self.syncFolder(containing: destination) } else { _ = fsync(folder) }
    }

    private func releaseHold() {
        if holder >= 0 { _ = Glibc.close(holder) }
        holder = -1
    }

    /// Closes and removes the temporary file (nothing once published).
    public func discard() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
        // Removed while still held: no other save can take it for a leftover meanwhile.
        if state != .published && state != .discarded { unlinkat(folder, temporaryPath, 0) }
        if state != .published { state = .discarded }
        forgetLive()
        releaseHold()
    }

    private func forgetLive() {
        strips_live_temporary_remove(liveSlot)
        liveSlot = -1
    }

    /// From now on SIGINT and SIGTERM remove every temporary file being written before the process
    /// ends (`strips convert`, a headless `--record`); the window leaves them to SDL's quit.
    public static func removeTemporariesOnInterrupt() { strips_live_temporaries_catch_signals() }

    /// Removes every temporary file being written, now: for a signal handler that ends the
    /// process itself (a convert's second SIGINT or SIGTERM). Async-signal-safe: unlinkat only.
    public static func removeLiveTemporariesNow() { strips_live_temporaries_remove_now() }

    /// How many temporary files are being written now.
    public static var liveTemporaries: Int { Int(strips_live_temporary_count()) }

    /// Names `temporary` `path` without replacing anything there. File systems without hard links
    /// (FAT, some network mounts) get one more look that the name is free, then a rename.
    static func link(_ temporary: String, as path: String, in folder: Int32 = AT_FDCWD) -> Failure? {
        if linkat(folder, temporary, folder, path, 0) == 0 {
            unlinkat(folder, temporary, 0)
            return nil
        }
        let code = errno
        guard [EPERM, ENOTSUP, EOPNOTSUPP, EXDEV, EMLINK].contains(code) else { return Failure(.publish, code) }
        var info = stat()
        if fstatat(folder, path, &info, AT_SYMLINK_NOFOLLOW) == 0 { return Failure(.publish, EEXIST) }
        return renameat(folder, temporary, folder, path) == 0 ? nil : Failure(.publish, errno)
    }

    /// Flushes a folder's entries, so a new name survives a crash. Best effort: the file itself
    /// is already safe, and a folder that cannot be opened for this has nothing to flush.
    public static func syncFolder(containing path: String) { syncFolder(split(path).folder) }

    public static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        _ = Glibc.close(fd)
    }

    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    // MARK: Whole files at once

    /// Writes `bytes` as the file `path`: nil, or what went wrong (and then no file is left).
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o666, placing: Placing = .new,
                             durable: Bool = true, calls: FileCalls = .system) -> Failure? {
        do {
            return try WholeFile(destination: path, placing: placing, mode: mode, durable: durable, calls: calls).complete(with: bytes)
        } catch {
            return error
        }
    }

    /// `bytes` written to this new file, which is then finished and named: nil, or what went
    /// wrong (and then the file is discarded).
    public func complete(with bytes: [UInt8]) -> Failure? {
        write(bytes)
        do {
            try finish()
            try publish()
        } catch {
            discard()
            return error
        }
        return nil
    }

    /// Makes `path` and any missing parents with `mode` (existing folders keep theirs).
    public static func makeFolders(_ path: String, mode: mode_t = 0o700) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR }
        let parent = split(path).folder
        if parent != path, parent != ".", !makeFolders(parent, mode: mode) { return false }
        return mkdir(path, mode) == 0 || errno == EEXIST
    }

    // MARK: Failures

    /// Which step failed and the error number; callers word it for their users.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public enum Step: String, Hashable, Sendable {
            case create, write, sync, close, verify, publish
        }

        public var step: Step
        public var code: Int32
        /// A verification's own words (the size on disk, say).
        public var detail: String?

        public init(_ step: Step, _ code: Int32, detail: String? = nil) {
            self.step = step
            self.code = code
            self.detail = detail
        }

        /// Something already has the name.
        public var exists: Bool { code == EEXIST }
        /// The one wording of a name taken, wherever a new file is refused for it (a save, a
        /// batch's document, a page's PNG, a screenshot, a thumbnail).
        public static let existsReason = "already exists (Strips never overwrites a file)"
        public var description: String { detail ?? String(cString: strerror(code)) }
    }
}
