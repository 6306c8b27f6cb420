import StripsCore

/// A scan under way, as the editor sees it. Not an `Interaction`: the scanner works while the
/// user pages, zooms or selects; only edits of the document wait while a page is arriving (so
/// a page cut short can leave again as if it had never come, its insert withdrawn from the
/// history).
public struct ScanProgress: Hashable, Sendable {
    /// The page the next scanned page goes after (an id): the page in focus when the scan began,
    /// then each scanned page in turn; nil: the start of the document.
    var anchor: String?
    /// The page taking its slot and filling in now: the host's id for it and the id it has in
    /// the document (the same unless a page of that name was there already).
    public internal(set) var arriving: (host: String, placed: String)?
    /// Pages completed.
    public internal(set) var finished = 0
    /// Escape was pressed: the host is stopping it.
    public internal(set) var cancelling = false
    /// The host said the scan is over (its last pages may still be waiting to be placed).
    public internal(set) var hostEnded = false
    /// The languages the scan's pages are read in (the panel's choice), set in each page's recipe
    /// as it takes its slot; nil: the program's.
    var language: String?

    init(anchor: String?, language: String? = nil) {
        self.anchor = anchor
        self.language = language
    }

    /// The scanner is still at work: Escape stops it, Ctrl+N waits.
    public var isRunning: Bool { !hostEnded }

    // MARK: The scan's reducer: each step placed in the document as it comes

    /// A page started: where it goes in `pages` (after the anchor, else after `focus`), under a
    /// name of its own, and it becomes the page arriving and the next anchor. Nil while another
    /// page is still arriving.
    mutating func started(_ page: Page, in pages: [Page], focus: Int) -> PlacedPage? {
        guard arriving == nil else { return nil }
        var placed = pages.uniquelyNamed([page])[0]
        if let language { placed.corrections.language = language }
        let at = anchor.flatMap { id in pages.firstIndex { $0.id == id } }.map { $0 + 1 }
            ?? (pages.isEmpty ? 0 : min(pages.count, max(0, focus) + 1))
        arriving = (page.id, placed.id)
        anchor = placed.id
        return PlacedPage(index: at, page: placed)
    }

    /// The arriving page finished as `page`: its index in `pages` and the page it is now (its
    /// place's name and the corrections given it while it arrived); nil when it is not the one
    /// arriving or is no longer there.
    mutating func finished(_ page: Page, in pages: [Page]) -> (index: Int, page: Page)? {
        guard let arriving, arriving.host == page.id else { return nil }
        self.arriving = nil
        finished += 1
        guard let index = pages.firstIndex(where: { $0.id == arriving.placed }) else { return nil }
        var done = page
        done.id = arriving.placed
        done.corrections = pages[index].corrections
        return (index, done)
    }

    /// The arriving page (the host's `id`) was cut short: its index in `pages`, to leave as if it
    /// had never come; nil when it is not the one arriving or is no longer there.
    mutating func cutShort(_ id: String, in pages: [Page]) -> Int? {
        guard let arriving, arriving.host == id else { return nil }
        self.arriving = nil
        return pages.firstIndex { $0.id == arriving.placed }
    }

    /// The page at `index` of `pages` withdrawn: the next page goes where it was.
    mutating func withdrew(_ index: Int, in pages: [Page]) {
        anchor = index > 0 ? pages[index - 1].id : nil
    }

    /// The host said the scan is over (`count` pages kept): what the status line says, at once.
    mutating func ended(count: Int, _ end: ScanEnd) -> String {
        hostEnded = true
        switch end {
        case .fault(let message): return message.shown
        case .cancelled: return trn("Scan stopped: %d page kept", "Scan stopped: %d pages kept", count)
        case .finished: return trn("Scanned %d page", "Scanned %d pages", count)
        }
    }

    public static func == (a: ScanProgress, b: ScanProgress) -> Bool {
        a.anchor == b.anchor && a.arriving?.host == b.arriving?.host && a.arriving?.placed == b.arriving?.placed
            && a.finished == b.finished && a.cancelling == b.cancelling && a.hostEnded == b.hostEnded
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(anchor)
        hasher.combine(arriving?.placed)
        hasher.combine(finished)
    }
}

/// A step of a scan, run in order with the editor's other commands (a page's insert animation
/// waits for the one before it).
public enum ScanStep: Hashable, Sendable {
    case started(Page)
    case finished(Page)
    case cutShort(pageID: String)
    case ended
}
