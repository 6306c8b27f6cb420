import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import StripsScan

/// Carries out the Photos scene's scanning effects (docs/SCANNING.md, "In the editor"). SANE
/// runs in a worker process (`ScanWorker`): its answers arrive on the worker's reader thread and
/// wait here for `poll`; on the inline executor (a script) `run` waits for the end of what it
/// started, so a script sees the whole scan before its next frame. Each page's rows go straight into its
/// stream of arriving pictures (`pictures`, which the program hands to the renderer: it draws
/// them as they come); each finished page is written to this session's recovery folder, the
/// file the page's recipe names.
public final class ScanHost: @unchecked Sendable {
    public struct Options {
        /// `--scanner`, `--scan-source`, `--scan-dpi`, `--scan-mode`, `--scan-page`: over the last settings.
        public var overrides = ScanChoice()
        /// Where the last settings are remembered (the window's; nil: a script starts from the
        /// device's own each time).
        public var memory: ScannerMemory?
        /// Where recovery folders go (nil: `$XDG_STATE_HOME/strips/recovery`); when it cannot
        /// keep them, a private folder in the temporary folder.
        public var recoveryRoot: String?

        /// Every place scans may be kept, in the order tried, and where leftovers are looked for.
        public var recoveryRoots: [String] {
            ((recoveryRoot ?? ScanRecovery.defaultRoot()).map { [$0] } ?? []) + [ScanRecovery.fallbackRoot()]
        }
        /// Seconds without a word from the worker before it is killed (STRIPS_SCAN_WORKER_SILENCE).
        public var silenceLimit = 10.0
        /// Seconds a read may take before the scan stops.
        public var readTimeout = 30.0
        /// The scan worker's executable (nil: strips-scan-probe beside this program) and variables
        /// of its own (a test's SANE configuration).
        public var worker: String?
        public var workerEnvironment: [String: String] = [:]
        /// How the scanner is reached: nil, SANE in the worker process above; a test's stand-in.
        public var link: ScannerConnect?
        /// Where waiting happens: inline, `run` waits for the scan's end; on workers (the window)
        /// news comes through `poll` and wakes the loop (it may be asleep: nothing moving).
        public var executor: any HostExecutor = InlineExecutor()
        /// Where its one-line diagnostics go (standard error in the program).
        public var say: @Sendable (String) -> Void = { _ in }

        public init() {}
    }

    /// The page being scanned now.
    private struct Arriving {
        var page: Int
        var id: String
        var path: String
        var number: Int
        /// Its slot asked for: at once for a scan's first page, at its first rows for the
        /// next pages of a feeder (one that turns out empty shows no page coming and going).
        var shown: Page?
        var announced = false
    }

    private struct Scan {
        var settings: ScanSettings
        var firstNumber: Int
        var arriving: Arriving?
        var finished = 0
        /// Why a finished page could not be kept: the scan stops, with this line.
        var unkept: HostMessage?
    }

    /// A finished page the recovery folder refused (a full disk): drawn from memory, written to
    /// its file as soon as a save asks (`keepUnwritten`), never called kept until then.
    private struct Unwritten {
        var pixels: PixelBuffer
        var name: String
        var settings: ScanSettings
        var recovery: ScanRecovery
    }

    private let options: Options
    private let changed = NSCondition()
    // Guarded by `changed`.
    private var pending: [HostEvent] = []
    private var scan: Scan?
    private var answersAwaited = 0
    private var worker: (any ScannerLink)?
    private var recovery: ScanRecovery?
    private var claimed: [ScanRecovery] = []
    private var leftovers: [RecoveredSession] = []
    private var discardAsked = false
    /// By the file each page's recipe names.
    private var unwritten: [String: Unwritten] = [:]

    private let writer = DispatchQueue(label: "strips-scan-recovery-writer")
    private let writes = DispatchGroup()
    /// The rows of the pages being scanned, as they come: the renderer's `TextureOptions.arriving`.
    public let pictures = ArrivingPictures()

    public init(options: Options) { self.options = options }

    // MARK: Effects

    /// Starts what `effect` asks; the answers ready now (inline, all of them: it waits for them).
    public func run(_ effect: ScanEffect) -> [HostEvent] {
        switch effect {
        case .start(let request): start(request)
        case .cancel: withWorker { $0.cancel() }
        case .findScanners: awaitAnswer { $0.list() }
        case .describe(let device): awaitAnswer { $0.describe(device) }
        case .recover(let take, let firstNumber): return recover(take: take, firstNumber: firstNumber)
        case .discard:
            changed.lock()
            discardAsked = true
            changed.unlock()
        }
        return options.executor.answered(waitingOn: changed, until: { scan == nil && answersAwaited == 0 }, poll)
    }

    /// What arrived since.
    public func poll() -> [HostEvent] {
        changed.lock()
        defer { changed.unlock() }
        let events = pending
        pending.removeAll()
        return events
    }

    private func post(_ events: HostEvent...) {
        changed.lock()
        pending += events
        changed.broadcast()
        changed.unlock()
        options.executor.wake()
    }

    private func say(_ line: String) { options.say("strips: \(line)") }

    /// The scanner's link (the worker), started on first use; nil when there is none to start.
    private func withWorker(_ body: (any ScannerLink) -> Void) {
        changed.lock()
        if worker == nil {
            let heard: @Sendable (ScanWorker.Event) -> Void = { [weak self] in self?.heard($0) }
            if let link = options.link {
                worker = link(heard)
            } else if let executable = options.worker ?? ScanWorker.defaultExecutable() {
                worker = ScanWorker(executable: executable, environment: options.workerEnvironment, silenceLimit: options.silenceLimit, events: heard)
            }
        }
        let worker = self.worker
        changed.unlock()
        if let worker { body(worker) }
    }

    private func awaitAnswer(_ ask: (any ScannerLink) -> Void) {
        var asked = false
        withWorker { worker in
            changed.lock()
            answersAwaited += 1
            changed.unlock()
            asked = true
            ask(worker)
        }
        if !asked { post(.scan(.noScanners(Self.noWorker))) }
    }

    public static let noWorker = HostMessage(trLater("scanning needs strips-scan-probe beside strips (it is built with it: swift build --product strips-scan-probe)"))

    // MARK: Scanning

    private func start(_ request: ScanRequest) {
        changed.lock()
        let busy = scan != nil
        changed.unlock()
        guard !busy else { return post(.scan(.ended(pages: 0, end: .fault(HostMessage(trLater("Already scanning")))))) }
        let settings = resolve(request.choice)
        let recovery: ScanRecovery
        switch keptScans() {
        case .success(let kept): recovery = kept
        case .failure(let fault):
            // Nothing is scanned that could not be kept: the scan does not start, in one line.
            let message = HostMessage(trLater("%s; not scanning"), fault.line)
            say(message.english)
            return post(.scan(.ended(pages: 0, end: .fault(message))))
        }
        var started = false
        withWorker { worker in
            changed.lock()
            scan = Scan(settings: settings, firstNumber: max(request.firstNumber, recovery.nextNumber))
            let first = scan?.firstNumber ?? 1
            changed.unlock()
            started = true
            worker.scan(settings, firstNumber: first, readTimeout: options.readTimeout)
        }
        if !started {
            say(Self.noWorker.english)
            post(.scan(.ended(pages: 0, end: .fault(Self.noWorker))))
        }
    }

    /// The settings a scan uses: the panel's choice, else the last ones (the window's memory)
    /// under the command line's.
    private func resolve(_ choice: ScanChoice?) -> ScanSettings {
        var settings = options.memory?.load().settings ?? ScanSettings()
        for layer in [options.overrides] + (choice.map { [$0] } ?? []) {
            if let device = layer.device { settings.device = device }
            if let source = layer.source { settings.source = source }
            if let dpi = layer.dpi { settings.dpi = dpi }
            if let mode = layer.mode.flatMap(ScanMode.init(rawValue:)) { settings.mode = mode }
            if let size = layer.pageSize { settings.pageSize = ScanPageSize(named: size) }
        }
        return settings
    }

    /// The last settings as the panel shows them.
    private func lastChoice() -> ScanChoice {
        let settings = resolve(nil)
        return ScanChoice(device: settings.device, source: settings.source, dpi: settings.dpi, mode: settings.mode.rawValue,
                          pageSize: settings.pageSize?.name)
    }

    /// Keeps a page taken with the camera in this session's recovery folder, as scans are kept.
    public func keepCameraPage(_ jpeg: [UInt8], name: String, width: Int, height: Int) -> Result<String, RecoveryFault> {
        switch keptScans() {
        case .failure(let fault): return .failure(fault)
        case .success(let recovery):
            do {
                return .success(try recovery.record(jpeg: jpeg, name: name, width: width, height: height))
            } catch {
                return .failure(error)
            }
        }
    }

    /// This session's recovery folder, made at its first scan (in the private folder in the
    /// temporary folder when the state folder refuses, with a line saying so), or why no place
    /// can keep scans.
    private func keptScans() -> Result<ScanRecovery, RecoveryFault> {
        changed.lock()
        defer { changed.unlock() }
        if let recovery { return .success(recovery) }
        do {
            let made = try ScanRecovery.create(roots: options.recoveryRoots)
            for line in made.passedOver {
                say("\(line); scanned pages are kept in \(made.recovery.folder) instead (offered back at the next start like the others)")
            }
            recovery = made.recovery
            return .success(made.recovery)
        } catch {
            return .failure(error)
        }
    }

    /// The worker's news, on its reader thread, one at a time.
    private func heard(_ event: ScanWorker.Event) {
        switch event {
        case .started(let page, let name, let width, let height, let format):
            changed.lock()
            guard var current = scan, let recovery else { return changed.unlock() }
            let number = Int(name.dropFirst(5)) ?? current.firstNumber + page - 1
            let path = recovery.reserveFile(number: number)
            // A device that cannot tell the height: an A-series shape until the last row says.
            let rows = height > 0 ? height : Int((Double(width) * 2.0.squareRoot()).rounded())
            let shown = Page(id: name, source: .scan(path: path, number: number), pixelSize: Size(width: Double(width), height: Double(rows)))
            current.arriving = Arriving(page: page, id: name, path: path, number: number, shown: shown, announced: page == 1)
            scan = current
            changed.unlock()
            pictures.begin(path, width: width, height: rows, format: format)
            if page == 1 {
                post(.scan(.started(shown)))
            } else {
                // A feeder's next page: at its first rows, or a quarter of a second after it
                // started (a scanner feeding paper sends nothing for a while), whichever is first,
                // so its slot has opened by the time rows come (a script: at its first rows).
                options.executor.after(0.25) { [weak self] in self?.announce(page: page) }
            }
        case .rows(let page, let first, let band, let arrived):
            changed.lock()
            let arriving = scan?.arriving
            let announce = arriving.map { !$0.announced } ?? false
            if announce { scan?.arriving?.announced = true }
            changed.unlock()
            guard let arriving, arriving.page == page else { return }
            pictures.add(arriving.path, first: first, band: band, arrived: arrived)
            if announce, let shown = arriving.shown { post(.scan(.started(shown))) }
        case .finished(let page, let name, let width, let height):
            changed.lock()
            guard var current = scan, let arriving = current.arriving, arriving.page == page, let recovery else { return changed.unlock() }
            current.arriving = nil
            current.finished += 1
            scan = current
            changed.unlock()
            guard let pixels = pictures.finish(arriving.path, height: height) else { return }
            if !arriving.announced, let shown = arriving.shown { post(.scan(.started(shown))) }
            let settings = current.settings
            writes.enter()
            writer.async { [self] in
                defer { writes.leave() }
                do throws(RecoveryFault) {
                    _ = try recovery.record(pixels, name: name, settings: settings, file: arriving.path)
                    pictures.remove(arriving.path)
                } catch {
                    // No place for it: the page stays drawn from memory (not kept), the scan
                    // stops, and every save tries to write it again first.
                    let line = HostMessage(trLater("%s; the scan stops, and %s is only in memory until it can be written (saving tries again)"), error.line, name)
                    changed.lock()
                    unwritten[arriving.path] = Unwritten(pixels: pixels, name: name, settings: settings, recovery: recovery)
                    let first = scan?.unkept == nil
                    if first { scan?.unkept = line }
                    changed.unlock()
                    if first { withWorker { $0.cancel() } }
                }
            }
            post(.scan(.finished(Page(id: name, source: .scan(path: arriving.path, number: arriving.number),
                                      pixelSize: Size(width: Double(width), height: Double(pixels.height))))))
        case .cut(let page, let name, _):
            changed.lock()
            guard var current = scan, let arriving = current.arriving, arriving.page == page else { return changed.unlock() }
            current.arriving = nil
            scan = current
            let kept = recovery
            changed.unlock()
            leave(arriving.path)
            kept?.release(arriving.path)
            if arriving.announced { post(.scan(.cutShort(pageID: name))) }
        case .ended(let stop, let line, _):
            writes.wait()
            changed.lock()
            let unkept = scan?.unkept
            changed.unlock()
            if let unkept { return end(.fault(unkept)) }
            end(stop == "finished" ? .finished : stop == "cancelled" ? .cancelled : .fault(line.map(HostMessage.verbatim) ?? HostMessage(trLater("the scan failed"))))
        case .lost(let line, _):
            changed.lock()
            let current = scan
            let kept = recovery
            changed.unlock()
            guard let current else { return }
            if let arriving = current.arriving {
                leave(arriving.path)
                kept?.release(arriving.path)
                if arriving.announced { post(.scan(.cutShort(pageID: arriving.id))) }
            }
            // The worker's line (SANE's words) inside the host's framing.
            let device = current.settings.device.map { "scanner \($0): " } ?? ""
            end(.fault(current.finished > 0 ? HostMessage(trLater("%s (the pages before it are kept)"), device + line) : .verbatim(device + line)))
        case .applied(let device, _, let notes):
            for note in notes {
                say(note)
                post(.scan(.note(.verbatim(note))))
            }
            changed.lock()
            if let device { scan?.settings.device = device }
            let settings = scan?.settings
            changed.unlock()
            if let settings, let problem = options.memory?.save(settings) { say(problem) }
        case .devices(let list):
            let entries = list.map { ScannerEntry(name: $0.name, label: "\($0.vendor) \($0.model) (\($0.name))") }
            answered(.scan(.scanners(entries, last: lastChoice())))
        case .offers(let device, let sources, let modes, let resolutions, let area):
            let sizes = ScanPageSize.named.filter { named in
                area.map { named.size.width <= $0.width + 0.5 && named.size.height <= $0.height + 0.5 } ?? true
            }.map(\.name)
            answered(.scan(.offers(device: device, ScanOffers(sources: sources, modes: modes, resolutions: resolutions, pageSizes: sizes))))
        case .failed(_, _, let line):
            say(line)
            answered(.scan(.noScanners(.verbatim(line))))
        }
    }

    /// A page cut short: what came of it is drawn while it leaves (its file never comes), then goes.
    private func leave(_ path: String) {
        pictures.cutShort(path)
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) { [pictures] in pictures.remove(path) }
    }

    /// Gives page `page` its slot now if it is still arriving and has none.
    private func announce(page: Int) {
        changed.lock()
        guard let arriving = scan?.arriving, arriving.page == page, !arriving.announced, let shown = arriving.shown else { return changed.unlock() }
        scan?.arriving?.announced = true
        pending.append(.scan(.started(shown)))
        changed.broadcast()
        changed.unlock()
        options.executor.wake()
    }

    private func answered(_ event: HostEvent) {
        changed.lock()
        answersAwaited = max(0, answersAwaited - 1)
        pending.append(event)
        changed.broadcast()
        changed.unlock()
        options.executor.wake()
    }

    /// The scan is over: once its pages are on disk, the scene hears so (with the fault's line,
    /// also on standard error).
    private func end(_ end: ScanEnd) {
        writes.wait()
        if case .fault(let message) = end { say(message.english) }
        changed.lock()
        let finished = scan?.finished ?? 0
        scan = nil
        pending.append(.scan(.ended(pages: finished, end: end)))
        changed.broadcast()
        changed.unlock()
        options.executor.wake()
    }

    // MARK: Recovery

    /// Scans earlier sessions left (their problems on standard error): what to offer, or nil.
    public func lookForLeftovers() -> RecoveryOffer? {
        let found = ScanRecovery.leftovers(roots: options.recoveryRoots)
        for line in found.problems { say(line) }
        let sessions = found.sessions.filter { !$0.pages.isEmpty }
        changed.lock()
        leftovers = sessions
        changed.unlock()
        let count = sessions.reduce(0) { $0 + $1.pages.count }
        guard count > 0 else { return nil }
        let dates = sessions.flatMap { $0.pages.compactMap(\.scanned) } + sessions.compactMap(\.created)
        let formatter = DateFormatter()
        formatter.dateFormat = "d MMMM yyyy, HH:mm"
        let when = dates.min().map { formatter.string(from: $0) } ?? "earlier"
        let camera = sessions.reduce(0) { $0 + $1.pages.filter(\.isCamera).count }
        return RecoveryOffer(pages: count, camera: camera, when: when, folder: sessions.map(\.folder).joined(separator: ", "))
    }

    /// The window: looks on a thread of its own and offers what it finds when polled.
    public func offerLeftoversLater() {
        options.executor.start("strips.recovery", background: false) { [self] in
            if let offer = lookForLeftovers() { post(.scan(.recoveryOffered(offer))) }
        }
    }

    /// The offer answered: the pages (named from `firstNumber` on) taken into the document, or
    /// every leftover removed.
    public func recover(take: Bool, firstNumber: Int) -> [HostEvent] {
        changed.lock()
        let sessions = leftovers
        leftovers = []
        changed.unlock()
        var pages: [Page] = []
        var number = firstNumber
        for session in sessions {
            do throws(RecoveryFault) {
                if take {
                    let recovery = try session.claim()
                    for page in recovery.pages {
                        let size = Size(width: Double(page.width), height: Double(page.height))
                        if page.isCamera {
                            // A camera page keeps its name (the editor names it anew if it is taken).
                            let n = page.number ?? 0
                            pages.append(Page(id: "Camera \(n)", source: .camera(path: page.file, number: n), pixelSize: size))
                            continue
                        }
                        pages.append(Page(id: "Scan \(number)", source: .scan(path: page.file, number: number), pixelSize: size))
                        number += 1
                    }
                    changed.lock()
                    claimed.append(recovery)
                    changed.unlock()
                } else if let left = try session.discard() {
                    say(left)
                }
            } catch {
                say(error.line)
            }
        }
        if !take, !sessions.isEmpty {
            let pages = sessions.reduce(0) { $0 + $1.pages.count }, camera = sessions.reduce(0) { $0 + $1.pages.filter(\.isCamera).count }
            say("discarded the \(RecoveryOffer.phrase(pages: pages, camera: camera)) an earlier session left in \(sessions.map(\.folder).joined(separator: ", "))")
        }
        return take ? [.scan(.recovered(pages))] : []
    }

    /// Pages the recovery folder refused are written now, if they can be (a save is about to
    /// read them from their files); the ones that still cannot stay in memory, with a line.
    public func keepUnwritten() {
        changed.lock()
        let waiting = unwritten
        changed.unlock()
        for (path, page) in waiting.sorted(by: { $0.key < $1.key }) {
            do throws(RecoveryFault) {
                _ = try page.recovery.record(page.pixels, name: page.name, settings: page.settings, file: path)
                changed.lock()
                unwritten[path] = nil
                changed.unlock()
                pictures.remove(path)
                say("recovery: \(page.name) is kept in \(page.recovery.folder) now")
            } catch {
                say("\(error.line); \(page.name) is still only in memory")
            }
        }
    }

    /// Every page file kept now, this session's and the ones taken over: what a save about to
    /// start will have settled once it succeeds.
    public var keptFiles: Set<String> {
        changed.lock()
        let all = [recovery].compactMap { $0 } + claimed
        changed.unlock()
        return all.reduce(into: Set<String>()) { $0.formUnion($1.files) }
    }

    /// The document was saved: the pages kept when the save began are safe (saved, or deleted
    /// and then saved without) and are no longer offered after a crash.
    public func settle(_ files: Set<String>) {
        changed.lock()
        let all = [recovery].compactMap { $0 } + claimed
        changed.unlock()
        for kept in all {
            if let problem = kept.settle(files) { say(problem) }
        }
    }

    /// The session ends: the worker stops; kept scans go when every one was saved (or the user
    /// threw them away), else they stay for the next start, with a line saying where: a scan
    /// undone, or taken back from an earlier session and undone, is offered again rather than lost.
    public func finish() {
        changed.lock()
        let worker = self.worker
        self.worker = nil
        let all = [recovery].compactMap { $0 } + claimed
        let discard = discardAsked
        changed.unlock()
        worker?.stop(wait: 2)
        writes.wait()
        if !discard {
            // A last try for pages the disk refused; what still cannot be written is said, not hidden.
            keepUnwritten()
            changed.lock()
            let lost = unwritten.values.map(\.name).sorted()
            changed.unlock()
            if !lost.isEmpty {
                say("recovery: \(lost.joined(separator: ", ")) could not be written anywhere and \(lost.count == 1 ? "is" : "are") lost with this session")
            }
        }
        let unsaved = all.reduce(0) { $0 + $1.unsettledCount }
        if discard || unsaved == 0 {
            for kept in all { if let left = kept.discard() { say(left) } }
            return
        }
        if unsaved > 0 {
            let camera = all.reduce(0) { $0 + $1.unsettledCameraCount }
            say("\(RecoveryOffer.phrase(pages: unsaved, camera: camera)) \(unsaved == 1 ? "was" : "were") not saved; "
                + "kept in \(all.map(\.folder).joined(separator: ", ")) and offered at the next start")
        }
    }
}

extension ScanHost: FeatureHost {}
