import StripsCore
import StripsPictures

/// What opening a PDF tells without rendering anything: enough to lay out every page at once.
public struct PDFDocumentInfo: Hashable, Sendable {
    public var path: String
    /// One entry per page, in document order; never empty. Sizes are in PDF points (1/72 inch) as
    /// the page is shown: its own /Rotate applied, so a portrait page stored with /Rotate 90 is landscape.
    public var pageSizes: [Size]

    public init(path: String, pageSizes: [Size]) {
        self.path = path
        self.pageSizes = pageSizes
    }

    public var pageCount: Int { pageSizes.count }
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
        let file = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        return "\(file) p. \(pageIndex + 1)"
    }
}
