import StripsCore

/// Picture files, a page each: JPEG, PNG, GIF, BMP, WebP, TGA, PNM, QOI, PCX, LBM and single-page
/// TIFFs. The shape comes from the header (and EXIF orientation), never from decoding.
public struct PictureFiles: PageFormat {
    /// Pages of a file that cannot be decoded still need a shape: A4 portrait.
    public static let fallbackSize = Size(width: 1240, height: 1754)

    public init() {}

    public func pages(of path: String) -> Result<[PageShape], ImageFailure> {
        ImageHeader.read(path).map { info in
            let size = info.displaySize
            return [PageShape(source: .picture(path: path), size: size.width > 0 && size.height > 0 ? size : Self.fallbackSize,
                              problem: info.sizeProblem)]
        }
    }

    public func unreadablePage(_ path: String) -> PageSource { .picture(path: path) }

    public func decode(_ source: PageSource, limit: PixelLimit, region: Rect?, fast: Bool) -> Result<DecodedPicture, ImageFailure> {
        PictureDecoder.decode(source.path, limit: limit, region: region, fast: fast)
    }
}

/// TIFFs through libtiff: a file of one page is a picture like any other (its page id the file's
/// name); one of several gives a page per full-resolution image, `FILE.tif p. N`.
public struct TIFFFiles: PageFormat {
    public init() {}

    public func pages(of path: String) -> Result<[PageShape], ImageFailure> {
        TIFFPages.pages(of: path).map { pages in
            pages.enumerated().map { index, page in
                let size = page.info.displaySize
                return PageShape(source: pages.count == 1 ? .picture(path: path) : .tiffPage(path: path, index: index),
                                 size: size.width > 0 && size.height > 0 ? size : PictureFiles.fallbackSize,
                                 problem: page.problem ?? page.info.sizeProblem, fileProblem: page.fileProblem)
            }
        }
    }

    public func unreadablePage(_ path: String) -> PageSource { .picture(path: path) }

    public func decode(_ source: PageSource, limit: PixelLimit, region: Rect?, fast: Bool) -> Result<DecodedPicture, ImageFailure> {
        TIFFPages.decode(source.path, page: source.pageIndex ?? 0, limit: limit, region: region)
    }
}
