import CQPDF
import Foundation

/// Reads a PDF's metadata, and writes a PDF again with new metadata (qpdf: the document
/// information dictionary, an XMP metadata stream on the catalog, the catalog's /Lang; every
/// page and stream copied as it is).
public enum PDFMetadataFile {
    /// What `path` says about itself (its information dictionary and /Lang); nil when qpdf cannot
    /// read it. Keys it lacks are nil.
    public static func read(_ path: String) -> PDFMetadata? {
        guard case .success(let file) = QPDFFile.read(path) else { return nil }
        return file.metadata()
    }

    /// `source` written through `sink` (every byte, in order) with `metadata` in its information
    /// dictionary, its XMP and its /Lang, replacing what was there; `now` is the metadata's own
    /// date. A failure is one line; the sink may then have had part of a file (the caller discards it).
    public static func write(_ metadata: PDFMetadata, now: Date = Date(), from source: String,
                             into sink: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) -> Result<Void, PDFFailure> {
        let file: QPDFFile
        switch QPDFFile.read(source) {
        case .failure(let failure): return .failure(failure)
        case .success(let read): file = read
        }
        if let problem = file.setMetadata(metadata, now: now) { return .failure(PDFFailure(problem)) }
        return file.write(into: sink).map { _ in () }
    }
}

extension QPDFFile {
    /// The information dictionary's text keys and dates, and the catalog's /Lang.
    func metadata() -> PDFMetadata {
        var metadata = PDFMetadata(producer: "")
        guard let data = handle else { return metadata }
        let info = qpdf_oh_get_key(data, qpdf_get_trailer(data), "/Info")
        func text(_ key: String) -> String? {
            guard qpdf_oh_is_dictionary(data, info).isTrue else { return nil }
            let value = qpdf_oh_get_key(data, info, key)
            guard qpdf_oh_is_string(data, value).isTrue, let utf8 = qpdf_oh_get_utf8_value(data, value) else { return nil }
            let string = String(cString: utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            return string.isEmpty ? nil : string
        }
        metadata.title = text("/Title")
        metadata.author = text("/Author")
        metadata.subject = text("/Subject")
        metadata.keywords = text("/Keywords")
        metadata.creator = text("/Creator")
        metadata.producer = text("/Producer") ?? ""
        metadata.created = text("/CreationDate").flatMap(PDFMetadata.date(fromPDF:))
        metadata.modified = text("/ModDate").flatMap(PDFMetadata.date(fromPDF:))
        let lang = qpdf_oh_get_key(data, qpdf_get_root(data), "/Lang")
        if qpdf_oh_is_string(data, lang).isTrue, let utf8 = qpdf_oh_get_utf8_value(data, lang) {
            let tag = String(cString: utf8).trimmingCharacters(in: .whitespaces)
            if !tag.isEmpty { metadata.languages = [tag] }
        }
        return metadata
    }

    /// Replaces the information dictionary, the catalog's XMP metadata stream and /Lang; nil when
    /// done, else why not.
    func setMetadata(_ metadata: PDFMetadata, now: Date) -> String? {
        guard let data = handle else { return "qpdf could not start" }
        let info = qpdf_make_indirect_object(data, qpdf_oh_new_dictionary(data))
        func set(_ key: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            qpdf_oh_replace_key(data, info, key, qpdf_oh_new_unicode_string(data, value))
        }
        set("/Title", metadata.title)
        set("/Author", metadata.author)
        set("/Subject", metadata.subject)
        set("/Keywords", metadata.keywords)
        set("/Creator", metadata.creator)
        set("/Producer", metadata.producer)
        set("/CreationDate", metadata.created.map { PDFMetadata.pdfDate($0) })
        set("/ModDate", metadata.modified.map { PDFMetadata.pdfDate($0) })
        qpdf_oh_replace_key(data, qpdf_get_trailer(data), "/Info", info)

        let root = qpdf_get_root(data)
        let stream = qpdf_oh_new_stream(data)
        let xmp = Array(metadata.xmp(now: now).utf8)
        // Left unfiltered, as XMP's readers outside PDF expect (qpdf does not compress it).
        xmp.withUnsafeBufferPointer { qpdf_oh_replace_stream_data(data, stream, $0.baseAddress, $0.count, qpdf_oh_new_null(data), qpdf_oh_new_null(data)) }
        let dictionary = qpdf_oh_get_dict(data, stream)
        qpdf_oh_replace_key(data, dictionary, "/Type", qpdf_oh_new_name(data, "/Metadata"))
        qpdf_oh_replace_key(data, dictionary, "/Subtype", qpdf_oh_new_name(data, "/XML"))
        qpdf_oh_replace_key(data, root, "/Metadata", stream)
        if let language = metadata.languages.first {
            qpdf_oh_replace_key(data, root, "/Lang", qpdf_oh_new_unicode_string(data, language))
        }
        return qpdf_has_error(data).isTrue ? "cannot set the document's metadata: \(errorText())" : nil
    }
}
