import CTesseract
import CTesseractOrder

/// Reads a recognised page out of Tesseract: words with their boxes and confidences, grouped in
/// lines with their baselines, and the page's text as the `tesseract` command writes it.
enum TesseractResults {
    /// `orders` are tried in turn until one can put every word in place: Tesseract's stored order
    /// where every word runs left to right, else its reading order.
    static func read(_ api: OpaquePointer, width: Double, height: Double, origin: PageText.Origin,
                     orders: [Order] = [.stored, .reading]) -> PageText {
        guard let results = TessBaseAPIGetIterator(api) else { return .empty(width: width, height: height, origin: origin) }
        defer { TessResultIteratorDelete(results) }
        for order in orders {
            TessPageIteratorBegin(TessResultIteratorGetPageIterator(results))
            if let page = walk(results, order, text: order.text(api), width: width, height: height, origin: origin) { return page }
        }
        return .empty(width: width, height: height, origin: origin)
    }

    /// How the words are stepped through: as Tesseract stores them (each step constant; the
    /// reading order where every word runs left to right: `CTesseractOrder`), or in reading order
    /// (its ResultIterator, which reorders right-to-left lines, each step walking the page so far).
    struct Order: Sendable {
        let next: @Sendable (OpaquePointer) -> Bool
        let begins: @Sendable (OpaquePointer, TessPageIteratorLevel) -> Bool
        let word: @Sendable (OpaquePointer) -> UnsafeMutablePointer<CChar>?
        /// Whether a word this order cannot put right ends the walk (nil: start again in reading order).
        let refuses: @Sendable (OpaquePointer) -> Bool
        /// The page's text from the API, or nil: made word by word as the walk goes (`PlainText`).
        let text: @Sendable (OpaquePointer) -> String?

        static let stored = Order(
            next: { strips_tess_next_stored(UnsafeMutableRawPointer($0)) != 0 },
            begins: { strips_tess_begins_stored(UnsafeRawPointer($0), Int32($1.rawValue)) != 0 },
            word: { strips_tess_word_stored(UnsafeRawPointer($0)) },
            refuses: { strips_tess_word_has_right_to_left(UnsafeRawPointer($0)) != 0 },
            text: { _ in nil })
        static let reading = Order(
            next: { TessResultIteratorNext($0, RIL_WORD) != 0 },
            begins: { TessPageIteratorIsAtBeginningOf(TessResultIteratorGetPageIterator($0), $1) != 0 },
            word: { TessResultIteratorGetUTF8Text($0, RIL_WORD) },
            refuses: { _ in false },
            text: { api in
                TessBaseAPIGetUTF8Text(api).map { pointer in
                    defer { TessDeleteText(pointer) }
                    return String(cString: pointer)
                } ?? ""
            })
    }

    /// The page's words and lines in `order`; its text is `given`, or made as Tesseract's
    /// GetUTF8Text makes it when nil. Nil when `order` refuses a word.
    private static func walk(_ results: OpaquePointer, _ order: Order, text given: String?,
                             width: Double, height: Double, origin: PageText.Origin) -> PageText? {
        let page = TessResultIteratorGetPageIterator(results)
        var words: [TextWord] = []
        var lines: [TextLine] = []
        var text = PlainText()
        repeat {
            let beginsLine = order.begins(results, RIL_TEXTLINE)
            if beginsLine || lines.isEmpty {
                if !lines.isEmpty { lines[lines.count - 1].endWord = words.count }
                lines.append(TextLine(box: box(page, RIL_TEXTLINE) ?? TextBox(x: 0, y: 0, width: 0, height: 0),
                                      firstWord: words.count, endWord: words.count, baseline: baseline(page)))
            }
            guard let pointer = order.word(results) else {
                if given == nil { text.blank() }
                continue
            }
            if order.refuses(results) {
                TessDeleteText(pointer)
                return nil
            }
            let word = String(cString: pointer)
            TessDeleteText(pointer)
            if given == nil {
                if order.begins(results, RIL_PARA) { text.beginParagraph(printed: printsText(TessPageIteratorBlockType(page))) }
                text.append(word, beginsLine: beginsLine)
            }
            guard !word.allSatisfy(\.isWhitespace), let wordBox = box(page, RIL_WORD) else { continue }
            // A tenth of a point is all the confidence tells (and it keeps cache entries short).
            let confidence = (Double(TessResultIteratorConfidence(results, RIL_WORD)) * 10).rounded() / 10
            words.append(TextWord(text: word, box: wordBox, confidence: confidence, line: lines.count - 1))
        } while order.next(results)
        if !lines.isEmpty { lines[lines.count - 1].endWord = words.count }
        // Lines without words (an empty block) tell nothing; word line numbers follow the kept ones.
        var kept: [TextLine] = []
        var renumber: [Int: Int] = [:]
        for (index, line) in lines.enumerated() where line.endWord > line.firstWord {
            renumber[index] = kept.count
            kept.append(line)
        }
        for index in words.indices { words[index].line = renumber[words[index].line] ?? 0 }
        return PageText(words: words, lines: kept, text: given ?? text.ended(), width: width, height: height, origin: origin)
    }

    /// Pictures and rules are left out of the page's text (Tesseract's GetUTF8Text).
    private static func printsText(_ type: TessPolyBlockType) -> Bool {
        ![PT_FLOWING_IMAGE, PT_HEADING_IMAGE, PT_PULLOUT_IMAGE, PT_HORZ_LINE, PT_VERT_LINE].contains(type)
    }

    private static func box(_ page: OpaquePointer?, _ level: TessPageIteratorLevel) -> TextBox? {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { return nil }
        return TextBox(x: Double(left), y: Double(top), width: Double(right - left), height: Double(bottom - top))
    }

    private static func baseline(_ page: OpaquePointer?) -> TextLine.Baseline? {
        var x1: Int32 = 0, y1: Int32 = 0, x2: Int32 = 0, y2: Int32 = 0
        guard TessPageIteratorBaseline(page, RIL_TEXTLINE, &x1, &y1, &x2, &y2) != 0 else { return nil }
        return TextLine.Baseline(x1: Double(x1), y1: Double(y1), x2: Double(x2), y2: Double(y2))
    }
}
