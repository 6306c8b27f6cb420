import CLiveTemporaries
import Glibc

/// A new folder filled out of sight and then named whole: `.NAME.strips-PID-RANDOM` beside the
/// folder-to-be, its files written and named inside it, then the folder itself given its name by
/// one rename that never replaces anything. Killed at any moment (`kill -9` too), a folder save
/// leaves either no folder under its name or the whole one; what it left hidden is a stale
/// temporary the next save to the same place removes (`removeStaleTemporaries(of:)`).
public final class StagingFolder {
    /// Where the folder is to appear.
    public let destination: String
    /// Where it is filled.
    public let path: String
    /// Held (locked) for the folder's life: a later save sees someone's work in progress.
    private var descriptor: Int32 = -1
    private var slot = -1
    /// The names given inside, each noted for the signal handler while the folder is hidden.
    private var named: [(name: String, slot: Int)] = []
    private var state = State.filling
    private enum State { case filling, published, discarded }

    /// Makes the hidden folder; fails at once when something already has the destination's name.
    public init(destination: String) throws(WholeFile.Failure) {
        self.destination = destination
        let (parent, name) = WholeFile.split(destination)
        guard !name.isEmpty else { throw WholeFile.Failure(.create, EISDIR) }
        var info = stat()
        if lstat(destination, &info) == 0 { throw WholeFile.Failure(.create, EEXIST) }
        let prefix = WholeFile.temporaryPrefix(of: name) + "\(getpid())-"
        for _ in 0..<100 {
            let candidate = "\(parent)/\(prefix)\(String(UInt32.random(in: 0...UInt32.max), radix: 36))"
            guard mkdir(candidate, 0o777) == 0 else {
                if errno == EEXIST { continue }
                throw WholeFile.Failure(.create, errno)
            }
            path = candidate
            slot = strips_live_temporary_add_folder(AT_FDCWD, candidate)
            descriptor = open(candidate, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                _ = close(descriptor)
                descriptor = -1
            }
            return
        }
        throw WholeFile.Failure(.create, EEXIST)
    }

    deinit { discard() }

    /// Notes that `name` inside is about to be given to a finished file, so a signal before the
    /// folder is named removes it (and then the folder).
    public func willName(_ name: String) {
        named.append((name, strips_live_temporary_add(AT_FDCWD, "\(path)/\(name)")))
    }

    /// Gives the folder its name, never replacing anything: a folder that appeared there since
    /// (even an empty one) is EEXIST. File systems without renameat2 get one more look that the
    /// name is free, then a rename (which would take an empty folder made in that instant).
    public func publish() throws(WholeFile.Failure) {
        guard state == .filling else { throw WholeFile.Failure(.publish, EINVAL) }
        _ = fsync(descriptor)
        if strips_rename_noreplace(AT_FDCWD, path, AT_FDCWD, destination) != 0 {
            let code = errno
            guard code == EINVAL || code == ENOSYS else { throw WholeFile.Failure(.publish, code) }
            var info = stat()
            if lstat(destination, &info) == 0 { throw WholeFile.Failure(.publish, EEXIST) }
            guard rename(path, destination) == 0 else { throw WholeFile.Failure(.publish, errno) }
        }
        state = .published
        forgetSlots()
        WholeFile.syncFolder(containing: destination)
    }

    /// Takes the name back (a later document of the same batch could not be named), only while
    /// the folder under it is still this one; it is hidden again, to be discarded.
    public func unpublish() {
        guard state == .published, descriptor >= 0 else { return }
        var mine = stat(), there = stat()
        guard fstat(descriptor, &mine) == 0, lstat(destination, &there) == 0, FileIdentity(mine) == FileIdentity(there),
              strips_rename_noreplace(AT_FDCWD, destination, AT_FDCWD, path) == 0 || rename(destination, path) == 0 else { return }
        state = .filling
    }

    /// Removes the hidden folder and the files named in it (nothing once published).
    public func discard() {
        if state == .filling {
            for (name, _) in named { unlink("\(path)/\(name)") }
            rmdir(path)
            state = .discarded
        }
        forgetSlots()
        if descriptor >= 0 { _ = close(descriptor) }
        descriptor = -1
    }

    private func forgetSlots() {
        for (_, slot) in named { strips_live_temporary_remove(slot) }
        strips_live_temporary_remove(slot)
        slot = -1
        if state != .filling { named = named.map { ($0.name, -1) } }
    }
}
