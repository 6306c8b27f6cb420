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
/// Headless (`live` false) a request is read at once and answered from `run`, so the frame after it
/// already has the text and a script stays deterministic. In the window the pages are read by
/// `TextWorkers` on idle cores (SCHED_IDLE), the pages near the focus first, then a search's; the
/// near ones are replaced by each request (what the scene sends is the change, bounded by its
/// window), a search's handed over a few at a time as the workers finish; all of it held while
/// the strips move or the pictures the screen needs are being decoded.
public final class TextHost: @unchecked Sendable {
    /// Tesseract's languages; nil: only PDF pages' own text (`--ocr off`).
    public let languages: String?
    private let reader: PageReader
    private let cache: TextCache?
    private let live: Bool
    private let wake: @Sendable () -> Void
    private let say: @Sendable (String) -> Void
    private let priority: TextWorkers.Priority

    /// A search's pages handed to the workers at a time, behind the near ones.
    static let searchBatch = 8

    /// One read at a time, with the lanes' services kept from one to the next (so a PDF is opened
    /// once, not once a frame as the near pages change).
    private let reading = NSLock()
    private var lanes: [any PageTextSource] = []
    /// Makes each reading thread's source (`PageTextService`; a test's stand-in).
    private let source: PageTextSourceMaker

    private let lock = NSLock()
    // Everything below is guarded by `lock`.
    private var workers: TextWorkers?
    /// Answers not yet polled: pages read with text, pages without, a problem to tell once.
    private var answers: [RecognisedText] = []
    private var textless: [TextKey] = []
    private var problem: HostMessage?
    /// Every page's text read so far, as read (upright: `PageText.quarterTurns` from its picture), by key.
    private var store: [TextKey: PageText] = [:]
    /// Keys answered: never asked again.
    private var settled: Set<TextKey> = []
    /// The window's wishes: the pages near the focus (replaced by each request), and a search's
    /// pages with how far the workers have been given them.
    private var near: [Page] = []
    private var search: [Page] = []
    private var searchNext = 0
    /// Held while the strips move or pictures the screen needs are decoded.
    private var held = false
    /// Each key's job id for the workers, and back; the ids handed to them last.
    private var ids: [TextKey: String] = [:]
    private var keys: [String: TextKey] = [:]
    private var scheduled: [String] = []

    /// `wake`: wakes the window's loop when an answer arrives; `say`: where one-line diagnostics go;
    /// `priority`: the window's workers' (idle cores; tests that wait for them use `.normal`);
    /// `source`: where a thread reads pages (Tesseract's service; a test's stand-in).
    public init(languages: String?, reader: PageReader, cache: TextCache? = TextCache.standard(), live: Bool,
                wake: @escaping @Sendable () -> Void = {}, say: @escaping @Sendable (String) -> Void,
                priority: TextWorkers.Priority = .idleCores,
                source: @escaping PageTextSourceMaker = { languages, cache in PageTextService(languages: languages, cache: cache) }) {
        self.priority = priority
        self.source = source
        self.languages = languages
        self.reader = reader
        self.cache = cache
        self.live = live
        self.wake = wake
        self.say = say
    }

    deinit { workers?.stop() }

    /// A `readText` request: headless, read now and answered; in the window, the wish of its
    /// purpose replaced and the workers told, the answers coming through `poll`.
    public func run(_ request: TextRequest) -> [HostEvent] {
        guard live else {
            readNow(unsettled(request.pages))
            return poll()
        }
        lock.lock()
        defer { lock.unlock() }
        settleTextless(request.pages)
        if !textless.isEmpty { wake() }
        switch request.purpose {
        case .near:
            near = request.pages
        case .search:
            search = request.pages
            searchNext = 0
        }
        reschedule()
        return []
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

    /// A frame shown (the window): while the strips move or the screen's pictures are decoded,
    /// the reading holds (the page being read stops at its next word, nothing new starts), so
    /// those frames get the caches and the memory bus to themselves.
    public func shown(_ frame: Frame, picturesPending: Bool) {
        guard live else { return }
        let hold = !frame.isIdle || picturesPending
        lock.lock()
        defer { lock.unlock() }
        workers?.pause(hold)
        guard hold != held else { return }
        held = hold
        reschedule()
    }

    public func stop() {
        lock.lock()
        let workers = self.workers
        lock.unlock()
        workers?.stop()
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

    /// Hands the workers what they should read now, in order: nothing while held, else the near
    /// pages not read, then the next few of a search's. Called with `lock` held.
    private func reschedule() {
        var pages: [Page] = []
        if !held {
            var seen = Set<TextKey>()
            pages = near.filter { !settled.contains($0.textKey) && seen.insert($0.textKey).inserted }
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
        }
        let jobIDs = pages.map(jobID)
        guard jobIDs != scheduled else { return }
        scheduled = jobIDs
        if pages.isEmpty, workers == nil { return }
        let workers = self.workers ?? startWorkers()
        let reader = self.reader
        let detect = languages != nil
        workers.schedule(zip(pages, jobIDs).map { page, id in
            TextWorkers.Job(id: id, file: page.path, pdfPage: page.source.pdfPageIndex, recipe: Self.recipe(page),
                            geometry: Self.geometry(page), detectOrientation: detect, languages: page.corrections.language,
                            render: { Self.render(page, reader: reader) })
        })
    }

    /// The workers' name for `page`'s key, made at its first request. Called with `lock` held.
    private func jobID(_ page: Page) -> String {
        let key = page.textKey
        if let id = ids[key] { return id }
        let id = "text-\(ids.count + 1)"
        ids[key] = id
        keys[id] = key
        return id
    }

    /// Called with `lock` held.
    private func startWorkers() -> TextWorkers {
        // One core stays for drawing and decoding; SCHED_IDLE keeps the workers off it anyway.
        let threads = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        let (source, languages, cache) = (self.source, self.languages, self.cache)
        let workers = TextWorkers(languages: languages, cache: cache, threads: threads, priority: priority,
                                  service: { source(languages, cache) }) { [weak self] id, result in
            self?.workerFinished(id, result)
        }
        self.workers = workers
        return workers
    }

    /// A worker's page: answered, and the next of a search's pages handed on.
    private func workerFinished(_ id: String, _ result: Result<PageText?, RecognitionError>) {
        lock.lock()
        let key = keys[id]
        lock.unlock()
        guard let key else { return }
        switch result {
        case .success(let text): finished(key, text)
        case .failure(let error):
            notRead(key.source.path, name: key.source.displayName, error)
            finished(key, nil)
        }
        lock.lock()
        reschedule()
        lock.unlock()
        wake()
    }

    /// A page that could not be read (`name`, of the file at `path`): one line on standard error
    /// and one for the status line, the same headless and in the window. A file is named once: one
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
