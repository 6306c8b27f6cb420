/// The text of one page: its words with where they are, its lines, and the text as a whole, from
/// recognition or from a PDF page's own text. Search, copying, the text layer and `strips text`
/// all read this one shape, so recognised and PDF text are treated alike.
public struct PageText: Hashable, Sendable, Codable {
    /// Every word in reading order.
    public var words: [TextWord]
    /// The lines, in reading order; each names its words.
    public var lines: [TextLine]
    /// The page's text: lines ended by newlines, paragraphs separated by an empty line.
    public var text: String
    /// The coordinate space the boxes are in: the recognised picture's pixels, or the PDF page's
    /// points (as poppler gives them: top-left origin, the page as stored, before its /Rotate).
    /// Divide by these to get the share of the page's width and height.
    public var width: Double
    public var height: Double
    public var origin: Origin
    /// The boxes' space is the source picture turned this many quarter turns clockwise: 0, unless
    /// the page was found lying sideways or upside down and read the right way up (then the space
    /// is the upright page, `width` x `height` of the turned picture).
    public var quarterTurns: Int = 0
    /// Which way up the page was found, when orientation detection was asked for.
    public var orientation: PageOrientation?

    public enum Origin: Hashable, Sendable, Codable {
        /// Recognised by Tesseract in these languages (`eng`, `eng+deu`).
        case recognised(languages: String)
        /// The PDF page's own text (poppler).
        case pdf
    }

    public init(words: [TextWord], lines: [TextLine], text: String, width: Double, height: Double, origin: Origin) {
        self.words = words
        self.lines = lines
        self.text = text
        self.width = width
        self.height = height
        self.origin = origin
    }

    /// No words on a page of this size.
    public static func empty(width: Double, height: Double, origin: Origin) -> PageText {
        PageText(words: [], lines: [], text: "", width: width, height: height, origin: origin)
    }

    public var isEmpty: Bool { words.isEmpty }

    /// The same text with its boxes in the space turned `quarters` more quarter turns clockwise
    /// (a `width` x `height` space becomes `height` x `width`; a point (x, y) goes to (height - y, x)).
    public func turned(by quarters: Int) -> PageText {
        var text = self
        for _ in 0..<(((quarters % 4) + 4) % 4) {
            let h = text.height
            func box(_ b: TextBox) -> TextBox { TextBox(x: h - b.y - b.height, y: b.x, width: b.height, height: b.width) }
            text.words = text.words.map { var word = $0; word.box = box(word.box); return word }
            text.lines = text.lines.map { line in
                var turned = line
                turned.box = box(line.box)
                turned.baseline = line.baseline.map { TextLine.Baseline(x1: h - $0.y1, y1: $0.x1, x2: h - $0.y2, y2: $0.x2) }
                return turned
            }
            (text.width, text.height) = (text.height, text.width)
            text.quarterTurns = (text.quarterTurns + 1) % 4
        }
        return text
    }

    /// The mean of the words' confidences (0...100), or nil without words.
    public var meanConfidence: Double? {
        words.isEmpty ? nil : words.map(\.confidence).reduce(0, +) / Double(words.count)
    }
}

/// One word: its text and the rectangle around it.
public struct TextWord: Hashable, Sendable, Codable {
    public var text: String
    public var box: TextBox
    /// Tesseract's confidence, 0...100; 100 for a PDF's own text.
    public var confidence: Double
    /// The index of its line in `PageText.lines`.
    public var line: Int

    public init(text: String, box: TextBox, confidence: Double, line: Int) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.line = line
    }
}

/// One line of text.
public struct TextLine: Hashable, Sendable, Codable {
    public var box: TextBox
    /// The line's words: `words[firstWord..<endWord]`.
    public var firstWord: Int
    public var endWord: Int
    /// Where the letters stand, as a straight line from its left end to its right end (Tesseract's
    /// baseline); nil for PDF text.
    public var baseline: Baseline?

    public init(box: TextBox, firstWord: Int, endWord: Int, baseline: Baseline?) {
        self.box = box
        self.firstWord = firstWord
        self.endWord = endWord
        self.baseline = baseline
    }

    public var wordRange: Range<Int> { firstWord..<max(firstWord, endWord) }

    public struct Baseline: Hashable, Sendable, Codable {
        public var x1: Double, y1: Double, x2: Double, y2: Double

        public init(x1: Double, y1: Double, x2: Double, y2: Double) {
            self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        }

        /// The baseline's height at `x` (extended beyond its ends).
        public func y(at x: Double) -> Double {
            x2 == x1 ? y1 : y1 + (y2 - y1) * (x - x1) / (x2 - x1)
        }
    }
}

/// A rectangle with a top-left origin, in a page's text coordinates.
public struct TextBox: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// The smallest box holding both.
    public func union(_ other: TextBox) -> TextBox {
        let left = min(x, other.x), top = min(y, other.y)
        return TextBox(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}
