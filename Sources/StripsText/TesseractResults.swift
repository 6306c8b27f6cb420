import CTesseract

/// Reads a recognised page out of Tesseract: words with their boxes and confidences, grouped in
/// lines with their baselines, and the page's text as the `tesseract` command writes it.
enum TesseractResults {
    static func read(_ api: OpaquePointer, width: Double, height: Double, origin: PageText.Origin) -> PageText {
        let text = TessBaseAPIGetUTF8Text(api).map { pointer -> String in
            defer { TessDeleteText(pointer) }
            return String(cString: pointer)
        } ?? ""
        var words: [TextWord] = []
        var lines: [TextLine] = []
        guard let results = TessBaseAPIGetIterator(api) else { return .empty(width: width, height: height, origin: origin) }
        defer { TessResultIteratorDelete(results) }
        let page = TessResultIteratorGetPageIterator(results)
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 || lines.isEmpty {
                if !lines.isEmpty { lines[lines.count - 1].endWord = words.count }
                lines.append(TextLine(box: box(page, RIL_TEXTLINE) ?? TextBox(x: 0, y: 0, width: 0, height: 0),
                                      firstWord: words.count, endWord: words.count, baseline: baseline(page)))
            }
            guard let pointer = TessResultIteratorGetUTF8Text(results, RIL_WORD) else { continue }
            let word = String(cString: pointer)
            TessDeleteText(pointer)
            guard !word.allSatisfy(\.isWhitespace), let wordBox = box(page, RIL_WORD) else { continue }
            // A tenth of a point is all the confidence tells (and it keeps cache entries short).
            let confidence = (Double(TessResultIteratorConfidence(results, RIL_WORD)) * 10).rounded() / 10
            words.append(TextWord(text: word, box: wordBox, confidence: confidence, line: lines.count - 1))
        } while TessResultIteratorNext(results, RIL_WORD) != 0
        if !lines.isEmpty { lines[lines.count - 1].endWord = words.count }
        // Lines without words (an empty block) tell nothing; word line numbers follow the kept ones.
        var kept: [TextLine] = []
        var renumber: [Int: Int] = [:]
        for (index, line) in lines.enumerated() where line.endWord > line.firstWord {
            renumber[index] = kept.count
            kept.append(line)
        }
        for index in words.indices { words[index].line = renumber[words[index].line] ?? 0 }
        return PageText(words: words, lines: kept, text: text, width: width, height: height, origin: origin)
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
