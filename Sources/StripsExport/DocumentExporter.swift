import Foundation

/// Saves the edited document: a PDF, or a folder of numbered pictures. Source files are only
/// ever read. Whatever is written appears complete or not at all: a PDF is written to a hidden
/// temporary file beside its destination, flushed to disk and renamed; a folder is filled as a
/// hidden temporary folder, then renamed into place. Any failure removes what was written.
public enum DocumentExporter {
    /// Saves `pages` to `destination` (`.pdf`: one PDF; otherwise a new or empty folder).
    /// `sourcePaths` are every file the document was opened from: none may be overwritten.
    /// `replacing` lets a PDF replace an existing file that is not a source (a repeated save
    /// to the same `--output`); it never applies to folders.
    /// `progress` is called after each page with the number of pages done.
    public static func save(_ pages: [ExportPage], to destination: String, sourcePaths: [String],
                            replacing: Bool = false, progress: (Int) -> Void = { _ in }) throws(SaveError) -> SaveResult {
        try save(pages, to: destination, sourcePaths: sourcePaths, replacing: replacing, budget: WriteBudget(), progress: progress)
    }

    /// The destination when none was given: `NAME edited.pdf` beside the first source, or
    /// `NAME edited 2.pdf`, `NAME edited 3.pdf`, ... whichever is free, so nothing is overwritten.
    public static func defaultDestination(documentName: String, besideSource source: String) -> String {
        var name = documentName.replacingOccurrences(of: "/", with: "-")
        if (name as NSString).pathExtension.lowercased() == "pdf" { name = (name as NSString).deletingPathExtension }
        if name.isEmpty { name = "Document" }
        let folder = Destination.parentFolder(of: source)
        var candidate = "\(folder)/\(name) edited.pdf"
        var number = 2
        while Destination.exists(candidate) {
            candidate = "\(folder)/\(name) edited \(number).pdf"
            number += 1
        }
        return candidate
    }

    /// What `save` would write to, or why it would refuse, without writing anything.
    public static func check(destination: String, sourcePaths: [String], replacing: Bool = false) throws(SaveError) -> SaveDestination {
        try Destination.resolve(destination, sourcePaths: sourcePaths, replacing: replacing)
    }

    /// `save` with the bytes counted: tests give `budget` a limit to fail like a full disk.
    static func save(_ pages: [ExportPage], to destination: String, sourcePaths: [String], replacing: Bool,
                     budget: WriteBudget, progress: (Int) -> Void) throws(SaveError) -> SaveResult {
        let target = try Destination.resolve(destination, sourcePaths: sourcePaths + pages.map(\.source.path), replacing: replacing)
        guard !pages.isEmpty else { throw SaveError(destination, "there are no pages to save") }
        switch target {
        case .pdf(let path): return try savePDF(pages, to: path, replacing: replacing, budget: budget, progress: progress)
        case .folder(let path): return try saveFolder(pages, to: path, budget: budget, progress: progress)
        }
    }

    private static func savePDF(_ pages: [ExportPage], to path: String, replacing: Bool, budget: WriteBudget,
                                progress: (Int) -> Void) throws(SaveError) -> SaveResult {
        let output = try OutputFile.create(in: Destination.parentFolder(of: path), finalName: (path as NSString).lastPathComponent,
                                           subject: path, budget: budget)
        do {
            try PDFWriter.write(pages, to: output, progress: progress)
            try output.finish()
            try Publishing.file(output.temporaryPath, as: path, replacing: replacing, subject: path)
        } catch {
            output.discard()
            throw error
        }
        return SaveResult(kind: .pdf, destination: path, pageCount: pages.count, files: [], bytesWritten: budget.written, notes: [])
    }

    private static func saveFolder(_ pages: [ExportPage], to path: String, budget: WriteBudget,
                                   progress: (Int) -> Void) throws(SaveError) -> SaveResult {
        let parent = Destination.parentFolder(of: path)
        let temporary = try makeTemporaryFolder(in: parent, finalName: (path as NSString).lastPathComponent, subject: path)
        var written = FolderWriter.Written()
        do {
            try FolderWriter.write(pages, into: temporary, subject: path, budget: budget, written: &written, progress: progress)
            Publishing.sync(folder: temporary)
            try Publishing.folder(temporary, as: path, subject: path)
        } catch {
            // Only what this save made: its files, then its (now empty) folder.
            for name in written.files { unlink("\(temporary)/\(name)") }
            rmdir(temporary)
            throw error
        }
        return SaveResult(kind: .folder, destination: path, pageCount: pages.count, files: written.files,
                          bytesWritten: budget.written, notes: written.notes)
    }

    private static func makeTemporaryFolder(in parent: String, finalName: String, subject: String) throws(SaveError) -> String {
        for _ in 0..<100 {
            let path = "\(parent)/\(TemporaryName.make(for: finalName))"
            if mkdir(path, 0o777) == 0 { return path }
            if errno != EEXIST { throw SaveError.creating(in: parent, subject: subject, errno: errno) }
        }
        throw SaveError(subject, "cannot make a temporary folder in \(parent)")
    }
}
