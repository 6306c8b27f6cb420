import Foundation
import StripsFiles

/// Gives finished temporary files and folders their final names in one step each, so a reader
/// sees either nothing or the whole result, and never replaces something it should not.
enum Publishing {
    /// Renames the finished temporary file to `path`. Without `replacing`, an existing file at
    /// `path` is never overwritten, even one that appeared after the destination was checked
    /// (`NewFile.publish`).
    static func file(_ temporaryPath: String, as path: String, replacing: Bool, subject: String) throws(SaveError) {
        if replacing {
            guard rename(temporaryPath, path) == 0 else { throw SaveError.system(subject, "save there", errno: errno) }
        } else if let error = NewFile.publish(temporaryPath, as: path) {
            if error.exists { throw SaveError(subject, "already exists (Strips never overwrites a file)") }
            throw SaveError.system(subject, "save there", errno: error.code)
        }
        syncFolder(containing: path)
    }

    /// Renames the finished temporary folder to `path`, which is absent or an empty folder
    /// (rename replaces an empty folder atomically and refuses a non-empty one).
    static func folder(_ temporaryPath: String, as path: String, subject: String) throws(SaveError) {
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            if code == ENOTEMPTY || code == EEXIST { throw SaveError(subject, "the folder is not empty") }
            throw SaveError.system(subject, "save there", errno: code)
        }
        syncFolder(containing: path)
    }

    /// Makes a rename durable: the folder's entry is flushed too.
    static func syncFolder(containing path: String) {
        sync(folder: (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
    }

    static func sync(folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
