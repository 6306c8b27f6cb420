import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsFiles
import StripsPDF

/// Saves the edited document: a PDF, or a folder of numbered pictures. Source files are only
/// ever read. Whatever is written appears complete or not at all: every file is written under a
/// hidden temporary name beside where it goes (`WholeFile`), each write, flush and close checked,
/// then read back (qpdf counts a PDF's pages; a folder's files are counted and measured), and only
/// then given its name. Any failure removes what was written and throws one `SaveError` naming
/// the destination.
public enum DocumentExporter {
    /// Saves `pages` to `destination` (`.pdf`: one PDF; otherwise a new or empty folder).
    /// `sourcePaths` are every file the document was opened from: none may be overwritten.
    /// `replacing` lets a PDF replace an existing file that is not a source (a repeated save
    /// to the same `--output`); it never applies to folders.
    /// `progress` is called after each page with the number of pages done. Runs on the caller's
    /// thread (the app's saver gives it a worker).
    /// `textFiles`: a folder save also writes each page's known text (`ExportPage.text`) beside its
    /// picture as `NNN.txt` (a PDF always carries it, laid invisibly on its pages).
    /// `metadata`: what a PDF says about itself (an opened PDF's kept, `--title`); the rest is
    /// filled in (`PDFSave.resolvedMetadata`).
    public static func save(_ pages: [ExportPage], to destination: String, sourcePaths: [String],
                            replacing: Bool = false, textFiles: Bool = false, metadata: PDFMetadata? = nil,
                            progress: (Int) -> Void = { _ in }) throws(SaveError) -> SaveResult {
        try save(pages, to: destination, sourcePaths: sourcePaths, replacing: replacing, textFiles: textFiles, metadata: metadata, calls: .system,
                 progress: progress)
    }

    /// The destination when none was given: `NAME edited.pdf` beside the first source, or
    /// `NAME edited 2.pdf`, `NAME edited 3.pdf`, ... whichever is free, so nothing is overwritten.
    public static func defaultDestination(documentName: String, besideSource source: String) -> String {
        // Made safe by the one rule for names from content (a document's name may be a PDF's title).
        var name = DocumentNames.safe(documentName) ?? "Document"
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

    /// `save` with the system calls every byte goes through: tests give calls that fail.
    static func save(_ pages: [ExportPage], to destination: String, sourcePaths: [String], replacing: Bool, textFiles: Bool = false,
                     metadata: PDFMetadata? = nil, calls: FileCalls, progress: (Int) -> Void) throws(SaveError) -> SaveResult {
        let staged = try stage(pages, to: destination, sourcePaths: sourcePaths, replacing: replacing, textFiles: textFiles, metadata: metadata,
                               calls: calls, progress: progress)
        try staged.publish()
        return staged.result
    }
}
