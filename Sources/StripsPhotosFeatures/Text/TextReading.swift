import StripsCore

/// What the editor asks the host to read, sent as changes (issue 29): the pages around the focus
/// where the strips rest, asked again only when what they need changes (the focus moved, an
/// edit, a scanned page arrived), and, for a search, every page not read yet, once. Only the
/// window is looked at, and only when the focus or the pages changed, so asking costs the same at
/// 10 pages and at 20,000; answers arriving change nothing here.
struct TextReading: Sendable {
    /// Pages either side of the focus whose text is read ahead: about the thumbnails a window
    /// shows, so the page in focus (Ctrl+C), its neighbours (O) and a search's nearest hits are
    /// read by the time they are wanted.
    static let reach = 16

    /// What the window was last worked out from. Holding the pages array is what makes comparing
    /// it cheap: an unchanged document is the same storage, compared in one step.
    private var pages: [Page] = []
    private var focus = -1
    private var arriving: String?
    /// Indices into `pages` the host has answered for: an answer is never taken back.
    private var answered = Set<Int>()
    /// The indices into `pages` of the last near request sent.
    private(set) var asked: [Int] = []

    /// The request for the pages around `focus` (an index into `pages`) whose text the host has
    /// not answered, when it differs from the last one sent; nil when nothing changed. `arriving`:
    /// a scanned page still coming in (its file is not written yet: asked for once it is).
    mutating func nearRequest(pages: [Page], focus: Int, texts: PageTexts, arriving: String?) -> TextRequest? {
        if pages != self.pages {
            self.pages = pages
            answered = []
            asked = []
        } else if focus == self.focus && arriving == self.arriving {
            return nil
        }
        self.focus = focus
        self.arriving = arriving
        var wanted: [Int] = []
        for index in Self.order(around: focus, count: pages.count, reach: Self.reach) where !answered.contains(index) {
            let page = pages[index]
            if page.id == arriving { continue }
            if texts.isAnswered(page) { answered.insert(index) } else { wanted.append(index) }
        }
        guard wanted != asked else { return nil }
        asked = wanted
        return TextRequest(purpose: .near, pages: wanted.map { pages[$0] })
    }

    /// Indices within `reach` of `focus` (clamped into `0..<count`), nearest first: the focus,
    /// one after, one before, two after, ...
    static func order(around focus: Int, count: Int, reach: Int) -> [Int] {
        guard count > 0 else { return [] }
        let centre = focus.clamped(to: 0...(count - 1))
        var order = [centre]
        for step in 1...max(1, reach) {
            if centre + step < count { order.append(centre + step) }
            if centre - step >= 0 { order.append(centre - step) }
        }
        return order
    }

    /// Every page of `pages` whose text the host has not answered, nearest `focus` first, each
    /// key once: what a search waits for. Looks at the whole document, so it is asked once a search.
    static func unread(_ pages: [Page], focus: Int, texts: PageTexts) -> [Page] {
        unanswered(order(around: focus, count: pages.count, reach: pages.count).map { pages[$0] }, texts: texts)
    }

    private static func unanswered(_ pages: [Page], texts: PageTexts) -> [Page] {
        var seen = Set<TextKey>()
        return pages.filter { !texts.isAnswered($0) && seen.insert($0.textKey).inserted }
    }
}
