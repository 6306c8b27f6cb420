import CPoppler
import StripsCore

/// Opens PDFs for the document model: page count and page shapes, nothing rendered.
public enum PDFSource {
    /// Reads `path`'s pages and their sizes, or gives a one-line reason (not a PDF, empty,
    /// truncated, damaged, encrypted, no pages). Safe on any thread; never writes anything.
    public static func open(_ path: String) -> Result<PDFDocumentInfo, PDFFailure> {
        PopplerDocument.open(path: path).flatMap { info(of: $0, path: path) }
    }

    /// The same for a PDF held in memory (the fuzzer's entry); `name` stands in for the path.
    public static func open(bytes: [UInt8], name: String = "memory.pdf") -> Result<PDFDocumentInfo, PDFFailure> {
        PopplerDocument.open(bytes: bytes).flatMap { info(of: $0, path: name) }
    }

    static func info(of document: PopplerDocument, path: String) -> Result<PDFDocumentInfo, PDFFailure> {
        let ((sizes, declared), logged) = PopplerLog.capturing { pageSizes(document) }
        if sizes.isEmpty {
            // An intact file may truly have no pages; a damaged one often only seems to.
            if declared <= 0 && document.openProblem == nil { return .failure(PDFFailure("no pages")) }
            let problem = document.openProblem ?? logged.map { PDFSniffer.oneLine($0, limit: 80) } ?? "none of its \(declared) pages can be read"
            return .failure(PDFFailure("damaged, no readable pages: \(PDFSniffer.oneLine(problem, limit: 80))"))
        }
        return .success(PDFDocumentInfo(path: path, pageSizes: sizes))
    }

    /// Every page's size up to the first page the page tree cannot reach: a damaged tree loses its
    /// tail, the pages before it stay usable. Returns the sizes and the page count the file claims.
    private static func pageSizes(_ document: PopplerDocument) -> ([Size], Int) {
        let declared = document.pageCount
        var sizes: [Size] = []
        sizes.reserveCapacity(declared)
        for index in 0..<max(0, declared) {
            guard let page = document.page(index) else { break }
            sizes.append(size(of: page))
            g_object_unref(UnsafeMutableRawPointer(page))
        }
        return (sizes, declared)
    }

    /// The page's crop box with its /Rotate applied (poppler swaps the sides for 90 and 270).
    static func size(of page: OpaquePointer) -> Size {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        // A hostile box (zero, negative, NaN, astronomically large) gets the size poppler itself
        // falls back to, so layouts never divide by zero.
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width <= 1_000_000, height <= 1_000_000 else {
            return .letter
        }
        return Size(width: width, height: height)
    }
}
