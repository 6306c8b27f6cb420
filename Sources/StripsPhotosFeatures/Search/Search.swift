import Foundation
import StripsCore

/// Ctrl+F's search: the query as typed, every hit in the document's text (recognised and PDF
/// text alike), in page order, and the one shown. Matching ignores case and accents in every
/// script ("ecole" finds "École", "strasse" finds "Straße", "ёлка" finds "ЕЛКА", Devanagari typed
/// in either normalisation form finds the other) and treats any run of spaces as one, across lines.
/// Pages whose text has not come yet are waited for: their hits join as the host reads them.
public struct Search: Hashable, Sendable {
    public private(set) var query: String
    public private(set) var hits: [SearchHit] = []
    /// The hit shown, an index into `hits`; -1 when there is none.
    public private(set) var current = -1
    /// The current hit still has to be brought into view (a new query, Return, Shift+Return):
    /// the strips glide to its page, and zoom in when it is small, once they are free.
    var presenting = false
    /// The document's state the hits were found in (`PhotosScene.documentState`).
    var seen: [Int] = []
    /// The host was asked to read the pages this search waits for.
    package var askedToRead = false
    /// Pages (indices) whose text had not come when the hits were found, by key.
    private var waiting: [TextKey: [Int]] = [:]
    /// How many pages' text has not come yet (the field says so while there are any).
    public private(set) var unread = 0

    public init(query: String = "") { self.query = query }

    public var currentHit: SearchHit? { hits.indices.contains(current) ? hits[current] : nil }

    /// Each page's hits (indices into `hits`), by page id, made with the hits.
    private var byPage: [String: [Int]] = [:]

    /// The hits on page `id`, with their indices.
    package func hits(on id: String) -> [(Int, SearchHit)] { (byPage[id] ?? []).map { ($0, hits[$0]) } }

    private mutating func found(_ hits: [SearchHit]) {
        self.hits = hits
        byPage = Dictionary(grouping: hits.indices) { hits[$0].pageID }
    }

    /// The query changed: hits found again, the current one the first on or after `focus`.
    mutating func setQuery(_ query: String, pages: [Page], texts: PageTexts, focus: Int) {
        self.query = query
        findAll(pages: pages, texts: texts)
        current = hits.firstIndex { $0.page >= focus } ?? (hits.isEmpty ? -1 : 0)
        presenting = current >= 0
    }

    /// The document changed: hits found again, keeping the current one where it still is.
    mutating func refresh(pages: [Page], texts: PageTexts, focus: Int) {
        let was = currentHit
        findAll(pages: pages, texts: texts)
        if let was, let same = hits.firstIndex(where: { $0.pageID == was.pageID && $0.boxes == was.boxes }) {
            current = same
        } else {
            current = hits.firstIndex { $0.page >= focus } ?? (hits.isEmpty ? -1 : 0)
        }
    }

    /// The host answered for `keys` (with words or without): the hits of the pages that waited
    /// for them join, in page order, the current hit staying the one shown. Only those pages are
    /// looked at, so a search filling in as the host reads costs what arrives, not the document.
    mutating func arrived(_ keys: [TextKey], pages: [Page], texts: PageTexts, focus: Int) {
        let needle = self.needle
        var added: [SearchHit] = []
        for key in keys {
            guard let indices = waiting.removeValue(forKey: key) else { continue }
            unread -= indices.count
            for index in indices where pages.indices.contains(index) { added += Self.hits(of: needle, on: pages[index], index: index, texts: texts) }
        }
        guard !added.isEmpty else { return }
        added.sort { $0.page < $1.page }
        let was = current
        let before = was < 0 ? 0 : added.count(where: { $0.page < hits[was].page })
        found(Self.merged(hits, added))
        if was >= 0 { current = was + before } else { firstHitFound(focus: focus) }
    }

    /// A first hit: the one on or after `focus`, brought into view.
    private mutating func firstHitFound(focus: Int) {
        current = hits.firstIndex { $0.page >= focus } ?? (hits.isEmpty ? -1 : 0)
        presenting = presenting || current >= 0
    }

    /// Return (`step` 1) and Shift+Return (-1): the next or previous hit, round the end.
    mutating func step(_ step: Int) {
        guard !hits.isEmpty else { return }
        current = current < 0 ? 0 : ((current + step) % hits.count + hits.count) % hits.count
        presenting = true
    }

    /// "3 of 17", "No matches", or nothing before anything is typed; while pages are still being
    /// read, how many ("3 of 17 (120 to read)").
    public var countText: String {
        if Self.normalised(query).isEmpty { return "" }
        let count = hits.isEmpty ? tr("No matches") : tr("%d of %d", current + 1, hits.count)
        return unread > 0 ? trn("%s (%d to read)", "%s (%d to read)", unread, count) : count
    }

    // MARK: The field's reducer: keys and typed text

    /// What an input asks of the editor beyond the search itself.
    enum Outcome {
        /// The query or the hit shown changed, with what the host is asked to read for it.
        case changed([Effect])
        /// Escape: the field closes, with what the host is told (the pages read so far stay read;
        /// the rest are no longer waited for).
        case close([Effect])
        /// The editor's own key (navigation, Ctrl, Alt, keys that type nothing): for what goes on
        /// under the field.
        case passDown
        case ignored
    }

    /// A key, on the document's `pages` with the text known (`texts`) and the page in focus.
    mutating func key(_ key: Key, pages: [Page], texts: PageTexts, focus: Int) -> Outcome {
        switch SearchKey.table.action(for: key) {
        case .close?:
            return .close(askedToRead ? [.readText(TextRequest(purpose: .search, pages: []))] : [])
        case .next?:
            step(1)
        case .previous?:
            step(-1)
        case .erase?:
            guard !query.isEmpty else { return .ignored }
            setQuery(String(query.dropLast()), pages: pages, texts: texts, focus: focus)
        case nil:
            switch key.name {
            case .left, .right, .home, .end:
                return .passDown
            case .f where key.ctrl:
                return .ignored
            case .f1, .f10, .menu, .application:
                // Keys that type nothing: the keys overlay and the page's menu open over the field.
                return .passDown
            default:
                // Letters come as typed text too: only keys with Ctrl or Alt are the editor's.
                return key.ctrl || key.alt ? .passDown : .ignored
            }
        }
        return .changed(reading(pages: pages, texts: texts, focus: focus))
    }

    /// Text typed into the field.
    mutating func typed(_ text: String, pages: [Page], texts: PageTexts, focus: Int) -> Outcome {
        setQuery(query + text, pages: pages, texts: texts, focus: focus)
        return .changed(reading(pages: pages, texts: texts, focus: focus))
    }

    /// The first query typed: every page not read yet is asked for (in a script it is read at
    /// once, before the answer is shown; in the window in the background, the hits growing).
    private mutating func reading(pages: [Page], texts: PageTexts, focus: Int) -> [Effect] {
        guard !askedToRead, unread > 0, !Self.normalised(query).isEmpty else { return [] }
        askedToRead = true
        return [.readText(TextRequest(purpose: .search, pages: TextReading.unread(pages, focus: focus, texts: texts)))]
    }

    // MARK: Matching

    /// The query as matched: folded, spaces collapsed, as bytes.
    private var needle: [UInt8] { Array(Self.fold(Self.normalised(query)).utf8) }

    /// Every hit of the query in the pages read, in page order, then reading order; the pages not
    /// read yet wait.
    private mutating func findAll(pages: [Page], texts: PageTexts) {
        let needle = self.needle
        var hits: [SearchHit] = []
        waiting = [:]
        for (index, page) in pages.enumerated() {
            if texts[page] != nil {
                hits += Self.hits(of: needle, on: page, index: index, texts: texts)
            } else if !texts.isAnswered(page) {
                waiting[page.textKey, default: []].append(index)
            }
        }
        unread = waiting.values.reduce(0) { $0 + $1.count }
        found(hits)
    }

    /// The occurrences of `needle` on `page` (at `index`), in reading order.
    static func hits(of needle: [UInt8], on page: Page, index: Int, texts: PageTexts) -> [SearchHit] {
        guard !needle.isEmpty, let words = texts[page], let folded = texts.folded(page) else { return [] }
        return folded.matches(of: needle).map { SearchHit(page: index, pageID: page.id, boxes: lineBoxes(words.words[$0])) }
    }

    /// Two runs of hits in page order, merged in page order (`a`'s first on the same page).
    static func merged(_ a: [SearchHit], _ b: [SearchHit]) -> [SearchHit] {
        var result: [SearchHit] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].page <= b[j].page) {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        return result
    }

    /// One box per line the words span (the union of their boxes on that line).
    static func lineBoxes(_ words: ArraySlice<PageWords.Word>) -> [Rect] {
        var boxes: [Rect] = [], lines: [Int] = []
        for word in words {
            if let last = lines.last, last == word.line, let box = boxes.last {
                boxes[boxes.count - 1] = box.union(word.box)
            } else {
                boxes.append(word.box)
                lines.append(word.line)
            }
        }
        return boxes
    }

    /// Spaces collapsed and trimmed: what is searched for.
    static func normalised(_ query: String) -> String {
        query.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Case, accents and width folded away in every script, in one normalisation form
    /// (`SearchFolding`: `Straße` -> `strasse`, `Ёлка` -> `елка`, Devanagari's NFD -> NFC).
    static func fold(_ text: String) -> String { SearchFolding.fold(text) }
}

/// One place the query was found.
public struct SearchHit: Hashable, Sendable {
    /// The page's index in the document, and its id.
    public var page: Int
    public var pageID: String
    /// One box per line the hit spans, in shares of the page's picture (as `PageWords`' boxes).
    public var boxes: [Rect]
}

/// A page's words folded for matching, made once when its text arrives: the folded words joined
/// by single spaces, as bytes, and where each word starts and ends in them.
struct FoldedWords: Hashable, Sendable {
    var bytes: [UInt8]
    var starts: [Int]
    var ends: [Int]

    init(_ words: PageWords) {
        var bytes: [UInt8] = [], starts: [Int] = [], ends: [Int] = []
        for word in words.words {
            if !bytes.isEmpty { bytes.append(0x20) }
            starts.append(bytes.count)
            bytes += Search.fold(Search.normalised(word.text)).utf8
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
        self.ends = ends
    }

    /// The word ranges of each occurrence of `needle` (not overlapping), in order.
    func matches(of needle: [UInt8]) -> [Range<Int>] {
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        var found: [Range<Int>] = []
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) {
                let end = i + needle.count
                // The words the bytes i..<end touch: from the last starting at or before i to the
                // last starting before end.
                let first = max(0, wordsStarting(before: i + 1) - 1)
                let after = max(first + 1, wordsStarting(before: end))
                found.append(first..<min(after, starts.count))
                i = end
            } else {
                i += 1
            }
        }
        return found
    }

    /// How many words start before byte `offset` (a binary search of `starts`).
    private func wordsStarting(before offset: Int) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
