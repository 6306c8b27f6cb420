import Foundation

/// The `lock` file of a recovery folder, held with `flock` for as long as its session lives.
/// The kernel drops the lock when the process ends, however it ends (`kill -9` included), so a
/// folder whose lock can be taken is a leftover and one whose lock cannot is another live
/// session's (in this process or another), never to be touched. The file holds the owner's
/// pid, for the words only. It is reached through its folder's descriptor, never through a
/// link, and anything but a regular file under its name is no lock.
final class SessionLock: @unchecked Sendable {
    private var fd: Int32

    /// The lock `name` in `folder` (made if missing), or nil when another session holds it or
    /// the name is not a regular file.
    init?(in folder: RecoveryFolder, name: String) {
        // Close-on-exec: a child the app starts (a file chooser) must not keep the lock alive
        // after the app is gone.
        let fd = openat(folder.descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Whether a live session holds the lock `name` in `folder` (a missing file is no session;
    /// something that is not a regular file is not opened, and counts as held: never touched).
    static func isHeld(in folder: RecoveryFolder, name: String) -> Bool {
        guard let info = folder.status(name) else { return false }
        guard info.st_mode & S_IFMT == S_IFREG else { return true }
        let fd = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return errno != ENOENT }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }

    func release() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit {
        release()
    }
}
