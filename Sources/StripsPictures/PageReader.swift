import Foundation
import StripsCore
import StripsFiles

/// How the app reads pages: which format reads a file (`PageFormat`: picture files, TIFFs, PDFs),
/// the catalog of files the document was opened from (a file that changed since is refused), and
/// where a thumbnail comes from. Made once by the host and passed to the loader and the decoders;
/// a value of references, safe on any thread.
///
/// Thumbnails of picture files come from the shared freedesktop thumbnail cache when it holds a
/// valid entry (as file managers do); otherwise the file is decoded into the cache's 256 px box
/// (the same 1/8 libjpeg decode for a 12 MP scan), the entry is written for every program, and the
/// picture shrunk to the texture's limit. A JPEG's EXIF thumbnail may stand in until that decode
/// has its turn. Pages of TIFFs and PDFs are decoded at the size asked (the cache holds files,
/// not pages).
///
/// A corrected page (its recipe not the identity) is its source decoded at the density the page
/// is drawn at, by the same stages (a quick look's cache entry or EXIF thumbnail too: a corrected
/// page never shows its source uncorrected), then drawn by the host's `RecipeRenderer`.
public struct PageReader: Sendable {
    public let catalog: ImageCatalog
    /// Nil: the cache is neither read nor written (headless runs unless asked, tests, benchmarks).
    public var thumbnailCache: ThumbnailCache?
    public let pictures: any PageFormat
    public let tiff: any PageFormat
    /// Nil: PDFs are not read (their pages are error cards). StripsPDF's `PDFPages` reads them.
    public let pdf: (any PageFormat)?
    /// Draws corrected pages (StripsRender's `PageRenderer`). Nil: a corrected page is an error
    /// card saying so, never its source drawn as if it were the page.
    public let renderer: (any RecipeRenderer)?

    public init(catalog: ImageCatalog = ImageCatalog(), thumbnailCache: ThumbnailCache? = nil, pdf: (any PageFormat)? = nil,
                renderer: (any RecipeRenderer)? = nil) {
        self.catalog = catalog
        self.thumbnailCache = thumbnailCache
        self.pdf = pdf
        self.renderer = renderer
        pictures = PictureFiles()
        tiff = TIFFFiles()
    }

    // MARK: Opening

    /// The pages of the file at `path` and their shapes, or why it has none; the file is
    /// remembered as it is now, so a later change is noticed.
    public func pages(of path: String) -> Result<[PageShape], ImageFailure> {
        catalog.remember(path)
        return format(ofFile: path).pages(of: path)
    }

    /// The format that reads a file: PDFs by their name (as the folder listing picks them) or by
    /// their first bytes whatever the name (a PDF saved as `scan.jpg`), TIFFs by their first
    /// bytes, any other file is a picture file.
    public func format(ofFile path: String) -> any PageFormat {
        let head = Self.firstBytes(path)
        if DocumentLoader.isPDF(path) || head.starts(with: Array("%PDF-".utf8)) { return pdf ?? UnreadablePDF() }
        return Self.startsLikeTIFF(head) ? tiff : pictures
    }

    /// The format that decodes a page.
    public func format(of source: PageSource) -> any PageFormat {
        switch source {
        case .picture, .scan, .camera: return pictures
        case .tiffPage: return tiff
        case .pdfPage: return pdf ?? UnreadablePDF()
        }
    }

    static func startsLikeTIFF(_ head: [UInt8]) -> Bool {
        head.starts(with: Array("II*\0".utf8)) || head.starts(with: Array("MM\0*".utf8))
    }

    /// The file's first few bytes (fewer for a shorter file, none for one that cannot be read).
    static func firstBytes(_ path: String) -> [UInt8] {
        // Never a blocking open: a FIFO among the pictures is refused, not waited on.
        guard case .success(let fd) = InputFile.open(path) else { return [] }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 8)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 8, 0) }
        return Array(head.prefix(max(0, count)))
    }

    // MARK: Decoding

    /// A page's pixels, upright, fitted into `limit` (with `region`, only that part of the page,
    /// 0...1, at that scale); refused when the file changed since it was opened.
    public func decode(_ source: PageSource, limit: PixelLimit, region: Rect? = nil, fast: Bool = false) -> Result<DecodedPicture, ImageFailure> {
        if let change = catalog.change(of: source.path) { return .failure(change) }
        return format(of: source).decode(source, limit: limit, region: region, fast: fast)
    }

    public enum Stage: Hashable, Sendable {
        /// The best picture there is, at once: the cache's entry, else a decode (`--decode sync`).
        case best
        /// Only what costs no decode of the file: a covering cache entry, or a stand-in (a smaller
        /// entry, the EXIF thumbnail), or the failure recorded last time; else nothing. Workers do
        /// these for every thumbnail in view and ahead before any decode, so a fling shows pictures.
        case quick
        /// The decode, which then writes the cache's entry.
        case decode
    }

    public struct Picture: Sendable {
        /// Nil: a quick look found nothing; the picture needs a decode.
        public var result: Result<DecodedPicture, ImageFailure>?
        /// A stand-in: the texture cache asks for the real picture once it is shown.
        public var provisional = false

        public init(result: Result<DecodedPicture, ImageFailure>?, provisional: Bool = false) {
            self.result = result
            self.provisional = provisional
        }
    }

    /// The picture a frame names, at `stage`, fitted into `limit` (with `region`, only that part
    /// of it at that scale: a zoomed page).
    public func picture(_ ref: ImageRef, limit: PixelLimit, stage: Stage, region: Rect? = nil) -> Picture {
        if !ref.recipe.isIdentity { return corrected(ref, limit: limit, stage: stage, region: region) }
        // The loupe's picture is the source at its own pixels, up to its limit.
        if ref.variant == .loupe {
            let side = Int32(ImageRef.loupeSide)
            return uncorrected(ImageRef(source: ref.source, variant: .full), limit: PixelLimit(width: side, height: side), stage: stage, region: region)
        }
        return uncorrected(ref, limit: limit, stage: stage, region: region)
    }

    /// A corrected page: its source decoded as the plan says, then drawn by the renderer.
    private func corrected(_ ref: ImageRef, limit: PixelLimit, stage: Stage, region: Rect?) -> Picture {
        guard let renderer else { return Picture(result: .failure(ImageFailure("corrected pages are not drawn here"))) }
        guard let sourceSize = ref.sourceSize, let plan = RecipePlan(recipe: ref.recipe, sourceSize: sourceSize, limit: limit, region: region) else {
            return Picture(result: .failure(ImageFailure("the page's corners cannot be flattened")))
        }
        let source = ImageRef(source: ref.source, variant: ref.variant == .thumbnail ? .thumbnail : .full)
        let decoded = uncorrected(source, limit: plan.sourceLimit, stage: stage, region: plan.sourceRegion)
        guard case .success(let picture)? = decoded.result else { return decoded }
        guard let page = renderer.render(picture, recipe: ref.recipe, sourceSize: sourceSize, limit: limit, region: region) else {
            return Picture(result: .failure(ImageFailure("the page's corners cannot be flattened")))
        }
        return Picture(result: .success(page), provisional: decoded.provisional)
    }

    private func uncorrected(_ ref: ImageRef, limit: PixelLimit, stage: Stage, region: Rect?) -> Picture {
        // Pages of multi-page files are decoded at the size asked; a quick look finds nothing for them.
        guard case .picture(let path) = ref.source else {
            return Picture(result: stage == .quick ? nil : decode(ref.source, limit: limit, region: region, fast: ref.variant == .thumbnail))
        }
        guard ref.variant == .thumbnail else { return Picture(result: decode(ref.source, limit: limit, region: region)) }
        if let change = catalog.change(of: path) { return Picture(result: .failure(change)) }
        guard case .success(let info) = ImageHeader.read(path), info.sizeProblem == nil else {
            // The decoder names the problem (the header alone: cheap at any stage).
            return Picture(result: decode(ref.source, limit: limit, fast: true))
        }
        let wanted = Self.fit(info.displaySize, into: limit)
        let wantedSide = Int(max(wanted.width, wanted.height))
        if stage != .decode, let cache = thumbnailCache {
            if let entry = cache.lookup(path: path, wantedPixels: wantedSide, acceptSmaller: stage == .quick) {
                return Picture(result: .success(DecodedPicture(entry).fitted(into: limit)), provisional: max(entry.width, entry.height) < wantedSide)
            }
            if stage == .quick, let reason = cache.failureReason(path: path), !reason.isEmpty {
                return Picture(result: .failure(ImageFailure(reason, shape: info.displaySize)))
            }
        }
        if stage == .quick {
            return Picture(result: ExifThumbnail.picture(path, info: info).map { .success(DecodedPicture($0).fitted(into: limit)) }, provisional: true)
        }
        return Picture(result: decodeThumbnail(path, info: info, limit: limit))
    }

    /// Decodes the thumbnail, and with a cache writes its `large` entry (or records the failure).
    private func decodeThumbnail(_ path: String, info: ImageInfo, limit: PixelLimit) -> Result<DecodedPicture, ImageFailure> {
        let source = PageSource.picture(path: path)
        guard let cache = thumbnailCache, let stamp = ThumbnailCache.Stamp(path: path), !cache.contains(path) else {
            return decode(source, limit: limit, fast: true)
        }
        let display = info.displaySize
        let box = ThumbnailCache.Size.large.rawValue
        let boxed = Self.fit(display, into: PixelLimit(width: Int32(box), height: Int32(box)))
        let textured = Self.fit(display, into: limit)
        let decodeLimit = PixelLimit(width: max(boxed.width, textured.width), height: max(boxed.height, textured.height))
        switch decode(source, limit: decodeLimit, fast: true) {
        case .failure(let failure):
            if !cache.hasFailure(path: path) { cache.recordFailure(path: path, reason: failure.reason) }
            return .failure(failure)
        case .success(let decoded):
            cache.store(path: path, picture: decoded.pixels, imageWidth: Int(display.width), imageHeight: Int(display.height), stamp: stamp)
            return .success(decoded.fitted(into: limit))
        }
    }

    /// The pixel size of a picture of `size` fitted into `limit`, never enlarged.
    public static func fit(_ size: Size, into limit: PixelLimit) -> PixelLimit {
        guard size.width > 0, size.height > 0 else { return limit }
        let scale = min(1, Double(limit.width) / size.width, Double(limit.height) / size.height)
        return PixelLimit(width: max(1, Int32((size.width * scale).rounded(.up))), height: max(1, Int32((size.height * scale).rounded(.up))))
    }
}

/// What a PDF is to a reader that was given no PDF format: one page, an error card.
struct UnreadablePDF: PageFormat {
    func pages(of path: String) -> Result<[PageShape], ImageFailure> {
        .failure(ImageFailure("PDF pages are not read here", shape: .letter))
    }

    func unreadablePage(_ path: String) -> PageSource { .pdfPage(path: path, index: 0) }

    func decode(_ source: PageSource, limit: PixelLimit, region: Rect?, fast: Bool) -> Result<DecodedPicture, ImageFailure> {
        .failure(ImageFailure("PDF pages are not read here"))
    }
}
