import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import StripsText

/// Carries out the Photos scene's `readText` requests: a PDF page's own text, else the text
/// cache, else Tesseract on the page as it is drawn, with its orientation found on the way. Each
/// page asked is answered once, as `recognised` or `textless`; the full results are kept for
/// saving (the invisible text layer), and a save reads the pages nobody asked for yet.
///
/// Written once, on the executor's pool (`HostExecutor.pool`): each request replaces the wish of
/// its purpose (the pages near the focus, what the scene sends being the change bounded by its
/// window; or a search's, handed over a few at a time as pages finish), and the pool is given
/// the near pages not read, then the next of a search's. In a script the pool reads them as they
/// are scheduled (on every core, answered in page order), so the frame after a request already
/// has its text; in the window on idle cores (SCHED_IDLE), the answers coming through `poll`,
/// the pool held while the strips move or the pictures the screen needs are being decoded.
public final class TextHost: @unchecked Sendable {
    /// Tesseract's languages; nil: only PDF pages' own text (`--ocr off`).
    public let languages: String?
    private let reader: PageReader
    private let cache: TextCache?
    private let executor: any HostExecutor
    private let say: @Sendable (String) -> Void

    /// A search's pages handed to the pool at a time, behind the near ones.
    static let searchBatch = 8

    /// One read for a save at a time, with its lanes' services kept from one to the next (so a
    /// PDF is opened once).
    private let reading = NSLock()
    private var lanes: [any PageTextSource] = []
    /// Makes each reading lane's source (`PageTextService`; a test's stand-in).
    private let source: PageTextSourceMaker

    /// Computing the pool's list and handing it over, one caller at a time, so a list made
    /// earlier never replaces a newer one; recursive, as an inline pool's completions schedule
    /// again from within the schedule that ran them.
    private let scheduling = NSRecursiveLock()
    private let lock = NSLock()
    // Everything below is guarded by `lock`.
    private var pool: (any HostPool<any PageTextSource>)?
    /// The last frame's wish to hold the reading, given to the pool when it starts too.
    private var held = false
    /// Answers not yet polled: pages read with text, pages without, a problem to tell once.
    private var answers: [RecognisedText] = []
    private var textless: [TextKey] = []
    private var problem: HostMessage?
    /// Every page's text read so far, as read (upright: `PageText.quarterTurns` from its picture), by key.
    private var store: [TextKey: PageText] = [:]
    /// Keys answered: never asked again.
    private var settled: Set<TextKey> = []
    /// The scene's wishes: the pages near the focus (replaced by each request), and a search's
    /// pages with how far the pool has been given them.
    private var near: [Page] = []
    private var search: [Page] = []
    private var searchNext = 0
    /// Each key's job id for the pool; the ids handed to it last.
    private var ids: [TextKey: String] = [:]
    private var scheduled: [String] = []

    /// `executor`: where the pages are read (inline in a script, a pool of idle workers in the
    /// window); `say`: where one-line diagnostics go; `source`: where a lane reads pages
    /// (Tesseract's service; a test's stand-in).
    public init(languages: String?, reader: PageReader, cache: TextCache? = TextCache.standard(), executor: any HostExecutor,
                say: @escaping @Sendable (String) -> Void,
                source: @escaping PageTextSourceMaker = { languages, cache in PageTextService(languages: languages, cache: cache) }) {
        self.source = source
        self.languages = languages
        self.reader = reader
        self.cache = cache
        self.executor = executor
        self.say = say
    }

    deinit { pool?.stop() }

    /// A `readText` request: the wish of its purpose replaced and the pool given what to read
    /// now; the answers ready (all of them in a script) returned, the rest through `poll`.
    public func run(_ request: TextRequest) -> [HostEvent] {
        scheduling.lock()
        let jobs: [PoolJob<any PageTextSource>]? = lock.withLock {
            settleTextless(request.pages)
            switch request.purpose {
            case .near:
                near = request.pages
            case .search:
                search = request.pages
                searchNext = 0
            }
            return reschedule()
        }
        if let jobs { poolNow().schedule(jobs) }
        scheduling.unlock()
        if lock.withLock({ !textless.isEmpty }) { executor.wake() }
        return executor.answered { poll() }
    }

    /// What has been read since the last call.
    public func poll() -> [HostEvent] {
        lock.lock()
        defer { lock.unlock() }
        var events: [HostEvent] = []
        if !answers.isEmpty { events.append(.text(.recognised(answers))) }
        if !textless.isEmpty { events.append(.text(.textless(textless))) }
        if let problem { events.append(.text(.failed(problem))) }
        answers = []
        textless = []
        problem = nil
        return events
    }

    /// The text read for `key`, as read: in the page's picture turned `quarterTurns` clockwise, the
    /// way up its lines run (what a text layer lays on, turned back as it is placed).
    public func text(for key: TextKey) -> PageText? {
        lock.lock()
        defer { lock.unlock() }
        return store[key]
    }

    /// The text of each of `pages` for saving, the pages not read yet read now (on the caller's
    /// thread: the save's worker in the window); the scene hears of them too, through `poll`.
    public func texts(for pages: [Page]) -> [PageText?] {
        readNow(unsettled(pages))
        return pages.map { text(for: $0.textKey) }
    }

    /// A frame shown: while the strips move or the screen's pictures are decoded, the pool holds
    /// (the page being read stops at its next word, nothing new starts), so those frames get the
    /// caches and the memory bus to themselves.
    public func shown(_ frame: Frame, picturesPending: Bool) {
        let hold = !frame.isIdle || picturesPending
        lock.withLock {
            held = hold
            return pool
        }?.hold(hold)
    }

    public func stop() {
        lock.withLock { pool }?.stop()
    }

    // MARK: Reading

    /// `pages` not answered yet, each key once; those with no text to give are answered now.
    private func unsettled(_ pages: [Page]) -> [Page] {
        lock.lock()
        defer { lock.unlock() }
        settleTextless(pages)
        var seen = Set<TextKey>()
        return pages.filter { !settled.contains($0.textKey) && seen.insert($0.textKey).inserted }
    }

    /// Answers the pages of `pages` that are known to have no text without reading them: no text
    /// of their own (not a PDF page) and recognition off. Called with `lock` held.
    private func settleTextless(_ pages: [Page]) {
        guard languages == nil else { return }
        for page in pages where !page.source.isPDFPage { settle(page.textKey, nil) }
    }

    /// Reads `pages` now, answered in page order.
    private func readNow(_ pages: [Page]) {
        guard !pages.isEmpty else { return }
        reading.lock()
        while lanes.count < Self.threads(for: pages.count) { lanes.append(source(languages, cache)) }
        let texts = Self.read(pages, services: lanes, reader: reader) { [self] page, error in notRead(page.path, name: page.id, error) }
        reading.unlock()
        for (page, text) in zip(pages, texts) { finished(page.textKey, text) }
    }

    /// What the pool should read now, in order: the near pages not read, then the next few of a
    /// search's; nil when it has that list already. Called with `lock` held.
    private func reschedule() -> [PoolJob<any PageTextSource>]? {
        var seen = Set<TextKey>()
        var pages = near.filter { !settled.contains($0.textKey) && seen.insert($0.textKey).inserted }
        // The search's pages read (or answered as near ones) are passed for good.
        while searchNext < search.count, settled.contains(search[searchNext].textKey) { searchNext += 1 }
        var index = searchNext
        var taken = 0
        while index < search.count, taken < Self.searchBatch {
            let page = search[index]
            if !settled.contains(page.textKey), seen.insert(page.textKey).inserted {
                pages.append(page)
                taken += 1
            }
            index += 1
        }
        let jobIDs = pages.map(jobID)
        guard jobIDs != scheduled else { return nil }
        scheduled = jobIDs
        if pages.isEmpty, pool == nil { return nil }
        return zip(pages, jobIDs).map(job)
    }

    /// The pool, started with the first pages to read.
    private func poolNow() -> any HostPool<any PageTextSource> {
        lock.withLock {
            if let pool { return pool }
            let (source, languages, cache) = (self.source, self.languages, self.cache)
            let started = executor.pool("strips-text") { source(languages, cache) }
            // Started while the strips move: held from its first page.
            started.hold(held)
            pool = started
            return started
        }
    }

    /// The pool's name for `page`'s key, made at its first request. Called with `lock` held.
    private func jobID(_ page: Page) -> String {
        let key = page.textKey
        if let id = ids[key] { return id }
        let id = "text-\(ids.count + 1)"
        ids[key] = id
        return id
    }

    /// Reading `page` on a lane; a page cancelled tells nothing.
    private func job(_ page: Page, id: String) -> PoolJob<any PageTextSource> {
        let reader = reader
        return TextJob(id: id, file: page.path, pdfPage: page.source.pdfPageIndex, recipe: Self.recipe(page),
                       geometry: Self.geometry(page), detectOrientation: languages != nil, languages: page.corrections.language,
                       render: { Self.render(page, reader: reader) })
            .onPool { [weak self] result in self?.read(page, result) }
    }

    /// A page read on the pool: answered, and the next of a search's pages handed on.
    private func read(_ page: Page, _ result: Result<PageText?, RecognitionError>) {
        switch result {
        case .success(let text): finished(page.textKey, text)
        case .failure(let error):
            notRead(page.path, name: page.id, error)
            finished(page.textKey, nil)
        }
        scheduling.lock()
        if let jobs = lock.withLock({ reschedule() }) { poolNow().schedule(jobs) }
        scheduling.unlock()
        executor.wake()
    }

    /// A page that could not be read (`name`, of the file at `path`): one line on standard error
    /// and one for the status line, the same in a script and in the window. A file is named once: one
    /// the document could not open (an error card's) already was, when it was opened.
    private func notRead(_ path: String, name: String, _ error: RecognitionError) {
        guard reader.catalog.shouldReport(path) else { return }
        say("strips: \(name): \(error.description)")
        lock.lock()
        problem = HostMessage(trLater("Text not read: %s: %s"), arguments: [.text(name), .message(error.message)])
        lock.unlock()
    }

    /// A page read: its text kept and answered, or (none of its own, recognition off, it could
    /// not be drawn) answered as textless; either way not asked again.
    private func finished(_ key: TextKey, _ text: PageText?) {
        lock.lock()
        defer { lock.unlock() }
        settle(key, text)
    }

    /// Called with `lock` held.
    private func settle(_ key: TextKey, _ text: PageText?) {
        guard settled.insert(key).inserted else { return }
        guard let text else {
            textless.append(key)
            return
        }
        store[key] = text
        answers.append(RecognisedText(key: key, words: text.onPicture.editorWords))
    }
}

extension TextHost: FeatureHost {}
