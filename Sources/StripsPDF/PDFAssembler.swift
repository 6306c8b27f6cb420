import CQPDF
import Foundation

/// One page of a PDF to be saved: which file, which page (from 0), and how many quarter turns
/// clockwise to add to its own /Rotate.
public struct PDFPageRef: Hashable, Sendable {
    public var sourcePDF: String
    public var pageIndex: Int
    public var extraQuarterTurns: Int

    public init(sourcePDF: String, pageIndex: Int, extraQuarterTurns: Int = 0) {
        self.sourcePDF = sourcePDF
        self.pageIndex = pageIndex
        self.extraQuarterTurns = extraQuarterTurns
    }
}

/// Saves pages of any number of PDFs, in any order, as a new PDF. Each page is copied whole with
/// qpdf: its content stream, fonts, images and annotations come along untouched, so text stays
/// selectable and vectors stay vectors; nothing is re-rendered.
public enum PDFAssembler {
    public static func write(pages: [(sourcePDF: String, pageIndex: Int, extraQuarterTurns: Int)], to path: String) -> Result<Void, PDFFailure> {
        write(pages.map { PDFPageRef(sourcePDF: $0.sourcePDF, pageIndex: $0.pageIndex, extraQuarterTurns: $0.extraQuarterTurns) }, to: path)
    }

    /// Writes `pages` to a new file at `path` atomically: on any failure (a source unreadable,
    /// encrypted or short of a page; the disk full) nothing is left behind, and an existing file
    /// is never replaced. Safe on any thread (every call has its own qpdf objects).
    public static func write(_ pages: [PDFPageRef], to path: String) -> Result<Void, PDFFailure> {
        guard !pages.isEmpty else { return .failure(PDFFailure("no pages to save")) }
        var sources: [String: QPDFFile] = [:]
        for ref in pages where sources[ref.sourcePDF] == nil {
            switch QPDFFile.read(ref.sourcePDF) {
            case .failure(let failure): return .failure(failure)
            case .success(let file): sources[ref.sourcePDF] = file
            }
        }
        guard let output = QPDFFile.empty() else { return .failure(PDFFailure("qpdf could not start")) }
        for (position, ref) in pages.enumerated() {
            guard let source = sources[ref.sourcePDF] else { continue }
            if let problem = output.append(page: ref.pageIndex, of: source, at: position, extraQuarterTurns: ref.extraQuarterTurns) {
                return .failure(PDFFailure("\(PDFPageName.traceID(path: ref.sourcePDF, pageIndex: ref.pageIndex)): \(problem)"))
            }
        }
        // Page contents are copied from the sources while writing, so they stay open until then.
        return withExtendedLifetime(sources) {
            AtomicFile.create(path) { temporary in output.write(to: temporary).map { .failure($0) } ?? .success(()) }
        }
    }
}

/// One qpdf document, with errors collected instead of printed.
final class QPDFFile {
    private let data: qpdf_data
    /// The pages as the source file had them, read once (adding pages to another file never changes them).
    private var pageCount: Int = 0

    private init(_ data: qpdf_data) {
        self.data = data
        qpdf_silence_errors(data)
        qpdf_set_suppress_warnings(data, QPDF_TRUE)
    }

    deinit {
        var owned: qpdf_data? = data
        qpdf_cleanup(&owned)
    }

    static func read(_ path: String) -> Result<QPDFFile, PDFFailure> {
        let file = (path as NSString).lastPathComponent
        // qpdf recovers from much but accepts anything; the same checks as for opening come first.
        if let problem = PDFSniffer.check(path) { return .failure(PDFFailure("\(file): \(problem.reason)")) }
        guard let data = qpdf_init() else { return .failure(PDFFailure("qpdf could not start")) }
        let qpdf = QPDFFile(data)
        if qpdf_read(data, path, nil) & QPDF_ERRORS != 0 {
            return .failure(PDFFailure("\(file): \(qpdf.errorText(passwordMeans: "encrypted: needs a password"))"))
        }
        // Page attributes inherited from the page tree (/Rotate, /MediaBox, /Resources) must
        // travel with each page, since the page tree stays behind.
        if qpdf_push_inherited_attributes_to_page(data) & QPDF_ERRORS != 0 {
            return .failure(PDFFailure("\(file): damaged page tree: \(qpdf.errorText())"))
        }
        qpdf.pageCount = Int(qpdf_get_num_pages(data))
        if qpdf.pageCount < 0 { return .failure(PDFFailure("\(file): damaged page tree: \(qpdf.errorText())")) }
        return .success(qpdf)
    }

    static func empty() -> QPDFFile? {
        guard let data = qpdf_init() else { return nil }
        let qpdf = QPDFFile(data)
        return qpdf_empty_pdf(data) & QPDF_ERRORS == 0 ? qpdf : nil
    }

    /// Copies `source`'s page to the end of this document (its `position`-th page) and turns it.
    func append(page index: Int, of source: QPDFFile, at position: Int, extraQuarterTurns: Int) -> String? {
        guard index >= 0, index < source.pageCount else { return "no such page (the file has \(source.pageCount))" }
        let page = qpdf_get_page_n(source.data, index)
        guard page != 0, !qpdf_has_error(source.data).isTrue else { return "unreadable page: \(source.errorText())" }
        // Read from the source: a page added twice starts from qpdf's first copy, turns and all.
        let own = source.rotation(of: page)
        // A page copied twice becomes two page objects (qpdf copies the duplicate), so each can turn alone.
        guard qpdf_add_page(data, source.data, page, QPDF_FALSE) & QPDF_ERRORS == 0 else { return "cannot copy: \(errorText())" }
        let copy = qpdf_get_page_n(data, position)
        guard copy != 0, !qpdf_has_error(data).isTrue else { return "cannot copy: \(errorText())" }
        let turns = ((extraQuarterTurns % 4) + 4) % 4
        guard turns != 0 || own != rotation(of: copy) else { return nil }
        let turned = ((own + 90 * turns) % 360 + 360) % 360
        qpdf_oh_replace_key(data, copy, "/Rotate", qpdf_oh_new_integer(data, Int64(turned)))
        return qpdf_has_error(data).isTrue ? "cannot turn: \(errorText())" : nil
    }

    /// A page's /Rotate; a missing or bad value (not a multiple of 90) counts as 0, as viewers read it.
    func rotation(of page: qpdf_oh) -> Int {
        var value: Int32 = 0
        let rotate = qpdf_oh_get_key(data, page, "/Rotate")
        if qpdf_oh_get_value_as_int(data, rotate, &value) == QPDF_FALSE || value % 90 != 0 { return 0 }
        return Int(value)
    }

    func write(to path: String) -> PDFFailure? {
        // qpdf keeps the file name it is given and reads it again in qpdf_write: the C string
        // must live through both calls (a temporary one was freed in between: AddressSanitizer).
        path.withCString { name in
            guard qpdf_init_write(data, name) & QPDF_ERRORS == 0 else { return PDFFailure("cannot write: \(errorText())") }
            qpdf_set_object_stream_mode(data, qpdf_o_generate)
            return qpdf_write(data) & QPDF_ERRORS == 0 ? nil : PDFFailure("cannot write: \(errorText())")
        }
    }

    private func errorText(passwordMeans password: String? = nil) -> String {
        guard let error = qpdf_get_error(data) else { return "unknown qpdf error" }
        if let password, qpdf_get_error_code(data, error) == qpdf_e_password { return password }
        let detail = qpdf_get_error_message_detail(data, error).map { String(cString: $0) } ?? ""
        let text = detail.isEmpty ? (qpdf_get_error_full_text(data, error).map { String(cString: $0) } ?? "unknown qpdf error") : detail
        return PDFSniffer.oneLine(text)
    }
}

private extension QPDF_BOOL {
    var isTrue: Bool { self != QPDF_FALSE }
}
