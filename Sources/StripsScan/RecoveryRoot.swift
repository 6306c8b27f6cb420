import Foundation

/// The folder recovery sessions are made in: `$XDG_STATE_HOME/strips/recovery`, or the private
/// fallback in the temporary folder. Used only when it is this user's own folder: a real folder
/// (not a link to one), owned by this user, that no one else may write in (Strips makes it 0700;
/// each session in it is 0700 too). Another user's folder under the name (one made first in a
/// shared `/tmp`), or one others may write to, is refused in one line, never written to and
/// never read as scans.
enum RecoveryRoot {
    static func open(_ path: String, create: Bool) throws(RecoveryFault) -> RecoveryFolder {
        let shown = RecoveryFolder.clean(path)
        if create {
            let parent = (shown as NSString).deletingLastPathComponent
            if parent != shown, let error = ScanFiles.makeFolders(parent) { throw RecoveryFault("recovery: cannot make \(parent): \(error)") }
            if mkdir(shown, 0o700) != 0, errno != EEXIST { throw RecoveryFault("recovery: cannot make \(shown): \(ScanFiles.Errno(errno))") }
        }
        let folder: RecoveryFolder
        switch RecoveryFolder.open(shown) {
        case .failure(let error):
            if error.code == ELOOP || error.code == ENOTDIR { throw RecoveryFault("recovery: \(shown) is \(error.code == ELOOP ? "a symbolic link" : "not a folder"); not used") }
            throw RecoveryFault("recovery: cannot open \(shown): \(error)")
        case .success(let opened): folder = opened
        }
        guard folder.owner == getuid() else { throw RecoveryFault("recovery: \(shown) belongs to another user (uid \(folder.owner)); not used") }
        guard folder.mode & 0o022 == 0 else {
            throw RecoveryFault("recovery: others may write in \(shown) (mode \(String(folder.mode, radix: 8))); not used")
        }
        return folder
    }
}
