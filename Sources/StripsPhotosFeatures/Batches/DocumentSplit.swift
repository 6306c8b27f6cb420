import StripsCore

/// The batch split into documents: at each separator sheet (left out of every document) and at
/// each break put by hand, as the pages' `documentBreak` and the judges' answers say. One part
/// when there is no break; a part never empty (two separators in a row make one split). Made
/// when the pages or the judgements change, not every frame; asked by index in O(log n).
public struct DocumentSplit: Hashable, Sendable {
    public struct Part: Hashable, Sendable {
        /// Its pages, as indices of the document.
        public var pages: Range<Int>
        /// The text of the separator sheet before it, when there was one with text: it names the
        /// document (`DocumentNames`).
        public var title: String?
        /// The separator sheet before it; nil for the first part and after a break put by hand.
        public var separator: Int?

        public init(pages: Range<Int>, title: String? = nil, separator: Int? = nil) {
            self.pages = pages
            self.title = title
            self.separator = separator
        }
    }

    public private(set) var parts: [Part]
    /// The separator sheets, ascending.
    public private(set) var separators: [Int]

    /// No pages: no documents.
    public static let empty = DocumentSplit(parts: [], separators: [])

    init(parts: [Part], separators: [Int]) {
        self.parts = parts
        self.separators = separators
    }

    /// `separator(page)`: the code the page holds alone, as judged (nil: none, or not judged yet).
    public init(pages: [Page], separator: (Page) -> SeparatorCode?) {
        var parts: [Part] = [], separators: [Int] = []
        var start: Int?
        var title: String?, sheet: Int?
        func close(at end: Int) {
            if let s = start, s < end { parts.append(Part(pages: s..<end, title: title, separator: sheet)) }
            start = nil
            title = nil
            sheet = nil
        }
        for (i, page) in pages.enumerated() {
            if page.documentBreak != .none, let code = separator(page) {
                close(at: i)
                separators.append(i)
                title = code.text
                sheet = i
                continue
            }
            if page.documentBreak == .before, start != nil { close(at: i) }
            if start == nil { start = i }
        }
        close(at: pages.count)
        self.init(parts: parts, separators: separators)
    }

    /// The part holding page `index` (nil for a separator sheet).
    public func part(holding index: Int) -> Int? {
        var lo = 0, hi = parts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if parts[mid].pages.upperBound <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo < parts.count && parts[lo].pages.contains(index) ? lo : nil
    }

    public func isSeparator(_ index: Int) -> Bool {
        var lo = 0, hi = separators.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if separators[mid] < index { lo = mid + 1 } else { hi = mid }
        }
        return lo < separators.count && separators[lo] == index
    }

    /// A document begins at page `index` that is not the first: where a divider is drawn.
    public func beginsDocument(_ index: Int) -> Bool {
        guard let k = part(holding: index), k > 0 else { return false }
        return parts[k].pages.lowerBound == index
    }

    /// The pages of each part.
    public func documents(of pages: [Page]) -> [[Page]] { parts.map { Array(pages[$0.pages]) } }
}
