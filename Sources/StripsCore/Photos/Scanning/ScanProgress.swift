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

    init(anchor: String?) { self.anchor = anchor }

    /// The scanner is still at work: Escape stops it, Ctrl+N waits.
    public var isRunning: Bool { !hostEnded }

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
