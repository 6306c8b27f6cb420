import Foundation
import StripsCore
import StripsPictures

/// Background text for a window: worker threads, each with its own `PageTextService` (so its own
/// Tesseract engine, made once and kept), reading the pages the host asks for in the order it
/// asks. The host re-sends its wish list whenever the focus moves (nearest the focus first, after
/// the pictures the screen needs); pages already read are not read again (the cache), the page
/// being read is not interrupted unless the host cancels it. Workers run on idle cores only
/// (`Priority.idleCores`), so frames and decoding come first on a busy machine. The workers hold on
/// to this object: call `stop()` when done with it.
public final class TextWorkers: @unchecked Sendable {
    /// One page to read: `id` is the host's (a page id); the rest is `PageTextService.pageText`'s.
    public struct Job: Sendable {
        public var id: String
        public var file: String
        public var pdfPage: Int?
        public var recipe: String
        /// What the page's crop and straighten do (see `PageTextService.pageText`).
        public var geometry: RecipeGeometry?
        /// Whether to find which way up the page is first (see `PageTextService.pageText`).
        public var detectOrientation: Bool
        /// The languages chosen for this page (its menu, the scan panel); nil: the workers'.
        public var languages: String?
        /// Draws the page as it is saved, with its resolution; called on the worker, only when
        /// the text is neither the PDF's own nor cached.
        public var render: @Sendable () -> (picture: PixelBuffer, dpi: Double)?

        public init(id: String, file: String, pdfPage: Int?, recipe: String, geometry: RecipeGeometry? = nil, detectOrientation: Bool = false,
                    languages: String? = nil, render: @escaping @Sendable () -> (picture: PixelBuffer, dpi: Double)?) {
            self.id = id
            self.languages = languages
            self.geometry = geometry
            self.detectOrientation = detectOrientation
            self.file = file
            self.pdfPage = pdfPage
            self.recipe = recipe
            self.render = render
        }
    }

    /// Called on a worker thread with each finished page: its text (nil: none and recognition
    /// off) or why not. Not called for cancelled pages.
    public typealias Done = @Sendable (_ id: String, _ result: Result<PageText?, RecognitionError>) -> Void

    private let condition = NSCondition()
    private var pending: [Job] = []
    private var running: [String: RecognitionCancel] = [:]
    private var stopping = false
    private var alive = 0
    /// Workers inside a step nothing can stop (loading a language's models): `stop` leaves them.
    private var stepping = 0
    /// Held: no page starts, and the pages being read wait at their next word.
    private var paused = false
    /// The threads moved to idle cores (Linux thread ids), lifted back when the workers stop.
    private var idleThreads: [pid_t] = []

    /// How the workers share the cores with the rest of the process.
    public enum Priority: Sendable {
        /// Only cores nothing else wants (the window's: frames and decoding always go first).
        case idleCores
        /// Like any thread (a caller that waits for the text, and tests of order and holding that
        /// must not wait behind whatever else the machine runs).
        case normal
    }

    /// Starts `threads` workers reading in `languages` (nil: PDF text only) through `cache`;
    /// `service` makes each worker's reader on its thread (a test's can load slowly, or stand in
    /// for Tesseract).
    public init(languages: String?, cache: TextCache? = TextCache.standard(), threads: Int = 1,
                priority: Priority = .idleCores, service: (@Sendable () -> any PageTextSource)? = nil, done: @escaping Done) {
        for index in 0..<max(1, threads) {
            let thread = Thread { [self] in
                if priority == .idleCores {
                    Self.lowerPriority()
                    if let id = Self.threadID() { condition.withLock { idleThreads.append(id) } }
                }
                let service = service?() ?? PageTextService(languages: languages, cache: cache)
                work(service, done)
            }
            thread.name = "strips-text-\(index)"
            alive += 1
            thread.start()
        }
    }

    /// Replaces the pages waiting to be read by `jobs`, read in this order. Pages being read go on.
    public func schedule(_ jobs: [Job]) {
        condition.lock()
        pending = jobs.filter { running[$0.id] == nil }
        condition.broadcast()
        condition.unlock()
    }

    /// Holds the reading (`true`: no page starts, the pages being read stop at their next word,
    /// keeping what they have read) or lets it go on. The window holds it while its strips move,
    /// so the reading takes nothing from those frames: the threads run on idle cores anyway, but
    /// they would share the caches and the memory bus with the drawing.
    public func pause(_ paused: Bool) {
        condition.lock()
        defer { condition.unlock() }
        guard paused != self.paused else { return }
        self.paused = paused
        running.values.forEach { $0.setPaused(paused) }
        condition.broadcast()
    }

    /// Stops reading the page `id` (waiting or being read); its `done` is not called.
    public func cancel(_ id: String) {
        condition.lock()
        pending.removeAll { $0.id == id }
        running[id]?.cancel()
        condition.unlock()
    }

    /// Stops everything waiting and being read, and the workers; returns when they have ended, or
    /// are in a step nothing can stop (loading a language's models, seconds on a busy machine):
    /// those end by themselves once it is done, reading and writing nothing more (their pages are
    /// cancelled, `done` is not called), and a program ending meanwhile ends with
    /// `UncancellableSteps.exitIfAny`. So a quit never waits for a model to load.
    public func stop() {
        condition.lock()
        stopping = true
        pending = []
        // On idle cores a page being read ends only when a core falls idle, which on a busy machine
        // can take seconds (and the window's quit waits for it): with a normal share (nice 10 still)
        // it reaches its next word, where the cancel takes it, at once.
        for thread in idleThreads { Self.normalPolicy(thread) }
        idleThreads = []
        running.values.forEach { $0.cancel() }
        condition.broadcast()
        while alive > stepping { condition.wait() }
        condition.unlock()
    }

    /// A worker began (`true`) or ended an uncancellable step.
    private func stepped(_ inStep: Bool) {
        condition.lock()
        stepping += inStep ? 1 : -1
        condition.broadcast()
        condition.unlock()
    }

    /// How many pages wait (for a status line).
    public var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return pending.count
    }

    private func work(_ service: any PageTextSource, _ done: Done) {
        while let (job, cancel) = next() {
            let result: Result<PageText?, RecognitionError>
            do {
                result = .success(try service.pageText(file: job.file, pdfPage: job.pdfPage, recipe: job.recipe, geometry: job.geometry,
                                                         detectOrientation: job.detectOrientation, settled: nil, languages: job.languages, cancel: cancel,
                                                         render: job.render))
            } catch {
                result = .failure(error)
            }
            condition.lock()
            running[job.id] = nil
            condition.unlock()
            if !cancel.isCancelled, result != .failure(.cancelled) { done(job.id, result) }
        }
        condition.lock()
        alive -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next job, waiting for one; nil when stopping.
    private func next() -> (Job, RecognitionCancel)? {
        condition.lock()
        defer { condition.unlock() }
        while !stopping && (pending.isEmpty || paused) { condition.wait() }
        guard !stopping else { return nil }
        let job = pending.removeFirst()
        let cancel = RecognitionCancel(paused: paused) { [weak self] inStep in self?.stepped(inStep) }
        running[job.id] = cancel
        return (job, cancel)
    }

    /// Idle cores only: Linux's SCHED_IDLE policy runs the thread only when no other thread
    /// wants the core (frames and decoding always go first), with nice 10 as the fallback where
    /// the policy is refused. On Linux both belong to a thread ("this process", 0, names the
    /// calling thread; a thread id another), and the threads it starts (OpenMP's) inherit them.
    static func lowerPriority(_ thread: pid_t = 0) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread), 10)
        var parameters = sched_param()
        parameters.sched_priority = 0
        // SCHED_IDLE (5) is behind _GNU_SOURCE in the C headers Swift imports.
        _ = sched_setscheduler(thread, 5, &parameters)
    }

    /// The calling thread's Linux id (gettid(2) is behind _GNU_SOURCE in the headers Swift
    /// imports; /proc/thread-self names it).
    static func threadID() -> pid_t? {
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"),
              let last = link.split(separator: "/").last else { return nil }
        return pid_t(last)
    }

    /// Thread `thread` back to the normal policy (SCHED_OTHER, 0), its nice value kept: allowed
    /// without privileges (Linux 2.6.39 on) for a thread whose nice value RLIMIT_NICE permits.
    static func normalPolicy(_ thread: pid_t) {
        var parameters = sched_param()
        parameters.sched_priority = 0
        _ = sched_setscheduler(thread, 0, &parameters)
    }
}
