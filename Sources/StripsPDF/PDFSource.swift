import CPoppler
import StripsCore

/// Opens PDFs for the document model: page count and page shapes, nothing rendered; and, for
/// saving, which page qpdf copies for each page shown (`PDFDocumentInfo`).
public enum PDFSource {
    /// Reads `path`'s pages and their sizes, or gives a one-line reason (not a PDF, empty,
    /// truncated, damaged, encrypted, no pages). Safe on any thread; never writes anything.
    /// Saving opens the file again this way, so both see the same pages.
    public static func open(_ path: String) -> Result<PDFDocumentInfo, PDFFailure> {
        // poppler first: a file it refuses (truncated, not a PDF) costs qpdf nothing, whose
        // repair of a damaged file can take a long time (`QPDFBudget`).
        let poppler = PopplerDocument.open(path: path)
        guard case .success = poppler else { return poppler.map { _ in PDFDocumentInfo(path: path, pageSizes: []) } }
        let qpdf = try? QPDFFile.read(path).get()
        let looks = qpdf.map { file in (0..<file.pageCount).map(file.look) }
        let pagesInFile = looks.map { $0.count { $0 != .missing } }
        let listed = max(looks?.count ?? 0, qpdf?.statedPageCount ?? 0)
        return poppler
            .flatMap { info(of: $0, path: path, pagesInFile: pagesInFile) }
            .map { info in
                var reconciled = info
                reconciled.pagesInFile = max(info.pageCount, listed)
                reconciled.copyablePages = looks.map { PDFReconciliation.copyablePages(shown: info.pageSizes, qpdf: $0) }
                    ?? info.pageSizes.map { _ in nil }
                return reconciled
            }
    }

    /// The same for a PDF held in memory (the fuzzer's entry); `name` stands in for the path.
    /// Nothing is copyable: it has no file for qpdf to copy from.
    public static func open(bytes: [UInt8], name: String = "memory.pdf") -> Result<PDFDocumentInfo, PDFFailure> {
        PopplerDocument.open(bytes: bytes).flatMap { info(of: $0, path: name, pagesInFile: nil) }.map { info in
            PDFDocumentInfo(path: info.path, pageSizes: info.pageSizes, copyablePages: info.pageSizes.map { _ in nil })
        }
    }

    /// Checks a PDF just written, before it gets its name: qpdf reads it without having to recover
    /// anything and finds `pages` pages, each a page it could copy. Nil when it is sound.
    public static func verifySaved(_ path: String, pages: Int) -> PDFFailure? {
        switch QPDFFile.read(path) {
        case .failure(let failure): return PDFFailure("the written file does not read back: \(failure.reason)")
        case .success(let file):
            if file.recovered { return PDFFailure("the written file does not read back: qpdf had to repair it") }
            if file.pageCount != pages { return PDFFailure("the written file has \(file.pageCount) pages, not \(pages)") }
            if let bad = (0..<file.pageCount).first(where: { file.look(at: $0) == .missing }) {
                return PDFFailure("the written file's page \(bad + 1) does not read back")
            }
            return nil
        }
    }

    /// Which of `pages` (pages of the file as qpdf reads it: `copyablePages`) have content
    /// streams qpdf cannot decode. A viewer draws what it can read of such a page, so copied as it
    /// is it would differ from viewer to viewer (and fail `qpdf --check`): its rendering is saved
    /// instead. All of them when the file cannot be read.
    public static func pagesWithDamagedContent(_ path: String, among pages: [Int]) -> Set<Int> {
        guard case .success(let file) = QPDFFile.read(path) else { return Set(pages) }
        return Set(pages.filter { !file.contentIsReadable(at: $0) })
    }

    /// A PDF by its name, or by its first bytes whatever its name (a PDF saved as `scan.jpg`).
    public static func isPDF(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".pdf") || PDFSniffer.startsLikePDF(path)
    }

    /// `pagesInFile`: the page dictionaries qpdf found, to tell "no pages" from "none readable".
    static func info(of document: PopplerDocument, path: String, pagesInFile: Int?) -> Result<PDFDocumentInfo, PDFFailure> {
        let ((sizes, declared), logged) = PopplerLog.capturing { pageSizes(document) }
        if sizes.isEmpty {
            if let pagesInFile, pagesInFile > 0 {
                return .failure(PDFFailure("damaged: none of its \(pagesInFile) pages could be read"))
            }
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
        sizes.reserveCapacity(min(max(0, declared), 100_000))
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
