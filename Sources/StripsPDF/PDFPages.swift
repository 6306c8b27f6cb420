import StripsCore
import StripsPictures

/// PDFs as a page format: a page per page of the file (`FILE.pdf p. N`), shaped from poppler's
/// page boxes without rendering, each rendered by poppler at the size asked. The host makes it
/// with its `PDFRenderer` and gives it to its `PageReader`.
public struct PDFPages: PageFormat {
    /// A PDF page counts as many pixels as a 300 dpi scan of it: zooming goes that sharp (it is
    /// rendered at the size drawn, so any size is sharp), and no further than a scan would.
    public static let pixelsPerPoint = 300.0 / 72

    public let renderer: PDFRenderer

    public init(renderer: PDFRenderer = PDFRenderer()) {
        self.renderer = renderer
    }

    public func pages(of path: String) -> Result<[PageShape], ImageFailure> {
        switch PDFSource.open(path) {
        case .failure(let failure):
            // A PDF that cannot be opened is one error card of a letter page's shape.
            return .failure(ImageFailure(failure.reason, shape: .letter))
        case .success(let info):
            // A file only partly read is named once, with its first page.
            return .success(info.pageSizes.enumerated().map { n, size in
                PageShape(source: .pdfPage(path: path, index: n),
                          size: Size(width: size.width * Self.pixelsPerPoint, height: size.height * Self.pixelsPerPoint),
                          fileProblem: n == 0 ? info.problem : nil)
            })
        }
    }

    public func unreadablePage(_ path: String) -> PageSource { .pdfPage(path: path, index: 0) }

    /// A page's /Rotate as the orientation that turns its stored picture upright.
    static func orientation(quarterTurns: Int) -> Orientation {
        [Orientation.up, .right, .down, .left][((quarterTurns % 4) + 4) % 4]
    }

    /// A scanned page (one JPEG over the whole page) is decoded from its JPEG stream at the scale
    /// drawn, by libjpeg-turbo, as a JPEG file is, and a bilevel one (CCITT fax, or Flate's packed
    /// rows undone by qpdf) by libtiff; any
    /// other page, or a picture the decoder refuses, is rendered by poppler.
    public func decode(_ source: PageSource, limit: PixelLimit, region: Rect?, fast: Bool) -> Result<DecodedPicture, ImageFailure> {
        if let scan = renderer.scans.scan(source.path, page: source.pageIndex ?? 0) {
            let orientation = Self.orientation(quarterTurns: scan.quarterTurns)
            let decoded: Result<DecodedPicture, ImageFailure>
            switch scan.picture {
            case .jpeg(let jpeg): decoded = JPEGDecoder.decode(jpeg, orientation: orientation, limit: limit, region: region, fast: fast)
            case .bilevel(let bilevel): decoded = bilevel.decode(orientation: orientation, limit: limit, region: region)
            }
            if case .success = decoded { return decoded }
        }
        return renderer.render(source.path, pageIndex: source.pageIndex ?? 0, maxWidth: Int(limit.width), maxHeight: Int(limit.height), region: region)
            .map { DecodedPicture($0.pixels, region: $0.region) }
            .mapError { ImageFailure($0.reason) }
    }
}
