import StripsCore

/// The borders feature's requests and answers: find pages' borders (and, asked, the angle that
/// levels their text, the curve that lays them flat): the border editor's suggestion, Shift+C,
/// levelling after Return; answered by what was found for each page.

/// Pages whose borders to find, and what for.
public struct BorderRequest: FeatureRequest {
    public enum Purpose: Hashable, Sendable {
        /// The border editor opened on a page: its detected corners are the suggestion.
        case suggest
        /// Shift+C: every page's detected corners applied, text levelled, in one edit.
        case apply
        /// Return applied corners: the flattened page's levelling angle joins that edit.
        case level
        /// Return on the whole picture of a page not laid flat (a book page filling the photo,
        /// where no crop is found that keeps its text): the whole picture laid flat when it is
        /// curved, as an edit of its own.
        case layFlat
    }

    public var purpose: Purpose
    /// As they stand when asked (for `level`, with the corners applied); a page whose recipe has
    /// laying flat turned off (`PixelRecipe.laysFlat`) gets its levelling only.
    public var pages: [Page]

    public init(purpose: Purpose, pages: [Page]) {
        self.purpose = purpose
        self.pages = pages
    }
}

/// What the host found for each page of a `BorderRequest`, in its order.
public struct BorderAnswer: FeatureAnswer {
    public struct Found: Hashable, Sendable {
        public var pageID: String
        /// The page's corners in its upright picture's pixels; nil: no page found (or not asked).
        public var corners: Quad?
        /// Degrees counter-clockwise that level the flattened page's text; nil: no lines to trust.
        public var levelling: Double?
        /// The curve that lays the page flattened from `corners` (the whole picture when nil)
        /// flat, when it is curved; nil: a flat page, or too few text lines to tell.
        public var curve: PageCurve?
        /// The picture is an open book photographed whole: its two pages, left then right.
        public var spread: Spread?
        /// Fingers holding the book's page, painted out (on a page laid flat).
        public var fingers: [PaperPatch]

        public init(pageID: String, corners: Quad?, levelling: Double?, curve: PageCurve? = nil, spread: Spread? = nil, fingers: [PaperPatch] = []) {
            self.pageID = pageID
            self.corners = corners
            self.levelling = levelling
            self.curve = curve
            self.spread = spread
            self.fingers = fingers
        }

        /// An open book's two pages in one picture: each page's corners in the picture's pixels and
        /// the curve that lays it flat (nil: flat, or too few lines to tell).
        public struct Spread: Hashable, Sendable {
            public var left: Quad
            public var right: Quad
            public var leftCurve: PageCurve?
            public var rightCurve: PageCurve?
            /// The fingers on each page, painted out.
            public var leftFingers: [PaperPatch]
            public var rightFingers: [PaperPatch]

            public init(left: Quad, right: Quad, leftCurve: PageCurve?, rightCurve: PageCurve?,
                        leftFingers: [PaperPatch] = [], rightFingers: [PaperPatch] = []) {
                self.left = left
                self.right = right
                self.leftCurve = leftCurve
                self.rightCurve = rightCurve
                self.leftFingers = leftFingers
                self.rightFingers = rightFingers
            }
        }

        /// A spread's `page` as its two pages, left then right (ids `ID left` and `ID right`), each
        /// cropped to its half and laid flat; nil when the picture is no spread.
        public func pages(of page: Page) -> [Page]? {
            guard let spread else { return nil }
            return [(spread.left, spread.leftCurve, spread.leftFingers, "left"), (spread.right, spread.rightCurve, spread.rightFingers, "right")]
                .map { quad, curve, fingers, side in
                    var half = page
                    half.id = "\(page.id) \(side)"
                    half.corrections.crop = quad
                    half.corrections.dewarp = curve
                    half.corrections.straighten = 0
                    half.corrections.fingers = fingers
                    return half
                }
        }

        /// `corrections` with these borders applied, as Shift+C applies them (and `strips convert
        /// --borders auto`): the corners as the crop, the curve laid flat (its text lines then
        /// level, so no turn), else the levelling to a tenth of a degree; nil when neither a page
        /// nor a curve was found.
        public func applied(to corrections: Corrections) -> Corrections? {
            guard corners != nil || curve != nil else {
                // No page found: a picture kept whole is levelled when its lines lean (a scan set
                // askew), unless the user cropped it (the angle was found on the whole picture).
                guard corrections.crop == nil, let levelling, BordersFeature.tenths(levelling) != 0 else { return nil }
                var after = corrections
                after.straighten = BordersFeature.tenths(levelling)
                return after
            }
            var after = corrections
            after.crop = corners
            after.dewarp = curve
            after.straighten = curve == nil ? BordersFeature.tenths(levelling ?? 0) : 0
            after.fingers = fingers
            return after
        }
    }

    public var purpose: BorderRequest.Purpose
    public var pages: [Found]

    public init(purpose: BorderRequest.Purpose, pages: [Found]) {
        self.purpose = purpose
        self.pages = pages
    }
}

extension Effect {
    public static func findBorders(_ request: BorderRequest) -> Effect { Effect(request) }
}

extension HostEvent {
    public static func bordersFound(_ answer: BorderAnswer) -> HostEvent { HostEvent(answer) }
}
