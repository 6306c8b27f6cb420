import StripsCore

/// A page's text as the editor knows it (recognised, or a PDF page's own): the words with where
/// they are, for search, highlighting and copying. Boxes are shares (0...1) of the page's corrected
/// picture, upright before the user's quarter turns (`Page.correctedSize`), so they follow the
/// page however it is drawn or turned. The host makes these from the text engine's full results.
public struct PageWords: Hashable, Sendable {
    public struct Word: Hashable, Sendable {
        public var text: String
        /// In shares of the picture's width and height, top-left origin.
        public var box: Rect
        /// The index of its line in reading order: a hit's words on one line are highlighted as one band.
        public var line: Int

        public init(text: String, box: Rect, line: Int) {
            self.text = text
            self.box = box
            self.line = line
        }
    }

    /// Every word in reading order.
    public var words: [Word]
    /// The page's text as `strips text` prints it (lines and paragraphs).
    public var text: String
    /// Clockwise quarter turns from the picture to the way up Tesseract's orientation detection was
    /// sure of (0 when it is upright); nil when not known (not looked for, too little text, a PDF's
    /// own text).
    public var upright: Int?

    public init(words: [Word], text: String, upright: Int? = nil) {
        self.words = words
        self.text = text
        self.upright = upright
    }

    public static let empty = PageWords(words: [], text: "")
}

/// What a page's text belongs to: its source and the corrections that move its words (crop and
/// straighten: `PixelRecipe.geometry`). A look changes no word, so changing it keeps the text.
public struct TextKey: Hashable, Sendable {
    public var source: PageSource
    /// The page's pixel recipe with only the steps that move pixels.
    public var geometry: PixelRecipe
    /// The languages chosen for the page (`Corrections.language`); nil: the program's.
    public var language: String?

    public init(source: PageSource, geometry: PixelRecipe, language: String? = nil) {
        self.source = source
        self.geometry = geometry.geometry
        self.language = language
    }
}

extension Page {
    /// The key its text is known under.
    public var textKey: TextKey { TextKey(source: source, geometry: corrections.pixels, language: corrections.language) }
}

/// The text known for pages, by `TextKey`: what the host has answered so far. Not part of the
/// document (nothing here is undone); a page whose crop changes has no text until it is read again.
public struct PageTexts: Hashable, Sendable {
    public private(set) var byKey: [TextKey: PageWords] = [:]
    /// Each page's words folded for search, made once as they arrive.
    private var folded: [TextKey: FoldedWords] = [:]
    /// Pages the host answered have no text to give: not asked for again.
    public private(set) var textless: Set<TextKey> = []

    public init() {}

    public subscript(page: Page) -> PageWords? { byKey[page.textKey] }

    func folded(_ page: Page) -> FoldedWords? { folded[page.textKey] }

    public mutating func set(_ words: PageWords, for key: TextKey) {
        byKey[key] = words
        folded[key] = FoldedWords(words)
    }

    public mutating func setTextless(_ key: TextKey) { textless.insert(key) }

    /// Whether the host has answered for `page`: with its words, or that it has none.
    public func isAnswered(_ page: Page) -> Bool {
        let key = page.textKey
        return textless.contains(key) || byKey[key] != nil
    }

    public var isEmpty: Bool { byKey.isEmpty }
    /// Texts kept (of pages in the document or not): changes whenever one is added.
    public var count: Int { byKey.count }

    /// How many of `pages` have known text.
    public func knownCount(_ pages: [Page]) -> Int { pages.reduce(0) { $0 + (byKey[$1.textKey] == nil ? 0 : 1) } }
}
