import Foundation
import StripsPDF

extension DocumentExporter {
    /// What a document opened from `sources` says about itself when it is saved: a PDF first among
    /// them keeps its title, author, subject, keywords, maker, creation date and language; the
    /// title is `title` when given (`--title`), else that PDF's, else `documentName` (a single
    /// file's name without its extension). The rest (author, dates, language) is filled in when saving.
    public static func metadata(title: String?, documentName: String, sources: [String]) -> PDFMetadata {
        var metadata = PDFMetadata()
        if let first = sources.first, PDFSource.isPDF(first), let earlier = PDFMetadataFile.read(first) {
            metadata = metadata.kept(from: earlier)
        }
        // A document of one file is named by the file, less its extension.
        var name = documentName
        if sources.count == 1, let only = sources.first, (only as NSString).lastPathComponent == name { name = (name as NSString).deletingPathExtension }
        let given = title?.trimmingCharacters(in: .whitespacesAndNewlines)
        metadata.title = given.flatMap { $0.isEmpty ? nil : $0 } ?? metadata.title ?? (name.isEmpty ? nil : name)
        return metadata
    }
}
