import Dispatch
import Foundation
import StripsBatch
import StripsCore
import StripsPhotosFeatures
import StripsCorrection
import StripsPictures

/// The border editor's host work: the detector on a small decode of each page (the picture at
/// about an eighth of its size, at least the detector's working side), and the angle that levels
/// a cropped page's text (the page flattened at up to 2000 pixels by the reader's renderer, then
/// the skew finder). It runs on a lane of the executor it is given: a worker in the window, the
/// answer coming with the next poll; inline headless, at once, so scripts stay deterministic.
public final class BorderFinder: @unchecked Sendable {
    private let reader: PageReader
    private let lane: any HostLane

    /// Detection decodes at least this many pixels on the longer side.
    public static let detectionSide = 640.0
    /// The page the skew finder looks at, on its longer side.
    public static let levellingSide: Int32 = 2000

    public init(reader: PageReader, executor: any HostExecutor = InlineExecutor()) {
        self.reader = reader
        lane = executor.lane("strips.borders")
    }

    public func start(_ request: BorderRequest) -> [HostEvent] {
        lane.submit { [self] in [.bordersFound(answer(request))] }
    }

    public func poll() -> [HostEvent] { lane.drain() }

    public func answer(_ request: BorderRequest) -> BorderAnswer {
        BorderAnswer(purpose: request.purpose, pages: request.pages.map { page in
            switch request.purpose {
            case .suggest:
                // Only what Shift+C would apply (`keptCrop`), else the whole picture ("No page
                // found"): a detector's page that cuts text (on a book page filling the photo,
                // page_dewarp's boston_cooking_b, the lit middle with half its lines outside) is
                // a worse start for the user's corners than the whole picture.
                return BorderAnswer.Found(pageID: page.id, corners: keptCrop(of: page), levelling: nil)
            case .apply:
                // Applied by itself: only a crop that keeps the picture's text (`TextGuard`).
                let text = textGuard(of: page)
                let found = candidates(of: page).flatMap { choose($0, guard: text) }
                guard let flat = flattened(page, crop: found) else {
                    return BorderAnswer.Found(pageID: page.id, corners: found, levelling: nil)
                }
                if let spread = spread(of: page, crop: found, flat: flat) {
                    return BorderAnswer.Found(pageID: page.id, corners: found, levelling: nil, spread: spread)
                }
                // A whole picture (no page found, or a crop that would cut text: a book's page
                // filling the photo) is laid flat only when that is sure (`wholeCurve`): laying
                // every whole photo flat whose lines gave a curve cost a quarter to a half of the
                // words Tesseract reads on leptonica's real book photos (RealPagesTests).
                guard let found else {
                    if let whole = wholeCurve(of: page, flat: flat, text: text), whole.sure {
                        return BorderAnswer.Found(pageID: page.id, corners: nil, levelling: nil, curve: whole.curve)
                    }
                    return BorderAnswer.Found(pageID: page.id, corners: nil, levelling: wholeLevelling(of: page, flat: flat, text: text))
                }
                let (levelling, curve) = flattening(flat, layFlat: page.corrections.laysFlat)
                return BorderAnswer.Found(pageID: page.id, corners: found, levelling: levelling, curve: curve,
                                          fingers: fingers(of: page, crop: found, curve: curve))
            case .layFlat:
                // Asked by the user (Return on the whole picture): the whole picture's curve. No
                // fingers are painted out: a whole photo's edges are the desk and the facing
                // page, not the page's margins (boston_cooking_b's gutter shadow was painted).
                let curve = flattened(page, crop: nil).flatMap { PageCurveFinder.curve(of: $0) }
                return BorderAnswer.Found(pageID: page.id, corners: nil, levelling: nil, curve: curve)
            case .level:
                guard let crop = page.corrections.crop else {
                    return BorderAnswer.Found(pageID: page.id, corners: nil, levelling: nil)
                }
                // D in the editor turned laying flat off (kept in the page's recipe): the levelling only.
                guard page.corrections.laysFlat else { return BorderAnswer.Found(pageID: page.id, corners: crop, levelling: levelling(of: page, crop: crop)) }
                let (levelling, curve) = flattening(of: page, crop: crop)
                return BorderAnswer.Found(pageID: page.id, corners: crop, levelling: levelling, curve: curve,
                                          fingers: fingers(of: page, crop: crop, curve: curve))
            }
        })
    }

    /// What was found in the picture, in its upright pixels: the page by its four edges
    /// (`BorderDetector`) and an item lying on a flatbed (`FlatbedItem`); nil when it cannot be read.
    public func candidates(of page: Page) -> (page: Quad?, item: Quad?)? {
        let size = page.pixelSize
        let long = max(size.width, size.height)
        guard long > 0 else { return nil }
        let scale = min(1, max(1.0 / 8, Self.detectionSide / long))
        let limit = PixelLimit(width: Int32((size.width * scale).rounded(.up)), height: Int32((size.height * scale).rounded(.up)))
        guard case .success(let decoded) = reader.decode(page.source, limit: limit, fast: true) else { return nil }
        let decodedSize = Size(width: Double(decoded.pixels.width), height: Double(decoded.pixels.height))
        return (BorderDetector.detect(in: decoded.pixels)?.scaled(from: decodedSize, to: size),
                FlatbedItem.find(in: decoded.pixels)?.scaled(from: decodedSize, to: size))
    }

    /// The crop applied by itself: one that keeps the picture's text (`TextGuard`), or none.
    public func keptCrop(of page: Page) -> Quad? {
        candidates(of: page).flatMap { choose($0, guard: textGuard(of: page)) }
    }

    /// Of the page found by its edges and the item on a flatbed, each kept only when it keeps the
    /// text as its kind must, the item when it holds more of the letters, or as many in less of
    /// the picture (a receipt, where the detector found the glass's edge, a grey sheet or the
    /// receipt's header); else the page. A photographed page's item, where one is found, is its
    /// box with the desk in its corners: more picture, the same letters.
    func choose(_ found: (page: Quad?, item: Quad?), guard text: TextGuard?) -> Quad? {
        guard let text else { return found.page ?? found.item }
        let page = found.page.flatMap { text.keeps($0, in: text.pictureSize, item: false) ? $0 : nil }
        guard let item = found.item.flatMap({ text.keeps($0, in: text.pictureSize, item: true) ? $0 : nil }) else { return page }
        guard let page else { return item }
        let pageLetters = text.shares(page, in: text.pictureSize).letters, itemLetters = text.shares(item, in: text.pictureSize).letters
        return itemLetters > pageLetters || (itemLetters == pageLetters && item.area < page.area) ? item : page
    }

    /// The angle that levels a picture kept whole (no page found, or none kept), as a flatbed scan
    /// set a little askew is: its lines' slope, up to `wholeLevellingLimit` degrees, when the turn
    /// (at the picture's size, which cuts its corners) keeps every letter inside the picture and
    /// cuts none from its word. Nil to leave it as it is.
    public func wholeLevelling(of page: Page, flat: PixelBuffer, text: TextGuard? = nil) -> Double? {
        guard let angle = Straightener.levellingAngle(of: flat), abs(angle) <= Self.wholeLevellingLimit,
              abs(angle) >= Self.leastWholeLean, Self.leansAlike(flat, angle: angle), let text = text ?? textGuard(of: page) else { return nil }
        let kept = text.shares(Quad(shownTurning: text.pictureSize, degrees: angle), in: text.pictureSize)
        return kept.letters >= 1 && kept.cutLetters == 0 ? angle : nil
    }

    /// Whether the picture's lines lean alike in its left and right halves and its top and bottom
    /// halves (each that found, within `leanAgreement` of `angle`), as a page laid askew on the
    /// glass does; a photographed book page kept whole, whose lines curve, leans differently
    /// across it, and levelling it by one angle cost words (leptonica's zanotti-78 and
    /// lapide.052.100: 216 of 274 and 392 of 737 words; lapide's halves lean 1.75 and 1.14 against
    /// the whole's 1.25, a scan's agree within 0.2).
    static func leansAlike(_ flat: PixelBuffer, angle: Double) -> Bool {
        let (w, h) = (flat.width, flat.height)
        let halves = [flat.cropped(x: 0, y: 0, width: w / 2, height: h), flat.cropped(x: w / 2, y: 0, width: w - w / 2, height: h),
                      flat.cropped(x: 0, y: 0, width: w, height: h / 2), flat.cropped(x: 0, y: h / 2, width: w, height: h - h / 2)]
        let leans = halves.compactMap { Straightener.levellingAngle(of: $0) }
        return leans.count >= 2 && leans.allSatisfy { abs($0 - angle) <= leanAgreement }
    }

    /// A whole picture's curve and how sure it is: the curve of its lines (`PageCurveFinder`),
    /// their straightness before and after laying it flat (`SureCurve`), and the share of its
    /// letters the page laid flat still shows and the letters it cuts from their words
    /// (`TextGuard`). Nil when the page is not to be laid flat by itself (D turned it off, the user
    /// cropped it) or no curve is found.
    public struct WholeCurve: Sendable {
        public var curve: PageCurve
        public var judgement: SureCurve.Judgement
        /// The share of the picture's letters the page laid flat shows wholly (`TextGuard.shares`).
        public var letters: Double
        /// The letters of words it cuts or leaves out (`TextGuard.lettersLeftOutOfWords`).
        public var leftOut: Int

        /// Curved, straightened by far, and every word kept. What a photo's edges lose are specks
        /// and blots with no letter beside them (the desk, the page's edge, the book's leaves: 6
        /// and 10 of boston_cooking's 1,496 and 1,780 letters), not words.
        public var sure: Bool { judgement.straightens && leftOut == 0 }
    }

    /// `flat`: the whole picture at up to `levellingSide`, when the caller has it.
    /// `text`: the picture's text guard, when the caller has it.
    public func wholeCurve(of page: Page, flat: PixelBuffer? = nil, text: TextGuard? = nil) -> WholeCurve? {
        guard page.corrections.laysFlat, page.corrections.crop == nil, let flat = flat ?? flattened(page, crop: nil),
              let (curve, judgement) = SureCurve.find(flat) else { return nil }
        guard let text = text ?? textGuard(of: page) else { return WholeCurve(curve: curve, judgement: judgement, letters: 0, leftOut: .max) }
        let shown = SureCurve.shown(by: curve, in: page.pixelSize)
        return WholeCurve(curve: curve, judgement: judgement, letters: text.shares(inside: shown.contains).letters,
                          leftOut: text.lettersLeftOutOfWords(inside: shown.contains))
    }

    /// A picture kept whole leaning less than this many degrees is left as it is: Tesseract reads
    /// it as well, and a turn resamples every pixel (zanotti-78, levelled by 0.1, read 216 of 274
    /// words at 120 dpi).
    static let leastWholeLean = 0.5

    /// Degrees the halves' leans may differ from the whole's (`leansAlike`).
    static let leanAgreement = 0.3

    /// A picture kept whole is levelled by at most this many degrees: a scan set askew on the
    /// glass; more is a photo's perspective or a page laid on it at a slant, not a lean.
    public static let wholeLevellingLimit = 5.0

    /// The text guard of the page's picture (`TextGuard`, in the upright picture's pixels), from a
    /// decode of about 100 pixels an inch; nil when it cannot be read.
    public func textGuard(of page: Page) -> TextGuard? {
        let size = page.pixelSize
        let long = max(size.width, size.height)
        guard long > 0 else { return nil }
        let scale = min(1, Self.textSide / long)
        let limit = PixelLimit(width: Int32((size.width * scale).rounded(.up)), height: Int32((size.height * scale).rounded(.up)))
        guard case .success(let decoded) = reader.decode(page.source, limit: limit, fast: true) else { return nil }
        return TextGuard(decoded.pixels, pictureSize: size)
    }

    /// The text guard looks at pictures this long on their longer side (a letter page at 100 dpi).
    public static let textSide = 1100.0

    /// Degrees counter-clockwise that level the text of the page flattened from `crop`.
    public func levelling(of page: Page, crop: Quad) -> Double? {
        flattened(page, crop: crop).flatMap { Straightener.levellingAngle(of: $0) }
    }

    /// How the page flattened from `crop` (nil: the whole picture) is laid straight: the curve of
    /// a curved page (its lines are then level), else the angle that levels its text.
    public func flattening(of page: Page, crop: Quad?) -> (levelling: Double?, curve: PageCurve?) {
        guard let flat = flattened(page, crop: crop) else { return (nil, nil) }
        return flattening(flat)
    }

    func flattening(_ flat: PixelBuffer, layFlat: Bool = true) -> (levelling: Double?, curve: PageCurve?) {
        if layFlat, let curve = PageCurveFinder.curve(of: flat) { return (nil, curve) }
        return (Straightener.levellingAngle(of: flat), nil)
    }

    /// The two pages of an open book photographed whole (`flat`: the picture flattened from
    /// `crop`, nil the whole of it), each with its own curve; nil when it is no spread.
    func spread(of page: Page, crop: Quad?, flat: PixelBuffer) -> BorderAnswer.Found.Spread? {
        guard let gutter = SpreadFinder.gutter(of: flat) else { return nil }
        let quad = crop ?? Quad(whole: page.pixelSize)
        guard let (left, right) = SpreadFinder.halves(of: quad, pageSize: flattenedSize(quad: quad, pictureSize: page.pixelSize), gutter: gutter)
        else { return nil }
        let layFlat = page.corrections.laysFlat
        let curve = { (half: Quad) in layFlat ? self.flattened(page, crop: half).flatMap { PageCurveFinder.curve(of: $0) } : nil }
        let (leftCurve, rightCurve) = (curve(left), curve(right))
        return BorderAnswer.Found.Spread(left: left, right: right, leftCurve: leftCurve, rightCurve: rightCurve,
                                         leftFingers: fingers(of: page, crop: left, curve: leftCurve, book: true),
                                         rightFingers: fingers(of: page, crop: right, curve: rightCurve, book: true))
    }

    /// The fingers holding a book's page (`FingerFinder`), on the page as `crop` and `curve` draw
    /// it; none on a page that is no book's (neither curved nor half of a spread), which keeps
    /// flat pages exactly as the flat correction makes them.
    func fingers(of page: Page, crop: Quad?, curve: PageCurve?, book: Bool = false) -> [PaperPatch] {
        guard book || curve != nil else { return [] }
        var recipe = PixelRecipe(crop: crop)
        recipe.dewarp = curve
        let ref = ImageRef(source: page.source, recipe: recipe, variant: .full, sourceSize: page.pixelSize)
        let side = Int32(FingerFinder.workingSide)
        guard case .success(let drawn)? = reader.picture(ref, limit: PixelLimit(width: side, height: side), stage: .best).result else { return [] }
        return FingerFinder.patches(of: drawn.pixels)
    }

    /// The page flattened from `crop` (nil: the whole picture), at up to `levellingSide` pixels.
    func flattened(_ page: Page, crop: Quad?) -> PixelBuffer? {
        let recipe = PixelRecipe(crop: crop)
        let ref = ImageRef(source: page.source, recipe: recipe, variant: .full, sourceSize: page.pixelSize)
        let side = Self.levellingSide
        guard case .success(let flat)? = reader.picture(ref, limit: PixelLimit(width: side, height: side), stage: .best).result else { return nil }
        return flat.pixels
    }
}

extension BorderFinder: FeatureHost {
    public func run(_ request: BorderRequest) -> [HostEvent] { start(request) }
}
