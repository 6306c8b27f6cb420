import StripsCore
import Foundation
import StripsFiles

/// Where a save goes: a path ending in `.pdf` (any case) is one PDF file; any other path is a
/// folder of numbered pictures, which must be new or empty (an empty one is filled, never replaced).
public enum SaveDestination: Hashable, Sendable {
    case pdf(String)
    case folder(String)

    public var path: String {
        switch self {
        case .pdf(let path), .folder(let path): return path
        }
    }
}

/// The destination rules: checked before anything is written, so a refused save costs nothing.
enum Destination {
    static func resolve(_ path: String, sourcePaths: [String], replacing: Bool) throws(SaveError) -> SaveDestination {
        guard !path.isEmpty else { throw SaveError("(no destination)", HostMessage(trLater("give a .pdf file or a folder to save to"))) }
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let sources = sourcePaths.compactMap(identity)
        let parent = parentFolder(of: trimmed)
        var info = stat()
        let present = stat(trimmed, &info) == 0
        let isFolder = present && info.st_mode & S_IFMT == S_IFDIR
        if present, !isFolder, sources.contains(FileIdentity(info)) {
            throw SaveError(path, HostMessage(trLater("is one of the pages being saved (Strips never overwrites a source)")))
        }
        if (trimmed as NSString).pathExtension.lowercased() == "pdf" && !path.hasSuffix("/") {
            if isFolder { throw SaveError(path, HostMessage(trLater("is a folder; name a new .pdf file"))) }
            if present && !replacing { throw SaveError(path, HostMessage(trLater("already exists (Strips never overwrites a file)"))) }
            try checkWritable(parent, subject: path)
            return .pdf(trimmed)
        }
        if present {
            guard isFolder else { throw SaveError(path, HostMessage(trLater("is a file, not a folder; name a new or empty folder, or a .pdf file"))) }
            if sourcePaths.contains(where: { identity(parentFolder(of: $0)) == FileIdentity(info) }) {
                throw SaveError(path, HostMessage(trLater("holds pages being saved; choose a new or empty folder")))
            }
            guard isEmptyFolder(trimmed) else { throw SaveError(path, HostMessage(trLater("the folder is not empty; choose a new or empty folder"))) }
            // Filled where it is: its own permissions decide, as they do for anyone else writing there.
            try checkWritable(trimmed, subject: path)
            return .folder(trimmed)
        }
        try checkWritable(parent, subject: path)
        return .folder(trimmed)
    }

    /// The folder a path is in: "." for a bare name.
    static func parentFolder(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// Anything at `path`, even a dangling symbolic link.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Empty but for what killed saves left (their temporary files, which the save removes).
    static func isEmptyFolder(_ path: String) -> Bool {
        guard let dir = opendir(path) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != "..", !WholeFile.isStaleTemporary(named: name, inFolder: path) { return false }
        }
        return true
    }

    private static func checkWritable(_ folder: String, subject: String) throws(SaveError) {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw errno == ENOENT ? SaveError(subject, HostMessage(trLater("the folder %s does not exist"), folder)) : SaveError.system(subject, .writeIn(folder), errno: errno)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw SaveError(subject, HostMessage(trLater("%s is not a folder"), folder)) }
        guard access(folder, W_OK | X_OK) == 0 else { throw SaveError.system(subject, .writeIn(folder), errno: errno) }
        // The superuser passes access() everywhere; a folder nobody may write to (555) says
        // "leave me as I am" to it too.
        if geteuid() == 0, info.st_mode & 0o222 == 0 { throw SaveError.system(subject, .writeIn(folder), errno: EACCES) }
    }

    /// Device and inode: the same file whatever the path (relative, via a link, ...).
    struct FileIdentity: Hashable {
        var device: UInt
        var inode: UInt
        init(_ info: stat) {
            device = UInt(info.st_dev)
            inode = UInt(info.st_ino)
        }
    }

    static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        return stat(path, &info) == 0 ? FileIdentity(info) : nil
    }
}
