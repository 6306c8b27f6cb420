import StripsCore
import StripsPhotosFeatures
import StripsLooks
import StripsPictures

/// A document page judged as it is drawn (its crop and straighten; the look left out, which
/// writes nothing): decoded small through the document's reader (JPEGs scaled by libjpeg-turbo
/// as they are decoded, PDF pages rendered small), and the part holding a code decoded again,
/// sharper, when a barcode's bars need it. The same for the window, scripts and `strips convert`.
public struct PageJudge: Sendable {
    public let reader: PageReader
    /// The page decoded small as the judges look at it, and its pixels an inch (`workingPicture`).
    public typealias Working = (picture: PixelBuffer, pixelsPerInch: Double)
    /// Plain pages of text answered at the first look (`FirstLook`); false only to measure the
    /// full look against it.
    public let firstLook: Bool

    public init(reader: PageReader, firstLook: Bool = true) {
        self.reader = reader
        self.firstLook = firstLook
    }

    /// The long side pages are judged at, at most: a letter page at about 100 pixels an inch.
    static let workingSide = 1250.0
    /// A barcode's part is decoded at up to this many pixels on the page's long side (300 dpi).
    static let sharpSide = 3300.0

    /// The page's judgement; an ordinary page when its picture cannot be read (its error card
    /// said why already).
    public func judge(_ page: Page) -> PageJudgement { judgeIfReadable(page) ?? .ordinary }

    /// The page's judgement, or nil when its picture cannot be read.
    /// `working`: the page's small decode made already (`workingPicture`, the same crop; quarter
    /// turns do not count), so that it is decoded once for every judge.
    public func judgeIfReadable(_ page: Page, working given: Working? = nil) -> PageJudgement? {
        guard let (small, ppi) = given ?? working(page) else { return nil }
        return SheetJudge.judge(small, pixelsPerInch: ppi, firstLook: firstLook) { share in picture(page, longSide: Self.sharpSide, region: share) }
    }

    /// The page's writing in square millimetres (what `BlankJudge.writingLimit` is held against),
    /// for measuring the judge; nil when the picture cannot be read.
    public func writingArea(_ page: Page) -> Double? {
        working(page).map { BlankJudge.writingArea($0.picture, pixelsPerInch: $0.pixelsPerInch) }
    }

    /// Whether the first look answers the page (a plain page of text, `FirstLook`), for measuring
    /// it; nil when the picture cannot be read.
    public func answeredAtFirstLook(_ page: Page) -> Bool? {
        working(page).map { FirstLook(picture: $0.picture, pixelsPerInch: $0.pixelsPerInch).isText }
    }

    /// Why the page is judged as it is (`SheetJudge.explain`); nil when it cannot be read.
    public func explain(_ page: Page) -> String? {
        working(page).map { SheetJudge.explain($0.picture, pixelsPerInch: $0.pixelsPerInch) }
    }

    /// The page's writing as orientation detection reads it (`WrittenArea`): from the judges'
    /// small decode (`working`, or the one given), the part holding the writing (a receipt, not
    /// the scanner's backing around it), decoded again at the scale that gives its letters
    /// `WrittenArea.letterPixels` on their narrow side (enlarged past the file's own pixels when
    /// they are smaller), at most `readingPixels` pixels. Nil when the page holds too few letters
    /// to tell its way up, or cannot be read.
    public func textReading(_ page: Page, working given: Working? = nil)
        -> Working? {
        guard let (small, ppi) = given ?? working(page), let area = WrittenArea(small, pixelsPerInch: ppi) else { return nil }
        let bounds = area.bounds
        let regionPixels = Double(small.width) * bounds.width * Double(small.height) * bounds.height
        let scale = min(area.readingScale, (Self.readingPixels / max(1, regionPixels)).squareRoot())
        let longSide = scale * Double(max(small.width, small.height))
        let whole = bounds.width >= 0.999 && bounds.height >= 0.999
        guard var picture = picture(page, longSide: longSide, region: whole ? nil : bounds) else { return nil }
        // The file's own pixels are fewer than the letters need: enlarged, each pixel repeated
        // (OSD reads grey and thresholds it, so the letters' shapes are what counts; greyed first,
        // a quarter of the bytes to repeat).
        let width = Int((Double(small.width) * bounds.width * scale).rounded()), height = Int((Double(small.height) * bounds.height * scale).rounded())
        if width > picture.width + 1, height > picture.height + 1 { picture = Looks.luma(of: picture).enlarged(width: width, height: height) }
        return (picture, ppi * Double(picture.width) / (Double(small.width) * bounds.width))
    }

    /// The largest picture orientation detection is given, in pixels (an A4 page at 150 dpi is 2.2
    /// million).
    static let readingPixels = 3_000_000.0

    /// The picture the judges look at (`working`), for measuring them.
    public func workingPicture(_ page: Page) -> Working? { working(page) }

    /// The page at the size it is judged at, and its pixels an inch: letter or A4, its long side
    /// about 11 inches, as the looks take it.
    func working(_ page: Page) -> Working? {
        guard let small = picture(page, longSide: Self.workingSide) else { return nil }
        return (small, Double(max(small.width, small.height)) / 11)
    }

    /// The page upright as drawn (before the user's quarter turns), its long side at most `longSide`.
    func picture(_ page: Page, longSide: Double, region: Rect? = nil) -> PixelBuffer? {
        let geometry = page.textKey.geometry
        let size = geometry.correctedSize(of: page.pixelSize)
        let long = max(size.width, size.height)
        guard long > 0 else { return nil }
        // In eighths, the scales libjpeg-turbo decodes at: the decode is then the picture, with no
        // resampling after it (which costs more than the judging in an unoptimised build).
        let scale = region == nil ? max(1, min(8, (8 * longSide / long).rounded(.down))) / 8 : min(1, longSide / long)
        let limit = PixelLimit(width: Int32(max(1, (size.width * scale).rounded(.up))), height: Int32(max(1, (size.height * scale).rounded(.up))))
        let result: Result<DecodedPicture, ImageFailure>?
        if geometry.isIdentity {
            result = reader.decode(page.source, limit: limit, region: region, fast: region == nil)
        } else {
            let ref = ImageRef(source: page.source, recipe: geometry, variant: .full, sourceSize: page.pixelSize)
            result = reader.picture(ref, limit: limit, stage: .best, region: region).result
        }
        guard case .success(let decoded)? = result else { return nil }
        return decoded.pixels
    }
}
