import Foundation
import StripsCore
import StripsFiles

/// Why a save did not happen, in one line: the destination and the reason (which names the page
/// when one page is the cause). Nothing was written when this is thrown (temporary files are
/// removed), and no source was touched. The reason is a `HostMessage`: standard error says it in
/// English, the window in the user's language (a library's own words inside it stay as written).
public struct SaveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The destination path.
    public var subject: String
    public var reason: HostMessage

    public init(_ subject: String, _ reason: HostMessage) {
        self.subject = subject
        self.reason = reason
    }

    /// `DEST: reason`; the command line prefixes `strips: `.
    public var description: String { "\(subject): \(reason.english)" }

    /// What the window says: "Not saved: DEST: reason", in the user's language.
    public var notSaved: HostMessage {
        HostMessage(trLater("Not saved: %s: %s"), arguments: [.text(subject), .message(reason)])
    }

    /// A page that cannot be saved: `DEST: NAME: reason`.
    static func page(_ destination: String, _ name: String, _ reason: HostMessage) -> SaveError {
        SaveError(destination, HostMessage("%s: %s", arguments: [.text(name), .message(reason)]))
    }

    /// What a failed system call was doing (each its own wording: a translation cannot join them).
    enum Action: Hashable, Sendable {
        case write
        case writeIn(String)
        case saveThere
    }

    /// A failed system call, in words a user can act on: one wording per cause.
    static func system(_ subject: String, _ action: Action, errno code: Int32) -> SaveError {
        SaveError(subject, reason(action, code))
    }

    static func reason(_ action: Action, _ code: Int32) -> HostMessage {
        switch code {
        case ENOSPC, EDQUOT: return HostMessage(trLater("the disk is full"))
        case EFBIG: return HostMessage(trLater("the file would be too large for this disk"))
        case EACCES, EPERM:
            switch action {
            case .write: return HostMessage(trLater("no permission to write"))
            case .writeIn(let folder): return HostMessage(trLater("no permission to write in %s"), folder)
            case .saveThere: return HostMessage(trLater("no permission to save there"))
            }
        case EROFS: return HostMessage(trLater("the disk is read-only"))
        case ENOENT: return HostMessage(trLater("the folder does not exist"))
        case ENOTDIR: return HostMessage(trLater("a file is in the way where a folder is needed"))
        case EIO: return HostMessage(trLater("the disk reported an input/output error"))
        case EEXIST: return HostMessage(trLater("already exists (Strips never overwrites a file)"))
        default:
            // The system's own words (strerror) stay as the system says them.
            let words = String(cString: strerror(code))
            switch action {
            case .write: return HostMessage(trLater("cannot write (%s)"), words)
            case .writeIn(let folder): return HostMessage(trLater("cannot write in %s (%s)"), folder, words)
            case .saveThere: return HostMessage(trLater("cannot save there (%s)"), words)
            }
        }
    }

    /// A step of writing a file went wrong.
    static func writing(_ destination: String, _ failure: WholeFile.Failure, folder: String) -> SaveError {
        switch failure.step {
        case .create:
            // The folder was checked to exist, so ENOENT here means a place that takes no new
            // files (/proc, a vanished mount).
            if failure.code == ENOENT { return SaveError(destination, HostMessage(trLater("cannot create files in %s"), folder)) }
            return SaveError(destination, reason(.writeIn(folder), failure.code))
        case .write, .sync, .close: return SaveError(destination, reason(.write, failure.code))
        case .verify: return SaveError(destination, HostMessage(trLater("the written file is not what was written: %s"), failure.description))
        case .publish: return SaveError(destination, reason(.saveThere, failure.code))
        }
    }
}
