import Glibc

/// Temporary files of saves that never finished. A `WholeFile` is written as
/// `.NAME.strips-PID-RANDOM` and held with `flock` until it is named or removed; a process
/// killed meanwhile (`kill -9`, a crash, a power cut) leaves it behind. A later save to the same
/// place removes such files, and only those: the name is the writer's own pattern, the file a
/// regular file of this user's (or a `StagingFolder` of one, with the files in it), its lock free and the process named in it gone. Anything else
/// (another live save's file, one of another user's, a name that merely looks alike) stays.
extension WholeFile {
    /// Removes what earlier saves to `destination` left beside it (its temporary files, and the
    /// ones made beside those, as the text overlay's). Returns how many files were removed.
    @discardableResult
    public static func removeStaleTemporaries(of destination: String) -> Int {
        let (folder, name) = split(destination)
        let prefix = temporaryPrefix(of: name)
        return removeStaleTemporaries(inFolder: folder) { $0.hasPrefix(prefix) || $0.hasPrefix("." + prefix) }
    }

    /// Removes every stale temporary file in `folder` (a folder save's hidden files: the folder
    /// is the save's target). Returns how many files were removed.
    @discardableResult
    public static func removeStaleTemporaries(inFolder folder: String, matching wanted: (String) -> Bool = { _ in true }) -> Int {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { _ = Glibc.close(fd) }
        return removeStaleTemporaries(inFolder: fd, matching: wanted)
    }

    /// The same in a folder open as `folder`.
    @discardableResult
    public static func removeStaleTemporaries(inFolder folder: Int32, matching wanted: (String) -> Bool = { _ in true }) -> Int {
        var removed = 0
        for name in names(inFolder: folder) where wanted(name) && makerOfTemporary(named: name) != nil {
            if removeIfStale(name, inFolder: folder) { removed += 1 }
        }
        return removed
    }

    /// Whether `name` in `folder` is a temporary file nobody will finish (without touching it).
    public static func isStaleTemporary(named name: String, inFolder folder: String) -> Bool {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { _ = Glibc.close(fd) }
        return withStale(name, inFolder: fd) { _, _ in true } ?? false
    }

    /// The process that made the temporary file `name`: the PID in `.NAME.strips-PID-RANDOM`;
    /// nil for any other name.
    public static func makerOfTemporary(named name: String) -> pid_t? {
        let bytes = Array(name.utf8)
        let mark = Array(marker.utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count > mark.count else { return nil }
        var start = bytes.count - mark.count
        while start > 0, Array(bytes[start..<(start + mark.count)]) != mark { start -= 1 }
        guard start > 0 else { return nil }
        let tail = bytes[(start + mark.count)...]
        guard let dash = tail.firstIndex(of: UInt8(ascii: "-")), dash > tail.startIndex, dash < tail.endIndex - 1,
              tail[..<dash].allSatisfy({ $0 >= 48 && $0 <= 57 }), tail[..<dash].count <= 10,
              tail[(dash + 1)...].allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 122) }),
              let pid = Int32(String(decoding: tail[..<dash], as: UTF8.self)), pid > 0 else { return nil }
        return pid
    }

    /// Runs `body` with the stale file `name` open and locked (so no one finishes it meanwhile);
    /// nil when it is not stale.
    private static func withStale<T>(_ name: String, inFolder folder: Int32, _ body: (stat, Int32) -> T) -> T? {
        guard let pid = makerOfTemporary(named: name), pid != getpid() else { return nil }
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, [S_IFREG, S_IFDIR].contains(info.st_mode & S_IFMT),
              info.st_uid == geteuid() else { return nil }
        // A live maker may be about to lock its new file.
        if kill(pid, 0) == 0 || errno == EPERM { return nil }
        // Opened without following a link and without waiting on anything that is not a file.
        let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = Glibc.close(fd) }
        var opened = stat()
        guard fstat(fd, &opened) == 0, FileIdentity(opened) == FileIdentity(info), flock(fd, LOCK_EX | LOCK_NB) == 0 else { return nil }
        return body(info, fd)
    }

    private static func removeIfStale(_ name: String, inFolder folder: Int32) -> Bool {
        withStale(name, inFolder: folder) { info, opened in
            // Still the file that was checked (not one made under the name since).
            var now = stat()
            guard fstatat(folder, name, &now, AT_SYMLINK_NOFOLLOW) == 0, FileIdentity(now) == FileIdentity(info) else { return false }
            guard info.st_mode & S_IFMT == S_IFDIR else { return unlinkat(folder, name, 0) == 0 }
            // A folder save's hidden folder (`StagingFolder`): the files it holds, then itself.
            // Anything else in it (a folder, a link) is not a save's, and keeps it.
            for inner in names(inFolder: opened) {
                var entry = stat()
                if fstatat(opened, inner, &entry, AT_SYMLINK_NOFOLLOW) == 0, entry.st_mode & S_IFMT == S_IFREG { unlinkat(opened, inner, 0) }
            }
            return unlinkat(folder, name, AT_REMOVEDIR) == 0
        } ?? false
    }

    /// The names in the folder at `path`; none when it cannot be read.
    public static func names(inFolder path: String) -> [String] {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { _ = Glibc.close(fd) }
        return names(inFolder: fd)
    }

    /// The names in an open folder (its descriptor stays open and unmoved).
    public static func names(inFolder folder: Int32) -> [String] {
        let copy = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0, let dir = fdopendir(copy) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
