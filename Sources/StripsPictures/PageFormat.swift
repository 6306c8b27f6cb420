import StripsCore

/// A page of a file as opening it tells: where its pixels come from and its upright shape.
public struct PageShape: Hashable, Sendable {
    public var source: PageSource
    /// Pixels as displayed (after EXIF or TIFF orientation; a PDF page's points with its /Rotate,
    /// at 300 dpi).
    public var size: Size
    /// Why the page cannot be shown, when its header already says so (a refused giant still has
    /// a shape); nil for a page that should decode.
    public var problem: String?
    /// What is wrong with the whole file though this page can be shown (a damaged PDF only partly
    /// read), said once when the file is opened; nil when nothing is.
    public var fileProblem: String?

    public init(source: PageSource, size: Size, problem: String? = nil, fileProblem: String? = nil) {
        self.source = source
        self.size = size
        self.problem = problem
        self.fileProblem = fileProblem
    }
}

/// One kind of file that holds pages: picture files (a page each), multi-page TIFFs, PDFs. It
/// says what pages a file has and each page's upright shape without decoding pixels, and decodes a
/// page to fit a pixel limit. Implementations hold no mutable state and are safe on any thread,
/// several decodes at once.
public protocol PageFormat: Sendable {
    /// The file's pages in order with their shapes, or why it has none.
    func pages(of path: String) -> Result<[PageShape], ImageFailure>
    /// The page a file of this kind that cannot be opened stands as (its error card).
    func unreadablePage(_ path: String) -> PageSource
    /// A page's pixels, upright, fitted into `limit` with its shape kept; with `region` (0...1 of
    /// the upright page), only that part of it at that scale, snapped to whole pixels (the result
    /// says which part it is). `fast`: a thumbnail, where a decoder may trade exactness for speed.
    func decode(_ source: PageSource, limit: PixelLimit, region: Rect?, fast: Bool) -> Result<DecodedPicture, ImageFailure>
}

extension PageFormat {
    /// The whole page fitted into `limit`.
    public func decode(_ source: PageSource, limit: PixelLimit, fast: Bool = false) -> Result<DecodedPicture, ImageFailure> {
        decode(source, limit: limit, region: nil, fast: fast)
    }
}

/// A picture as a decode gives it: the pixels, and whether any of them is transparent (found on
/// the decoding thread, so the render thread never scans pixels).
public struct DecodedPicture: Sendable {
    public var pixels: PixelBuffer
    /// Every pixel fully opaque (scans, JPEGs): drawn without blending.
    public var isOpaque: Bool
    /// The part of the picture these pixels are, in 0...1 of the upright picture; nil: all of it.
    public var region: Rect?

    public init(_ pixels: PixelBuffer, region: Rect? = nil) {
        self.pixels = pixels
        isOpaque = pixels.isOpaque
        self.region = region
    }

    public var width: Int { pixels.width }
    public var height: Int { pixels.height }

    /// The picture no larger than `limit`: itself when it fits, else shrunk.
    public func fitted(into limit: PixelLimit) -> DecodedPicture {
        guard width > Int(limit.width) || height > Int(limit.height) else { return self }
        var copy = self
        copy.pixels = pixels.fitted(into: limit)
        return copy
    }
}
