import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsFiles
import StripsPDF

/// Saves a batch split into documents, one file (PDF or folder) each: the first where asked, the
/// others beside it named as `DocumentNames` says (the separator sheet's text, else `NAME-N`).
/// All or none: every destination is checked before anything is written, every document is
/// written whole and checked under hidden names, and only then are they named; a failure
/// anywhere removes what this save wrote and names the document that failed.
public enum BatchExporter {
    /// One document to save: its pages, and the text of the separator sheet before it.
    public struct Part: Sendable {
        public var pages: [ExportPage]
        public var title: String?

        public init(pages: [ExportPage], title: String?) {
            self.pages = pages
            self.title = title
        }
    }

    /// Where each document goes when the first goes to `destination`: beside it, of its kind
    /// (`NAME.pdf`: PDFs; otherwise folders), named from the first's name.
    public static func destinations(_ documents: [Part], first destination: String) -> [String] {
        let trimmed = destination.count > 1 && destination.hasSuffix("/") ? String(destination.dropLast()) : destination
        let isPDF = (trimmed as NSString).pathExtension.lowercased() == "pdf" && !destination.hasSuffix("/")
        let file = (trimmed as NSString).lastPathComponent
        let base = isPDF ? (file as NSString).deletingPathExtension : file
        let folder = Destination.parentFolder(of: trimmed)
        let names = DocumentNames.names(base: base, titles: documents.map(\.title))
        let prefix = folder == "." && !trimmed.hasPrefix("./") ? "" : folder.hasSuffix("/") ? folder : folder + "/"
        return names.enumerated().map { n, name in n == 0 ? destination : "\(prefix)\(name)\(isPDF ? ".pdf" : "")" }
    }

    /// Saves `documents` (the first to `destination`). `replacing`: paths this session saved
    /// before, which may be replaced; any other destination must be new (an empty folder is
    /// filled). `progress`: pages written so far, over all documents. The results, in order.
    /// `metadata`: the first document's (its title, author, dates); the others share all but its
    /// title, which their own names give.
    public static func save(_ documents: [Part], to destination: String, sourcePaths: [String], replacing: Set<String> = [],
                            textFiles: Bool = false, metadata: PDFMetadata? = nil, progress: (Int) -> Void = { _ in }) throws(SaveError) -> [SaveResult] {
        try save(documents, to: destination, sourcePaths: sourcePaths, replacing: replacing, textFiles: textFiles, metadata: metadata,
                 calls: .system, progress: progress)
    }

    static func save(_ documents: [Part], to destination: String, sourcePaths: [String], replacing: Set<String>, textFiles: Bool,
                     metadata: PDFMetadata? = nil, calls: FileCalls, progress: (Int) -> Void) throws(SaveError) -> [SaveResult] {
        let paths = destinations(documents, first: destination)
        // Refused before anything is written: a destination taken, a folder not empty.
        // The refusal says, as a failure while writing does, that none of the batch was saved.
        for (document, path) in zip(documents, paths) {
            guard !document.pages.isEmpty else {
                throw Self.nothingSaved(SaveError(path, HostMessage(trLater("there are no pages to save"))), count: documents.count)
            }
            do throws(SaveError) {
                _ = try DocumentExporter.check(destination: path, sourcePaths: sourcePaths + document.pages.map(\.source.path),
                                               replacing: replacing.contains(path))
            } catch {
                throw Self.nothingSaved(error, count: documents.count)
            }
        }
        var staged: [StagedSave] = []
        var done = 0
        for (n, (document, path)) in zip(documents, paths).enumerated() {
            var own = metadata
            if n > 0 { own?.title = nil }
            do {
                let save = try DocumentExporter.stage(document.pages, to: path, sourcePaths: sourcePaths, replacing: replacing.contains(path),
                                                      textFiles: textFiles, metadata: own, calls: calls) { progress(done + $0) }
                staged.append(save)
                done += document.pages.count
            } catch {
                for save in staged { save.discard() }
                throw Self.nothingSaved(error, count: documents.count)
            }
        }
        // Named together, new names first: a file this session wrote before is replaced last, so
        // a failure before it takes back only new names.
        let order = staged.indices.sorted { (replacing.contains(paths[$0]) ? 1 : 0) < (replacing.contains(paths[$1]) ? 1 : 0) }
        var named: [StagedSave] = []
        for k in order {
            do {
                try staged[k].publish()
                named.append(staged[k])
            } catch {
                for save in named.reversed() { save.unpublish() }
                for save in staged { save.discard() }
                throw Self.nothingSaved(error, count: documents.count)
            }
        }
        return staged.map(\.result)
    }

    /// One document of a batch saved on its own (`strips convert` names each as soon as it is
    /// written, so a run stopped half-way keeps the documents it finished): checked, written
    /// whole and verified under hidden names, `beforeNaming` told each file's name and where it is
    /// until named (a PDF's one file, or a folder's pages), then named. `beforeNaming` throwing
    /// discards the files.
    public static func saveDocument(_ document: Part, to path: String, sourcePaths: [String],
                                    beforeNaming: ([(name: String, path: String)]) throws(SaveError) -> Void = { _ throws(SaveError) in },
                                    progress: (Int) -> Void = { _ in }) throws(SaveError) -> SaveResult {
        guard !document.pages.isEmpty else { throw SaveError(path, HostMessage(trLater("there are no pages to save"))) }
        let staged = try DocumentExporter.stage(document.pages, to: path, sourcePaths: sourcePaths, replacing: false, textFiles: false,
                                                calls: .system, progress: progress)
        do {
            try beforeNaming(staged.unnamed)
        } catch {
            staged.discard()
            throw error
        }
        try staged.publish()
        return staged.result
    }

    /// The error of the document that failed, saying the others were not kept either.
    private static func nothingSaved(_ error: SaveError, count: Int) -> SaveError {
        SaveError(error.subject, nothingSaved(error.reason, count: count))
    }

    /// `reason` followed by "(none of the N documents was saved)" in the catalog's plural forms, for
    /// a batch's failure, in the window (translated) and in `strips convert` (its English); a batch
    /// of one document says the reason alone.
    public static func nothingSaved(_ reason: HostMessage, count: Int) -> HostMessage {
        guard count > 1 else { return reason }
        return HostMessage(trnLater("%s (none of the %d document was saved)", "%s (none of the %d documents was saved)"), count: count,
                           arguments: [.message(reason)])
    }
}

extension DocumentExporter {
    /// `save` up to the point of naming: the caller publishes or discards.
    static func stage(_ pages: [ExportPage], to destination: String, sourcePaths: [String], replacing: Bool, textFiles: Bool,
                      metadata: PDFMetadata? = nil, calls: FileCalls, progress: (Int) -> Void) throws(SaveError) -> StagedSave {
        let target = try Destination.resolve(destination, sourcePaths: sourcePaths + pages.map(\.source.path), replacing: replacing)
        guard !pages.isEmpty else { throw SaveError(destination, HostMessage(trLater("there are no pages to save"))) }
        // What an earlier save to the same place left when it was killed mid-way goes first, so
        // it neither fills the disk nor blocks this one (a new folder's hidden folder beside it, an
        // empty folder's hidden files).
        switch target {
        case .pdf(let path): WholeFile.removeStaleTemporaries(of: path)
        case .folder(let path):
            WholeFile.removeStaleTemporaries(of: path)
            WholeFile.removeStaleTemporaries(inFolder: path)
        }
        switch target {
        case .pdf(let path):
            return try PDFSave(pages: pages, destination: path, placing: replacing ? .replacing : .new, calls: calls, metadata: metadata)
                .write(progress: progress)
        case .folder(let path):
            return try FolderSave(pages: pages, destination: path, textFiles: textFiles, calls: calls).write(progress: progress)
        }
    }
}
