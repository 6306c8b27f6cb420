import Foundation
import StripsCore
import StripsPDF
import StripsPictures
import StripsSDL
import StripsText

/// Reads the text of the pages a frame wants (`PhotosFrame.textWanted`: those without text,
/// nearest the focus first): a PDF page's own text, else the text cache, else Tesseract on the
/// page as it is drawn, with its orientation found on the way. Answers reach the scene through
/// `poll` as `recognised`; the full results are kept for saving (the invisible text layer).
///
/// Headless (`live` false) everything is read at once, before the first frame (`prepare`) and
/// before the frame after one that wants more, so a script is deterministic. In the window the
/// pages are read by `TextWorkers` on idle cores (SCHED_IDLE), the wish list replaced as the
/// focus moves and held back while pictures the screen needs are still being decoded.
final class TextHost: @unchecked Sendable {
    /// Tesseract's languages; nil: only PDF pages' own text (`--ocr off`).
    let languages: String?
    private let reader: PageReader
    private let cache: TextCache?
    private let live: Bool
    private var workers: TextWorkers?

    private let lock = NSLock()
    /// Answers not yet polled.
    private var answers: [RecognisedText] = []
    /// A page that could not be read since the last poll, in the words of its error (shown once).
    private var problem: String?
    /// Every page's text read so far, as read (upright: `PageText.quarterTurns` from its picture), by key.
    private var store: [TextKey: PageText] = [:]
    /// Keys answered (or known to have no text to give): never asked again.
    private var settled: Set<TextKey> = []
    /// The wish list last handed to the workers, by job id, and the key of each job id.
    private var scheduled: [String] = []
    private var keys: [String: TextKey] = [:]

    init(languages: String?, reader: PageReader, cache: TextCache? = TextCache.standard(), live: Bool) {
        self.languages = languages
        self.reader = reader
        self.cache = cache
        self.live = live
    }

    deinit { workers?.stop() }

    /// The pages' text before the first frame (headless).
    func prepare(_ pages: [Page]) {
        guard !live else { return }
        readNow(PageTexts().wanted(pages, focus: 0))
    }

    /// Pages are waiting to be read in the background (live), and what the scene was last told of it.
    private var reading = false
    private var toldReading = false

    /// What has been read since the last call.
    func poll() -> [HostEvent] {
        lock.lock()
        defer { lock.unlock() }
        var events: [HostEvent] = []
        if reading != toldReading {
            toldReading = reading
            events.append(.textReading(reading))
        }
        if !answers.isEmpty { events.append(.recognised(answers)) }
        if let problem { events.append(.recognitionFailed(problem)) }
        answers = []
        problem = nil
        return events
    }

    /// The text read for `key`, as read: in the page's picture turned `quarterTurns` clockwise, the
    /// way up its lines run (what a text layer lays on, turned back as it is placed).
    func text(for key: TextKey) -> PageText? {
        lock.lock()
        defer { lock.unlock() }
        return store[key]
    }

    /// A frame shown: its wish list read (headless: now; live: handed to the workers).
    func shown(_ frame: Frame, picturesPending: Bool) {
        guard let photos = frame.content as? PhotosFrame else { return }
        // While the strips move (or the pictures they show are decoded) the reading holds at its
        // next word: those frames get the caches and the memory bus to themselves.
        if live { workers?.pause(!frame.isIdle || picturesPending) }
        if live && picturesPending {
            // The screen's pictures first: nothing new starts; the page being read goes on.
            if !scheduled.isEmpty { schedule([]) }
            return
        }
        let wanted = unsettled(photos.textWanted)
        if live {
            lock.lock()
            reading = !wanted.isEmpty
            lock.unlock()
            schedule(wanted)
        } else {
            readNow(wanted)
        }
    }

    func stop() { workers?.stop() }

    // MARK: Reading

    private func unsettled(_ pages: [Page]) -> [Page] {
        lock.lock()
        defer { lock.unlock() }
        return pages.filter { !settled.contains($0.textKey) }
    }

    /// Reads `pages` now (headless), answered in page order.
    private func readNow(_ pages: [Page]) {
        let catalog = reader.catalog
        let texts = Self.read(pages, languages: languages, reader: reader, cache: cache) { page, error in
            // A file is named once: one the document could not open already was.
            if catalog.shouldReport(page.path) { FileHandleOutput.standardError("strips: \(page.id): \(error.description)") }
        }
        for (page, text) in zip(pages, texts) { finished(page.textKey, text) }
    }

    /// The text of each of `pages` (nil: none of its own and recognition off, or it could not be
    /// read, which `problem` hears of), read on as many threads as there are cores, each with its
    /// own engine; in page order whatever the threads did, so the same run gives the same answers.
    /// `done`: told as each page is finished (`strips convert`'s progress bar).
    static func read(_ pages: [Page], languages: String?, reader: PageReader, cache: TextCache?,
                     problem: @escaping @Sendable (Page, RecognitionError) -> Void, done: @escaping @Sendable () -> Void = {}) -> [PageText?] {
        guard !pages.isEmpty else { return [] }
        let threads = max(1, min(pages.count, ProcessInfo.processInfo.activeProcessorCount))
        let results = Locked([PageText?](repeating: nil, count: pages.count))
        DispatchQueue.concurrentPerform(iterations: threads) { lane in
            let service = PageTextService(languages: languages, cache: cache)
            for i in stride(from: lane, to: pages.count, by: threads) {
                let page = pages[i]
                do throws(RecognitionError) {
                    let text = try service.pageText(file: page.path, pdfPage: page.source.pdfPageIndex, recipe: recipe(page),
                                                    geometry: geometry(page), detectOrientation: languages != nil, render: { render(page, reader: reader) })
                    results.withLock { $0[i] = text }
                } catch {
                    problem(page, error)
                }
                done()
            }
        }
        return results.current
    }

    /// Hands the workers the pages not yet read, in order (the first call starts them).
    private func schedule(_ pages: [Page]) {
        let ids = pages.map { Self.jobID($0.textKey) }
        guard ids != scheduled else { return }
        scheduled = ids
        if pages.isEmpty, workers == nil { return }
        let workers = self.workers ?? startWorkers()
        let reader = self.reader
        workers.schedule(zip(pages, ids).map { page, id in
            lock.lock()
            keys[id] = page.textKey
            lock.unlock()
            return TextWorkers.Job(id: id, file: page.path, pdfPage: page.source.pdfPageIndex, recipe: Self.recipe(page),
                                   geometry: Self.geometry(page), detectOrientation: languages != nil, render: { Self.render(page, reader: reader) })
        })
    }

    private func startWorkers() -> TextWorkers {
        // One core stays for drawing and decoding; SCHED_IDLE keeps the workers off it anyway.
        let threads = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        let workers = TextWorkers(languages: languages, cache: cache, threads: threads) { [weak self] id, result in
            guard let self else { return }
            self.lock.lock()
            let key = self.keys[id]
            self.lock.unlock()
            guard let key else { return }
            switch result {
            case .success(let text): self.finished(key, text)
            case .failure(let error):
                // A file is named once: an error card's file already was, when it was opened.
                if self.reader.catalog.shouldReport(key.source.path) {
                    FileHandleOutput.standardError("strips: \(key.source.displayName): \(error.description)")
                    self.lock.lock()
                    self.problem = "Text not read: \(key.source.displayName): \(error.description)"
                    self.lock.unlock()
                }
                self.finished(key, nil)
            }
            LoopWaker.wake()
        }
        self.workers = workers
        return workers
    }

    /// A page read: its text kept and answered; without text (none of its own, recognition off,
    /// or it could not be drawn) it is not asked again.
    private func finished(_ key: TextKey, _ text: PageText?) {
        lock.lock()
        defer { lock.unlock() }
        settled.insert(key)
        guard let text else { return }
        store[key] = text
        answers.append(RecognisedText(key: key, words: text.onPicture.editorWords))
    }

    // MARK: Pages

    static func jobID(_ key: TextKey) -> String { "\(key.source)|\(key.geometry.fingerprint)" }

    /// The text cache's recipe: which page of the file, and the corrections that move its words.
    static func recipe(_ page: Page) -> String {
        let which = page.source.pageIndex.map { "page=\($0)" } ?? "picture"
        let geometry = page.textKey.geometry.fingerprint
        return geometry.isEmpty ? which : "\(which) \(geometry)"
    }

    /// What the page's crop and straighten do, which its PDF text is laid through; nil when nothing.
    static func geometry(_ page: Page) -> RecipeGeometry? {
        let moving = page.textKey.geometry
        return moving.isIdentity ? nil : RecipeGeometry(recipe: moving, sourceSize: page.pixelSize)
    }

    /// The longest side a page is read at: a letter page at 380 dpi. Larger pictures are read
    /// reduced (Tesseract gains nothing past ~300 dpi for text of usual sizes).
    static let readingSide = 4200.0

    /// The page as it is drawn (its crop and straighten; the look left out, which moves no word),
    /// upright before the user's turns, with its resolution: a PDF page is 300 dpi of its points, a
    /// picture's page is taken to be 11 inches on its long side (as the looks take it).
    static func render(_ page: Page, reader: PageReader) -> (picture: PixelBuffer, dpi: Double)? {
        let geometry = page.textKey.geometry
        let size = geometry.correctedSize(of: page.pixelSize)
        let long = max(size.width, size.height)
        guard long > 0 else { return nil }
        let scale = min(1, readingSide / long)
        let limit = PixelLimit(width: Int32((size.width * scale).rounded(.up)), height: Int32((size.height * scale).rounded(.up)))
        let result: Result<DecodedPicture, ImageFailure>?
        if geometry.isIdentity {
            result = reader.decode(page.source, limit: limit)
        } else {
            // Cropped or straightened: the page as the recipe renderer draws it, so the words'
            // boxes are on the page as it is shown and saved.
            let ref = ImageRef(source: page.source, recipe: geometry, variant: .full, sourceSize: page.pixelSize)
            result = reader.picture(ref, limit: limit, stage: .best).result
        }
        guard case .success(let decoded)? = result else { return nil }
        let shrunk = Double(max(decoded.width, decoded.height)) / long
        let dpi = page.source.isPDFPage ? PDFPages.pixelsPerPoint * 72 * shrunk : max(70, long / 11) * shrunk
        return (decoded.pixels, dpi)
    }
}

extension PageSource {
    /// The PDF page's index (from 0), nil for other sources.
    var pdfPageIndex: Int? { isPDFPage ? pageIndex : nil }
}
