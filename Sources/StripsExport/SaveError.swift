import Foundation
import StripsFiles

/// Why a save did not happen, in one line: the destination and the reason (which names the page
/// when one page is the cause). Nothing was written when this is thrown (temporary files are
/// removed), and no source was touched.
public struct SaveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The destination path.
    public var subject: String
    public var reason: String

    public init(_ subject: String, _ reason: String) {
        self.subject = subject
        self.reason = reason
    }

    /// `DEST: reason`; the command line prefixes `strips: `.
    public var description: String { "\(subject): \(reason)" }

    /// A page that cannot be saved: `DEST: NAME: reason`.
    static func page(_ destination: String, _ name: String, _ reason: String) -> SaveError {
        SaveError(destination, "\(name): \(reason)")
    }

    /// A failed system call, in words a user can act on: one wording per cause.
    static func system(_ subject: String, _ action: String, errno code: Int32) -> SaveError {
        SaveError(subject, reason(action, code))
    }

    static func reason(_ action: String, _ code: Int32) -> String {
        switch code {
        case ENOSPC, EDQUOT: return "the disk is full"
        case EFBIG: return "the file would be too large for this disk"
        case EACCES, EPERM: return "no permission to \(action)"
        case EROFS: return "the disk is read-only"
        case ENOENT: return "the folder does not exist"
        case ENOTDIR: return "a file is in the way where a folder is needed"
        case EIO: return "the disk reported an input/output error"
        case EEXIST: return WholeFile.Failure.existsReason
        default: return "cannot \(action) (\(String(cString: strerror(code))))"
        }
    }

    /// A step of writing a file went wrong.
    static func writing(_ destination: String, _ failure: WholeFile.Failure, folder: String) -> SaveError {
        switch failure.step {
        case .create:
            // The folder was checked to exist, so ENOENT here means a place that takes no new
            // files (/proc, a vanished mount).
            if failure.code == ENOENT { return SaveError(destination, "cannot create files in \(folder)") }
            return SaveError(destination, reason("write in \(folder)", failure.code))
        case .write, .sync, .close: return SaveError(destination, reason("write", failure.code))
        case .verify: return SaveError(destination, "the written file is not what was written: \(failure.description)")
        case .publish: return SaveError(destination, reason("save there", failure.code))
        }
    }
}
