import CPoppler
import Foundation
import StripsFiles

/// One open poppler document. poppler-glib documents are not safe to share between threads, so a
/// handle is only ever used by one thread at a time (see `PDFDocumentPool`).
final class PopplerDocument: @unchecked Sendable {
    let document: OpaquePointer
    /// The file as it was opened, to notice it changing underneath (poppler reads pages lazily).
    let stamp: FileStamp?
    /// The first problem poppler logged while opening (it rebuilds damaged files silently otherwise).
    let openProblem: String?

    private init(_ document: OpaquePointer, stamp: FileStamp?, openProblem: String?) {
        self.document = document
        self.stamp = stamp
        self.openProblem = openProblem
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

    var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// The page, or nil when the page tree does not reach it. The caller releases it with `g_object_unref`.
    func page(_ index: Int) -> OpaquePointer? {
        guard index >= 0, index < pageCount else { return nil }
        return poppler_document_get_page(document, Int32(index))
    }

    /// Opens a PDF file, or says in one line why not.
    static func open(path: String) -> Result<PopplerDocument, PDFFailure> {
        let fd: Int32
        switch InputFile.open(path) {
        case .failure(let refusal): return .failure(PDFFailure(refusal.description))
        case .success(let opened): fd = opened
        }
        let stamp: FileStamp, tailHasEnd: Bool
        switch PDFSniffer.inspect(fd: fd) {
        case .failure(let failure):
            close(fd)
            return .failure(failure)
        case .success(let look): (stamp, tailHasEnd) = look
        }
        // poppler takes the descriptor over, and closes it even when it fails.
        return make(tailHasEnd: tailHasEnd, stamp: stamp, path: path) { error in poppler_document_new_from_fd(fd, nil, error) }
    }

    /// Opens a PDF held in memory (the fuzzer's way in); poppler keeps its own reference to the bytes.
    static func open(bytes: [UInt8]) -> Result<PopplerDocument, PDFFailure> {
        if let problem = PDFSniffer.headerProblem(bytes.prefix(PDFSniffer.headerWindow)) { return .failure(problem) }
        let tailHasEnd = PDFSniffer.hasEndMarker(bytes.suffix(PDFSniffer.tailWindow))
        let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(gbytes) }
        return make(tailHasEnd: tailHasEnd, stamp: nil, path: nil) { error in poppler_document_new_from_bytes(gbytes, nil, error) }
    }

    private static func make(tailHasEnd: Bool, stamp: FileStamp?, path: String?,
                             _ create: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> OpaquePointer?) -> Result<PopplerDocument, PDFFailure> {
        var error: UnsafeMutablePointer<GError>?
        let (made, logged) = PopplerLog.capturing { create(&error) }
        if let made {
            // poppler opens some files it cannot decrypt (a revision it does not know) and shows
            // blank pages; qpdf knows, and its word decides, for showing and saving alike.
            if let path, PDFSniffer.mentionsEncryption(path), case .failure(let failure) = QPDFFile.read(path),
               failure.reason == PDFEncryption.unsupported {
                g_object_unref(UnsafeMutableRawPointer(made))
                return .failure(failure)
            }
            return .success(PopplerDocument(made, stamp: stamp, openProblem: logged))
        }
        defer { if let error { g_error_free(error) } }
        let code = error.map { $0.pointee.domain == poppler_error_quark() ? Int($0.pointee.code) : -1 } ?? -1
        if code == Int(POPPLER_ERROR_ENCRYPTED.rawValue) {
            // poppler says this for a method it does not know too; qpdf tells which it is.
            return .failure(PDFFailure(path.map(PDFEncryption.reason) ?? PDFEncryption.needsPassword))
        }
        if !tailHasEnd { return .failure(PDFFailure("truncated: the file ends before the PDF does")) }
        let detail = logged ?? error.map { String(cString: $0.pointee.message) } ?? "unreadable"
        return .failure(PDFFailure("damaged: \(PDFSniffer.oneLine(detail))"))
    }
}

/// Size and modification time of a file, to tell whether it changed since it was opened.
struct FileStamp: Hashable, Sendable {
    var size: Int
    var seconds: Int
    var nanoseconds: Int

    init(_ info: stat) {
        size = Int(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
    }

    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }
}
