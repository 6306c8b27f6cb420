import StripsCore
import StripsPictures

/// What opening a PDF tells without rendering anything: enough to lay out every page at once, and
/// to save exactly the pages shown.
///
/// Two readers look at a PDF: poppler shows its pages, qpdf copies them into a saved PDF. Each
/// recovers a damaged file its own way, so opening reconciles them page by page (`PDFSource`):
/// the pages shown are poppler's, and `copyablePages` says which page qpdf copies for each, or
/// that none is surely the same page (it is then saved as its rendering).
public struct PDFDocumentInfo: Hashable, Sendable {
    public var path: String
    /// One entry per page shown, in document order; never empty. Sizes are in PDF points (1/72
    /// inch) as the page is shown: its own /Rotate applied, so a portrait page stored with
    /// /Rotate 90 is landscape.
    public var pageSizes: [Size]
    /// The pages the file's page tree lists (its /Count may lie): more than `pageCount` when some
    /// of them could not be read.
    public var pagesInFile: Int
    /// For each page shown, the page of the file (from 0) qpdf copies when it is saved, or nil when
    /// qpdf cannot copy it or cannot be sure it is the page shown: that page is saved as its rendering.
    public var copyablePages: [Int?]

    public init(path: String, pageSizes: [Size], pagesInFile: Int? = nil, copyablePages: [Int?]? = nil) {
        self.path = path
        self.pageSizes = pageSizes
        self.pagesInFile = max(pagesInFile ?? pageSizes.count, pageSizes.count)
        self.copyablePages = copyablePages ?? pageSizes.indices.map { $0 }
    }

    public var pageCount: Int { pageSizes.count }

    /// The line that names a partly read file, once, when it is opened: nil when every page of it
    /// can be shown.
    public var problem: String? {
        pagesInFile > pageCount ? "damaged: \(pageCount) of \(pagesInFile) pages could be read" : nil
    }
}

/// Why a PDF, or one of its pages, cannot be used: one short line for an error card and stderr.
public struct PDFFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}

/// Names a PDF page the way traces and error lines do: `FILE.pdf p. N`, N counted from 1.
public enum PDFPageName {
    public static func traceID(path: String, pageIndex: Int) -> String {
        "\(fileName(path)) p. \(pageIndex + 1)"
    }

    /// The file's own name, as messages call a whole PDF.
    public static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}
