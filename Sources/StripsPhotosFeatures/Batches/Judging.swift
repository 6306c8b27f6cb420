import StripsCore

/// The judges' answers as the editor knows them (blank pages, separator sheets), what it has asked
/// the host and not heard back, and an action waiting for every page to be judged (Ctrl+Shift+B,
/// a save). Not part of the document: nothing here is undone; a page's own break is (`Page.documentBreak`).
///
/// The editor asks for pages near the focus as the focus moves (`wishes`): a ring of
/// `Judging.ring` pages either side, then, in the window, on outward a chunk at a time as answers
/// come, so every page is judged in the background. Each ask looks at a bounded number of pages:
/// the work of a frame does not grow with the document.
public struct Judging: Hashable, Sendable {
    /// How far the editor asks of its own accord.
    public enum Reach: Hashable, Sendable {
        /// The pages whose thumbnails are on screen (scripts: judged before the frame that shows
        /// their marks, deterministic, and a fling across a long document judges what it lands
        /// on, not a ring beyond it).
        case nearFocus
        /// Every page, nearest the focus first (the window, in the background).
        case everyPage
    }

    /// What waits for every page to be judged.
    public enum Waiting: Hashable, Sendable {
        /// Ctrl+Shift+B: the blank pages selected.
        case selectBlank
        /// Ctrl+S: the document saved, one file a document.
        case save
    }

    /// Pages either side of the focus asked for at once.
    public static let ring = 24
    /// Pages looked at per ask beyond the ring.
    static let chunk = 64

    public var reach: Reach
    public private(set) var found: [TextKey: PageJudgement] = [:]
    /// Asked and not answered yet.
    private(set) var asked: Set<TextKey> = []
    /// The action waiting, and the pages it waits for.
    public private(set) var waiting: Waiting?
    private(set) var awaited: Set<TextKey> = []
    /// Where the last wishes were made: the focus and the document's generation (its pages).
    private var wishedAt: WishMark?
    private struct WishMark: Hashable, Sendable {
        var focus: Int
        var generation: Int
    }
    /// How far out from `wishedAt.focus` pages have been asked for.
    private var frontier = 0
    /// Bumped whenever a separator is found or lost, so the split is made again.
    public private(set) var separatorsVersion = 0

    public init(reach: Reach = .nearFocus) { self.reach = reach }

    public subscript(page: Page) -> PageJudgement? { found[page.textKey] }

    public func isBlank(_ page: Page) -> Bool { found[page.textKey]?.blank == true }
    public func separator(_ page: Page) -> SeparatorCode? { page.documentBreak == .none ? nil : found[page.textKey]?.separator }

    /// The judgements the host answered; true when the pages waited for are all in.
    mutating func received(_ pages: [JudgedPage]) -> Bool {
        for page in pages {
            asked.remove(page.key)
            awaited.remove(page.key)
            let old = found.updateValue(page.judgement, forKey: page.key)
            if old?.separator != page.judgement.separator { separatorsVersion += 1 }
        }
        return waiting != nil && awaited.isEmpty
    }

    /// The pages near `focus` not judged or asked for yet, marked asked; bounded work per call.
    /// `skipping`: a page that cannot be judged yet (a scanned page still arriving); `ring`: how
    /// far either side of the focus is asked for at once (default `Judging.ring`).
    mutating func wishes(_ pages: [Page], focus: Int, generation: Int, skipping: String? = nil, ring: Int = Judging.ring) -> [Page] {
        guard !pages.isEmpty else { return [] }
        let centre = focus.clamped(to: 0...(pages.count - 1))
        if wishedAt?.focus != centre || wishedAt?.generation != generation {
            wishedAt = WishMark(focus: centre, generation: generation)
            frontier = -1
        }
        var wanted: [Page] = []
        var looked = 0
        func step() {
            frontier += 1
            for i in frontier == 0 ? [centre] : [centre + frontier, centre - frontier] where pages.indices.contains(i) {
                looked += 1
                let key = pages[i].textKey
                guard pages[i].id != skipping, found[key] == nil, asked.insert(key).inserted else { continue }
                wanted.append(pages[i])
            }
        }
        // The ring, whole.
        while frontier < min(ring, pages.count) { step() }
        // Beyond it only in the window, a chunk at a time once the host has answered all it was
        // asked: the asks follow the answers, not the frames.
        if reach == .everyPage, wanted.isEmpty, asked.isEmpty {
            while frontier < pages.count, wanted.count < Self.chunk, looked < 8 * Self.chunk { step() }
        }
        return wanted
    }

    /// Waits for `pages` to be judged before `action`: the pages not judged yet, to be asked for
    /// again as urgent (those asked already may wait behind the background's asks; the host
    /// answers a page twice asked from memory). Empty when nothing needs judging.
    mutating func wait(for action: Waiting, _ pages: [Page], skipping: String? = nil) -> [Page] {
        var missing: [Page] = []
        awaited = []
        for page in pages where found[page.textKey] == nil && page.id != skipping {
            let key = page.textKey
            guard awaited.insert(key).inserted else { continue }
            asked.insert(key)
            missing.append(page)
        }
        waiting = awaited.isEmpty ? nil : action
        return missing
    }

    /// The action waited for, taken (it runs now).
    mutating func takeWaiting() -> Waiting? {
        defer { waiting = nil; awaited = [] }
        return waiting
    }

    /// How many of the pages waited for are still out (for the status line).
    public var outstanding: Int { awaited.count }
}
