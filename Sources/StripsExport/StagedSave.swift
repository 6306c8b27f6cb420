import Foundation
import StripsFiles

/// A save written whole and checked, its files still under their hidden names: `publish` gives
/// them their names (a PDF's one file, or a folder's pages), `discard` removes them as if nothing
/// had been written. A batch of documents stages every document before it names any, so a
/// failure anywhere leaves nothing; `unpublish` takes back the names this save gave, when a later
/// document of the same batch could not be named.
final class StagedSave {
    let result: SaveResult
    private let files: [WholeFile]
    /// The folder this save made (a folder save's destination), removed again on `discard`.
    private let madeFolder: String?
    /// Where the files go, for error messages.
    private let folder: String
    /// The names given so far, with the file each was given to (never another's file is removed).
    private var published: [(path: String, inode: ino_t)] = []

    init(result: SaveResult, files: [WholeFile], madeFolder: String?, folder: String) {
        self.result = result
        self.files = files
        self.madeFolder = madeFolder
        self.folder = folder
    }

    deinit { discard() }

    var destination: String { result.destination }

    /// Where the files are until they are named: a PDF's one file, or a folder's pages.
    var temporaryPaths: [String] { files.map(\.temporaryPath) }

    /// Names every file: new names by links that never replace anything (or, for the session's
    /// own earlier save, a rename over it). A failure takes back the names given and removes the rest.
    func publish() throws(SaveError) {
        do {
            for file in files {
                var info = stat()
                let inode = stat(file.temporaryPath, &info) == 0 ? info.st_ino : 0
                try file.publish()
                published.append((file.destination, inode))
            }
        } catch {
            unpublish()
            discard()
            throw SaveError.writing(destination, error, folder: folder)
        }
        if madeFolder != nil || files.count > 1 { WholeFile.syncFolder(destination) }
    }

    /// The names this save gave taken back, each only while it is still this save's file; the
    /// folder it made goes too.
    func unpublish() {
        for (path, inode) in published.reversed() {
            var info = stat()
            if lstat(path, &info) == 0, info.st_ino == inode { unlink(path) }
        }
        published = []
        if let madeFolder { rmdir(madeFolder) }
    }

    /// The hidden files removed (nothing once published); the folder this save made, if empty.
    func discard() {
        for file in files { file.discard() }
        if published.isEmpty, let madeFolder { rmdir(madeFolder) }
    }
}
