/// What a scene asks the world to do. The scene never writes a file, reads a folder or starts a
/// thread: it returns these values from `handle`, the host (the live window, a headless run)
/// carries them out and answers with `HostEvent`s, delivered like any input on the scene's clock.
public enum Effect: Hashable, Sendable {
    /// Write pages to disk: the document (Ctrl+S) or the selection (Ctrl+Shift+S). Answered by
    /// `saveProgress`, then `saved` or `saveFailed`.
    case save(SaveRequest)
    /// Read dropped files and folders as pages. Answered by `pagesLoaded`.
    case load(paths: [String])
    /// Start recording the window to a GIF, or stop the recording under way (Ctrl+R).
    case toggleRecording
    /// Put text on the clipboard (Ctrl+C: the text of the page in focus). Not answered.
    case copy(String)
    /// The scanner: a scan, its cancelling, the devices and what they offer, scans an earlier
    /// session left (`ScanEffect`). Answered by `scan` updates.
    case scan(ScanEffect)
    /// Find pages' borders (and, asked, the angle that levels their text): the border editor's
    /// suggestion, Shift+C, levelling after Return. Answered by `bordersFound`.
    case findBorders(BorderRequest)
    /// Read pages' text (a PDF page's own, the text cache's, or recognised as `--ocr` says). A
    /// request replaces the last one of its purpose, so what is asked follows the focus as a
    /// change and never grows with the document: the pages near the focus, sent again only when
    /// they change; every page not read yet, once, when a search is typed. Answered page by page
    /// by `recognised` or `textless`: in a script at once (before the frame that needs them), in
    /// the window in the background.
    case readText(TextRequest)
    /// Ctrl+O or the open button: the desktop's file chooser, opened in `folder` (the page in
    /// focus's) when given. Answered by `filesChosen` (none: cancelled) or `openFailed`.
    case chooseFiles(folder: String?)
    /// Open or close the camera, or keep a frame as a page (docs/CAMERA.md). Answered by
    /// `camera` news.
    case camera(CameraRequest)
    /// Judge pages: blank, or a separator sheet (StripsBatch). Answered by `judged`, in parts as
    /// they are done (the window judges in the background; a script at once).
    case judge(JudgeRequest)
}

/// The host's answer to an effect, delivered to the scene as `InputEvent.host` with the time it
/// arrived on the scene's clock (so a status line fades on the clock the scene draws with).
public enum HostEvent: Hashable, Sendable {
    /// `done` of `total` pages written; a total of 0: the desktop's file chooser is asking where.
    case saveProgress(done: Int, total: Int)
    case saved(SaveOutcome)
    /// Not saved (refused, cancelled, a write error): why, in one line.
    case saveFailed(HostMessage)
    /// Pages read from dropped files, in order (the problems went to standard error).
    case pagesLoaded([Page])
    /// The pages' text read, or not to be had (`TextEvent`), for `readText` or a save.
    case text(TextEvent)
    /// A scan's progress, the scanners found, an offer of scans an earlier session left.
    case scan(ScanUpdate)
    case bordersFound(BorderAnswer)
    /// The files the desktop's chooser returned, in its order (empty: the user cancelled).
    case filesChosen([String])
    /// No chooser could be shown: why, in one line.
    case openFailed(HostMessage)
    /// The camera opened, a frame looked at, a page taken, a fault.
    case camera(CameraNews)
    /// Pages judged (`Effect.judge`), each under the key it was judged for.
    case judged([JudgedPage])
}

/// Pages to judge, and whether something waits for them (Ctrl+Shift+B, a save: the host takes
/// these before the pages merely near the focus).
public struct JudgeRequest: Hashable, Sendable {
    public var pages: [Page]
    public var urgent: Bool

    public init(pages: [Page], urgent: Bool = false) {
        self.pages = pages
        self.urgent = urgent
    }
}

/// What the host should save: pages as they stand when the user asked.
public struct SaveRequest: Hashable, Sendable {
    public enum Scope: Hashable, Sendable {
        /// The whole document: once written, it is no longer unsaved.
        case document
        /// Some pages (the selection, or the page in focus): the document stays as it is.
        case selection
    }

    public var pages: [Page]
    /// The document's revision the pages are (a document save marks it saved).
    public var revision: Int
    public var scope: Scope
    /// The pages split into documents, one file each (separator sheets left out): one holding
    /// every page unless the batch is split.
    public var documents: [SavedDocument]

    public init(pages: [Page], revision: Int, scope: Scope = .document) {
        self.pages = pages
        self.revision = revision
        self.scope = scope
        documents = [SavedDocument(pages: pages)]
    }
}

/// One document of a split batch as saved: its pages, and the text of the separator sheet before
/// it (which names its file; nil: `NAME-N`).
public struct SavedDocument: Hashable, Sendable {
    public var pages: [Page]
    public var title: String?

    public init(pages: [Page], title: String? = nil) {
        self.pages = pages
        self.title = title
    }
}

public struct SaveOutcome: Hashable, Sendable {
    public var path: String
    public var request: SaveRequest
    /// What was written: the file's size (every file's together when there are several), or a
    /// folder's pictures' together.
    public var bytes: Int
    /// Every file (or folder) written, one a document: `path` first.
    public var paths: [String]

    public init(path: String, request: SaveRequest, bytes: Int = 0) {
        self.path = path
        self.request = request
        self.bytes = bytes
        paths = [path]
    }

    /// What the status line and the trace say of it.
    public var report: SaveReport { SaveReport(path: path, bytes: bytes, pages: request.pages.count) }
}

/// A save's result as the user hears of it: where, how many bytes, how many pages.
public struct SaveReport: Hashable, Sendable {
    public var path: String
    public var bytes: Int
    public var pages: Int

    public init(path: String, bytes: Int, pages: Int) {
        self.path = path
        self.bytes = bytes
        self.pages = pages
    }

    /// `1.2 MB, 46 KB a page` (decimal units, as file managers count them); empty when the size
    /// is not known.
    public var size: String {
        guard bytes > 0 else { return "" }
        let total = Self.amount(bytes)
        return pages > 1 ? "\(total), \(Self.amount(bytes / pages)) a page" : total
    }

    static func amount(_ bytes: Int) -> String {
        switch bytes {
        case ..<1000: return "\(bytes) bytes"
        case ..<1_000_000: return "\(Int((Double(bytes) / 1000).rounded())) KB"
        case ..<10_000_000: return String(format: "%.1f MB", Double(bytes) / 1_000_000)
        default: return "\(Int((Double(bytes) / 1_000_000).rounded())) MB"
        }
    }
}

public struct SaveProgress: Hashable, Sendable {
    public var done: Int
    public var total: Int
}

/// One page's text as the host read it: the key it belongs to and its words.
/// The text host's answers: the text feature's own vocabulary, one case of `HostEvent` (`.text`).
public enum TextEvent: Hashable, Sendable {
    /// The text of pages, found by the host's text engine (a PDF page's own, or recognised) for
    /// the pages the scene asked for (`readText`) or a save needed, each under the key it was read for.
    case recognised([RecognisedText])
    /// Pages asked for that have no text to give (none of their own and recognition off, or the
    /// page could not be read): they are not asked for again.
    case textless([TextKey])
    /// Reading text failed in a way the user should hear of once (a page that could not be read).
    case failed(HostMessage)
}

public struct RecognisedText: Hashable, Sendable {
    public var key: TextKey
    public var words: PageWords

    public init(key: TextKey, words: PageWords) {
        self.key = key
        self.words = words
    }
}

/// Pages whose text to read, and what for: each purpose's request replaces its last one.
public struct TextRequest: Hashable, Sendable {
    public enum Purpose: Hashable, Sendable {
        /// The pages around the focus (`TextReading.reach` either side): read first.
        case near
        /// Every page not read yet, for a search under way; empty when the search closes.
        case search
    }

    public var purpose: Purpose
    /// In the order to read them (nearest the focus first).
    public var pages: [Page]

    public init(purpose: Purpose, pages: [Page]) {
        self.purpose = purpose
        self.pages = pages
    }
}

/// Pages whose borders to find, and what for.
public struct BorderRequest: Hashable, Sendable {
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
public struct BorderAnswer: Hashable, Sendable {
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
                guard corrections.crop == nil, let levelling, PhotosScene.tenths(levelling) != 0 else { return nil }
                var after = corrections
                after.straighten = PhotosScene.tenths(levelling)
                return after
            }
            var after = corrections
            after.crop = corners
            after.dewarp = curve
            after.straighten = curve == nil ? PhotosScene.tenths(levelling ?? 0) : 0
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
