import Foundation
import StripsFiles

/// What makes a folder under the recovery root a session of Strips': a real folder (no link),
/// this user's, private (0700), holding `strips-session`, a file written once when the folder
/// was made, naming this user and the folder's own identity (device and inode). A folder copied
/// or moved from elsewhere, one a link points to, one another user made, or one that merely
/// holds files named like scans is not a session: it is never read as scans and nothing in it
/// is ever removed.
enum SessionMarker {
    static let name = "strips-session"
    static let heading = "strips recovery session 1"

    static func contents(for folder: RecoveryFolder) -> [UInt8] {
        Array("\(heading)\nuid \(getuid())\nfolder \(folder.identity)\n".utf8)
    }

    /// Marks a folder this process has just made.
    static func write(in folder: RecoveryFolder) -> ScanFiles.Errno? {
        switch folder.create(contents(for: folder), named: name) {
        case .success: return nil
        case .failure(let error): return error
        }
    }

    /// Why `folder` (found as `name` in its root) is not a session of this user's, or nil when it is.
    static func problem(with folder: RecoveryFolder) -> String? {
        guard folder.owner == getuid() else { return "it belongs to another user (uid \(folder.owner))" }
        guard folder.mode & 0o077 == 0 else { return "others may use it (mode \(String(folder.mode, radix: 8)))" }
        switch folder.read(name, limit: 4096) {
        case .failure(let error): return error.code == ENOENT ? "Strips did not make it" : "its mark is \(error)"
        case .success(let bytes):
            guard bytes == contents(for: folder) else { return "its mark is not this folder's" }
            return nil
        }
    }
}
