import Foundation
import StripsCore
import StripsFiles

/// A save written whole and checked, its files still under their hidden names (or a new folder's
/// named inside its hidden `StagingFolder`): `publish` gives them their names (a PDF's one file, a
/// new folder at once, or an empty folder's pages), `discard` removes them as if nothing had been
/// written. A batch of documents stages every document before it names any, so a
/// failure anywhere leaves nothing; `unpublish` takes back the names this save gave, when a later
/// document of the same batch could not be named.
final class StagedSave {
    let result: SaveResult
    private let files: [WholeFile]
    /// A new folder's hidden folder, its files named in it, named itself on `publish`.
    private let stage: StagingFolder?
    /// Where the files go, for error messages.
    private let folder: String
    /// The names given so far, with the file each was given to (never another's file is removed).
    private var published: [(path: String, inode: ino_t)] = []

    init(result: SaveResult, files: [WholeFile], folder: String) {
        self.result = result
        self.files = files
        self.stage = nil
        self.folder = folder
    }

    init(result: SaveResult, stage: StagingFolder) {
        self.result = result
        self.files = []
        self.stage = stage
        self.folder = Destination.parentFolder(of: stage.destination)
    }

    deinit { discard() }

    var destination: String { result.destination }

    /// Each file as it will be named, and where it is until then (a PDF's one file; a folder's
    /// pages, in a new folder's hidden folder or under their hidden names in an empty one).
    var unnamed: [(name: String, path: String)] {
        if let stage { return result.files.map { ($0, stage.path + "/" + $0) } }
        return files.map { (($0.destination as NSString).lastPathComponent, $0.temporaryPath) }
    }

    /// Names every file: a new folder by one rename that replaces nothing; other new names by links
    /// that never replace anything (or, for the session's own earlier save, a rename over it). A
    /// failure takes back the names given and removes the rest.
    func publish() throws(SaveError) {
        if let stage {
            do {
                try stage.publish()
            } catch {
                stage.discard()
                if error.code == EEXIST { throw SaveError(destination, HostMessage(trLater("appeared while saving; choose a new or empty folder"))) }
                throw SaveError.writing(destination, error, folder: folder)
            }
            return
        }
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
        if files.count > 1 { WholeFile.syncFolder(destination) }
    }

    /// The names this save gave taken back, each only while it is still this save's file; a new
    /// folder is hidden again.
    func unpublish() {
        stage?.unpublish()
        for (path, inode) in published.reversed() {
            var info = stat()
            if lstat(path, &info) == 0, info.st_ino == inode { unlink(path) }
        }
        published = []
    }

    /// The hidden files removed (nothing once published).
    func discard() {
        for file in files { file.discard() }
        stage?.discard()
    }
}
