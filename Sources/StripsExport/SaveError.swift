import Foundation

/// Why a save did not happen, in one line: what it was about and the reason. Nothing was
/// written when this is thrown (temporary files are removed), and no source was touched.
public struct SaveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file name or the destination path.
    public var subject: String
    public var reason: String

    public init(_ subject: String, _ reason: String) {
        self.subject = subject
        self.reason = reason
    }

    /// `SUBJECT: reason`; the command line prefixes `strips: `.
    public var description: String { "\(subject): \(reason)" }

    /// A failed system call on `subject`, in words a user can act on.
    static func system(_ subject: String, _ action: String, errno code: Int32) -> SaveError {
        let reason: String
        switch code {
        case ENOSPC, EDQUOT: reason = "the disk is full"
        case EFBIG: reason = "the file would be too large for this disk"
        case EACCES, EPERM: reason = "no permission to \(action)"
        case EROFS: reason = "the disk is read-only"
        case ENOENT: reason = "the folder does not exist"
        case ENOTDIR: reason = "a file is in the way where a folder is needed"
        case EIO: reason = "the disk reported an input/output error"
        default: reason = "cannot \(action) (\(String(cString: strerror(code))))"
        }
        return SaveError(subject, reason)
    }

    /// Creating a file or folder in `folder` failed. The folder was checked to exist, so
    /// ENOENT here means a place that takes no new files (/proc, a vanished mount).
    static func creating(in folder: String, subject: String, errno code: Int32) -> SaveError {
        code == ENOENT ? SaveError(subject, "cannot create files in \(folder)") : system(subject, "write in \(folder)", errno: code)
    }
}
