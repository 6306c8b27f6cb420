import CSANE
import Dispatch
import Foundation
import StripsPictures

/// One scan: a page from the flatbed, or pages from the feeder until it is empty, read on a
/// thread of its own and reported as `ScanEvent`s while they arrive.
///
/// Threads: `start` applies the settings on the caller's thread (it can block on a network
/// device: call it from a worker), then a reader thread makes every `sane_start`/`sane_read`
/// and a supervisor thread watches it: it turns `cancel()` into `sane_cancel` while a call
/// blocks, cancels a call that outlasts its time-out, and if even that call never comes back,
/// ends the session itself (`.stuck`) so nothing waits forever. Finished pages go to the
/// recovery folder on a writer queue while the next page is read.
///
/// Events go to the callback one at a time, never two at once, in the order of `ScanEvent`'s
/// documentation, from the reader (page and row events), the writer (`pageRecorded`) or the
/// supervisor (the end of a stuck session). The callback should hand them on quickly (to the
/// host's event queue, for the scene clock): the reader waits for it.
public final class ScanSession: @unchecked Sendable {
    public struct Options: Sendable {
        /// A `sane_read` that takes longer is cancelled and the session ends with `.timedOut`.
        public var readTimeout: Duration
        /// The same for `sane_start`, which may warm a lamp up or wait for a feeder.
        public var startTimeout: Duration
        /// After a time-out's (or a user's) cancel, how long the call gets to come back before
        /// the session ends without it (`.stuck`).
        public var giveUpAfter: Duration
        /// One page, or until the feeder is empty; nil: by the source (feeder and duplex scan
        /// until empty, anything else one page).
        public var batch: Bool?
        /// At most this many pages (nil: no limit).
        public var maxPages: Int?
        /// Bytes asked of each `sane_read`.
        public var chunkBytes: Int
        /// The number of the first page's name (`Scan N`); nil: the recovery folder's next
        /// number, else 1.
        public var firstNumber: Int?

        public init(readTimeout: Duration = .seconds(30), startTimeout: Duration = .seconds(90), giveUpAfter: Duration = .seconds(5),
                    batch: Bool? = nil, maxPages: Int? = nil, chunkBytes: Int = 64 * 1024, firstNumber: Int? = nil) {
            self.readTimeout = readTimeout
            self.startTimeout = startTimeout
            self.giveUpAfter = giveUpAfter
            self.batch = batch
            self.maxPages = maxPages
            self.chunkBytes = chunkBytes
            self.firstNumber = firstNumber
        }
    }

    /// The settings the device took (its own names and values).
    public let applied: AppliedScanSettings
    public let options: Options
    private let source: PageSource
    private let device: ScanDevice?
    private let recovery: ScanRecovery?
    private let callback: @Sendable (ScanEvent) -> Void
    private let firstNumber: Int
    private let batch: Bool

    private enum Call {
        case start, read, cancel
    }

    // Guarded by `state`.
    private let state = NSCondition()
    private var call: (kind: Call, deadline: ContinuousClock.Instant)?
    private var cancelRequested = false
    private var cancelSent = false
    private var cancelling = false
    private var timedOut: Call?
    private var giveUpAt: ContinuousClock.Instant?
    private var readerDone = false
    private var abandoned = false
    /// The page being read, for the supervisor's report when it gives up.
    private var current: (page: Int, name: String, rows: Int)?
    private var pagesDone = 0

    // Guarded by `delivery`.
    private let delivery = NSLock()
    private var closed = false
    private let endedSignal = DispatchSemaphore(value: 0)

    private let writer = DispatchQueue(label: "strips-scan-recovery")
    private let writing = DispatchGroup()

    /// The device reserved for one session and `settings` applied to it (nil: as it is set); the
    /// reservation is given back when the device refuses them.
    static func reserve(_ device: ScanDevice, applying settings: ScanSettings?) throws(ScanFault) -> (SANE_Handle, AppliedScanSettings) {
        let handle = try device.reserve()
        do throws(ScanFault) {
            if let settings { return (handle, try device.apply(settings)) }
            return (handle, try device.current())
        } catch {
            device.endSession()
            throw error
        }
    }

    /// Applies `settings` (when given; nil scans with the device as it is set) and starts
    /// scanning. Throws before any scanning for a value the device refuses or a device that is
    /// already scanning; everything after comes as events.
    public static func start(device: ScanDevice, settings: ScanSettings?, options: Options = Options(), recovery: ScanRecovery? = nil,
                             events: @escaping @Sendable (ScanEvent) -> Void) throws(ScanFault) -> ScanSession {
        let (handle, applied) = try reserve(device, applying: settings)
        let session = ScanSession(source: DevicePageSource(device: device, handle: handle), device: device, applied: applied,
                                  options: options, recovery: recovery, events: events)
        device.beginReading { [weak session] in session?.cancel() }
        session.launch()
        return session
    }

    /// A session over any page source (tests put faults between it and a device). `device`,
    /// when given, was reserved by the caller and is released at the end.
    package static func start(source: PageSource, device: ScanDevice?, applied: AppliedScanSettings, options: Options = Options(),
                              recovery: ScanRecovery? = nil, events: @escaping @Sendable (ScanEvent) -> Void) -> ScanSession {
        let session = ScanSession(source: source, device: device, applied: applied, options: options, recovery: recovery, events: events)
        device?.beginReading { [weak session] in session?.cancel() }
        session.launch()
        return session
    }

    private init(source: PageSource, device: ScanDevice?, applied: AppliedScanSettings, options: Options, recovery: ScanRecovery?,
                 events: @escaping @Sendable (ScanEvent) -> Void) {
        self.source = source
        self.device = device
        self.applied = applied
        self.options = options
        self.recovery = recovery
        callback = events
        firstNumber = options.firstNumber ?? recovery?.nextNumber ?? 1
        batch = options.batch ?? applied.isBatch
    }

    private func launch() {
        let reader = Thread { [self] in read() }
        reader.name = "strips-scan-reader"
        reader.stackSize = 1 << 20
        let supervisor = Thread { [self] in supervise() }
        supervisor.name = "strips-scan-supervisor"
        supervisor.start()
        reader.start()
    }

    /// Stops the scan: `sane_cancel` at once if a call blocks, else before the next one. Pages
    /// finished so far stay; the page being read is reported cut short. Any thread; returns at
    /// once.
    public func cancel() {
        state.lock()
        cancelRequested = true
        state.broadcast()
        state.unlock()
    }

    /// Blocks until `.ended` has been delivered (tests, command-line tools; never the UI thread).
    public func waitUntilEnded() {
        endedSignal.wait()
        endedSignal.signal()
    }

    public var hasEnded: Bool {
        delivery.lock()
        defer { delivery.unlock() }
        return closed
    }

    // MARK: The reader

    private func read() {
        let stop = scanPages()
        // The session's own sane_cancel ends the scan (SANE asks for one after the last page),
        // never at the same time as the supervisor's, and watched like any call: a driver may
        // hang in it too.
        state.lock()
        while cancelling { state.wait() }
        state.unlock()
        tracked(.cancel) { source.cancel() }
        state.lock()
        let gaveUp = abandoned
        readerDone = true
        state.broadcast()
        state.unlock()
        // Every call has come back: the device is usable again, even after the supervisor gave up.
        device?.endSession()
        if gaveUp { return }
        writing.wait()
        deliver(.ended(stop: stop, pages: pagesDone))
    }

    private func scanPages() -> ScanStop {
        var buffer = [UInt8](repeating: 0, count: max(4096, options.chunkBytes))
        let name = source.deviceName
        while true {
            if let limit = options.maxPages, pagesDone >= limit { return .finished }
            let number = pagesDone + 1
            let pageName = "Scan \(firstNumber + pagesDone)"
            var status = startWithRetries()
            if let stop = interruption(page: nil) { return stop }
            if status == SANE_STATUS_NO_DOCS, batch, pagesDone > 0 { return .finished }
            if let fault = ScanFault.from(status, device: name, during: pagesDone > 0 ? "starting page \(number)" : nil) { return .fault(fault) }

            var (parametersStatus, parameters) = source.parameters()
            if let fault = ScanFault.from(parametersStatus, device: name, during: "reading the page's size") { return .fault(fault) }
            var format: ScanPageFormat
            let assembler: PageAssembler
            do {
                format = try Self.format(parameters, device: name)
                assembler = try PageAssembler(format)
            } catch let fault as ScanFault {
                return .fault(fault)
            } catch {
                let colour = parameters.format == SANE_FRAME_GRAY ? "grey" : "colour"
                return .fault(ScanFault(.unsupported, device: name, "sends \(parameters.depth)-bit \(colour) pages (\(parameters.bytes_per_line) bytes a row), "
                    + "which Strips cannot read; choose colour, grey or line art"))
            }
            setCurrent((number, pageName, 0))
            deliver(.pageStarted(page: number, name: pageName, format: format))

            // Frames: one, or three for a three-pass colour page.
            while true {
                let (readStatus, length) = buffer.withUnsafeMutableBytes { raw in
                    tracked(.read) { source.read(into: raw) }
                }
                let arrived = ContinuousClock.now
                if length > 0 {
                    let rows = buffer.withUnsafeBytes { assembler.append(UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
                    setCurrent((number, pageName, assembler.pageRows))
                    if !rows.isEmpty {
                        deliver(.rows(ScanRows(page: number, firstRow: rows.lowerBound, rows: assembler.band(rows),
                                               rowsSoFar: assembler.frameRows, frame: assembler.frame, arrived: arrived)))
                    }
                }
                status = readStatus
                // A page whose last row came with the cancel is complete: it stays.
                let complete = status == SANE_STATUS_EOF && parameters.last_frame != 0 && assembler.frameIsComplete && format.heightIsKnown
                if !complete, let stop = interruption(page: (number, pageName, assembler.pageRows)) { return stop }
                if status == SANE_STATUS_GOOD { continue }
                if status != SANE_STATUS_EOF {
                    // An empty feeder noticed on the first read of a page that never began.
                    if status == SANE_STATUS_NO_DOCS, batch, pagesDone > 0, assembler.pageRows == 0 {
                        cutShort(number, pageName, rows: 0, stop: .finished)
                        return .finished
                    }
                    let fault = ScanFault.from(status, device: name, during: Self.where(number, assembler)) ?? ScanFault(.other, device: name, "read failed")
                    cutShort(number, pageName, rows: assembler.pageRows, stop: .fault(fault))
                    return .fault(fault)
                }
                guard assembler.frameIsComplete else {
                    let fault = ScanFault(.cutShort, device: name, "page \(number) ended after \(assembler.frameRows) of \(format.height) rows "
                        + "(the scanner stopped sending: unplugged or switched off?)")
                    cutShort(number, pageName, rows: assembler.pageRows, stop: .fault(fault))
                    return .fault(fault)
                }
                if parameters.last_frame != 0 { break }
                // The next colour of a three-pass page.
                status = tracked(.start) { source.start() }
                if let stop = interruption(page: (number, pageName, assembler.pageRows)) { return stop }
                (parametersStatus, parameters) = source.parameters()
                if let fault = ScanFault.from(status, device: name, during: "starting the next colour of page \(number)")
                    ?? ScanFault.from(parametersStatus, device: name, during: "reading the next colour's size") {
                    cutShort(number, pageName, rows: assembler.pageRows, stop: .fault(fault))
                    return .fault(fault)
                }
                do {
                    format = try Self.format(parameters, device: name)
                    try assembler.nextFrame(format)
                } catch {
                    let fault = ScanFault(.unsupported, device: name, "the colours of page \(number) do not match")
                    cutShort(number, pageName, rows: assembler.pageRows, stop: .fault(fault))
                    return .fault(fault)
                }
            }
            if cancelRequestedNow(), !(status == SANE_STATUS_EOF && format.heightIsKnown && assembler.frameIsComplete) {
                cutShort(number, pageName, rows: assembler.pageRows, stop: .cancelled)
                return .cancelled
            }
            finish(ScannedPage(page: number, name: pageName, pixels: assembler.picture(), format: format, settings: applied.settings))
            if cancelRequestedNow() { return .cancelled }
            if !batch { return .finished }
        }
    }

    /// `sane_start`, waiting out a lamp that is warming up (within the start time-out).
    private func startWithRetries() -> SANE_Status {
        let deadline = ContinuousClock.now + options.startTimeout
        while true {
            let status = tracked(.start) { source.start() }
            guard Int(status.rawValue) == ScanFault.warmingUpStatus, ContinuousClock.now < deadline else { return status }
            state.lock()
            if !cancelRequested { _ = state.wait(until: Date(timeIntervalSinceNow: 1)) }
            let stop = cancelRequested
            state.unlock()
            if stop { return status }
        }
    }

    private func finish(_ page: ScannedPage) {
        state.lock()
        pagesDone += 1
        current = nil
        state.unlock()
        deliver(.pageFinished(page))
        guard let recovery else { return }
        writing.enter()
        writer.async { [self] in
            defer { writing.leave() }
            do throws(RecoveryFault) {
                let file = try recovery.record(page)
                deliver(.pageRecorded(page: page.page, name: page.name, file: file))
            } catch {
                deliver(.recoveryFailed(page: page.page, name: page.name, line: error.line))
            }
        }
    }

    private func cutShort(_ page: Int, _ name: String, rows: Int, stop: ScanStop) {
        setCurrent(nil)
        deliver(.pageCutShort(page: page, name: name, rowsReceived: rows, stop: stop))
    }

    /// After a call: the stop a cancel or a time-out means (reporting the page in progress as
    /// cut short), or nil to go on.
    private func interruption(page: (number: Int, name: String, rows: Int)?) -> ScanStop? {
        state.lock()
        let (cancelled, expired) = (cancelRequested, timedOut)
        state.unlock()
        let stop: ScanStop
        if let expired {
            let words = expired == .read ? "no data from the scanner for \(Self.secondsText(options.readTimeout))"
                : "the scanner did not start within \(Self.secondsText(options.startTimeout))"
            stop = .fault(ScanFault(.timedOut, device: source.deviceName, "\(words); scan stopped"))
        } else if cancelled {
            stop = .cancelled
        } else {
            return nil
        }
        if let page { cutShort(page.number, page.name, rows: page.rows, stop: stop) }
        return stop
    }

    private func cancelRequestedNow() -> Bool {
        state.lock()
        defer { state.unlock() }
        return cancelRequested || timedOut != nil
    }

    private func tracked<T>(_ kind: Call, _ body: () -> T) -> T {
        let limit: Duration
        switch kind {
        case .start: limit = options.startTimeout
        case .read: limit = options.readTimeout
        case .cancel: limit = options.giveUpAfter
        }
        state.lock()
        call = (kind, ContinuousClock.now + limit)
        state.broadcast()
        state.unlock()
        let result = body()
        state.lock()
        call = nil
        state.broadcast()
        state.unlock()
        return result
    }

    private func setCurrent(_ page: (page: Int, name: String, rows: Int)?) {
        state.lock()
        current = page
        state.unlock()
    }

    // MARK: The supervisor

    private func supervise() {
        state.lock()
        while !readerDone {
            let now = ContinuousClock.now
            if let call, call.kind != .cancel, !cancelSent, cancelRequested || now >= call.deadline {
                if !cancelRequested { timedOut = call.kind }
                cancelSent = true
                giveUpAt = now + options.giveUpAfter
                cancelling = true
                state.unlock()
                source.cancel()
                state.lock()
                cancelling = false
                state.broadcast()
                continue
            }
            // A call that outlived the cancel sent to it, or a cancel that never returns.
            if let call, (giveUpAt.map { now >= $0 } ?? false) || (call.kind == .cancel && now >= call.deadline) {
                abandoned = true
                let page = current
                let done = pagesDone
                state.unlock()
                giveUp(page: page, pagesDone: done)
                return
            }
            var wake: ContinuousClock.Instant?
            if let call {
                if call.kind == .cancel || !cancelSent { wake = call.deadline }
                if let giveUpAt { wake = min(wake ?? giveUpAt, giveUpAt) }
            }
            if let wake {
                let seconds = Self.secondsValue(now.duration(to: wake))
                _ = state.wait(until: Date(timeIntervalSinceNow: max(0.001, seconds)))
            } else {
                state.wait()
            }
        }
        state.unlock()
    }

    /// The call never came back: the session ends here, the device is left alone (closing or
    /// cancelling it again could pull the handle from under the call) until it returns.
    private func giveUp(page: (page: Int, name: String, rows: Int)?, pagesDone: Int) {
        device?.markStuck()
        let fault = ScanFault(.stuck, device: source.deviceName,
                              "stopped answering and did not respond to cancel; restart Strips (or the scanner) to use it again")
        if let page { deliver(.pageCutShort(page: page.page, name: page.name, rowsReceived: page.rows, stop: .fault(fault))) }
        writing.wait()
        deliver(.ended(stop: .fault(fault), pages: pagesDone))
    }

    // MARK: Delivery

    private func deliver(_ event: ScanEvent) {
        delivery.lock()
        defer { delivery.unlock() }
        guard !closed else { return }
        callback(event)
        if case .ended = event {
            closed = true
            endedSignal.signal()
        }
    }

    // MARK: Helpers

    static func format(_ parameters: SANE_Parameters, device: String) throws(ScanFault) -> ScanPageFormat {
        let frame: ScanPageFormat.Frame
        switch parameters.format {
        case SANE_FRAME_GRAY: frame = .gray
        case SANE_FRAME_RGB: frame = .rgb
        case SANE_FRAME_RED: frame = .red
        case SANE_FRAME_GREEN: frame = .green
        case SANE_FRAME_BLUE: frame = .blue
        default:
            throw ScanFault(.unsupported, device: device, "sends frames of type \(parameters.format.rawValue) (compressed or infrared), which Strips cannot read")
        }
        let format = ScanPageFormat(width: Int(parameters.pixels_per_line), height: Int(parameters.lines), depth: Int(parameters.depth),
                                    frame: frame, bytesPerLine: Int(parameters.bytes_per_line))
        // A page this large is a driver's nonsense, not paper (4 GB of pixels).
        let bytes = Double(format.width) * Double(max(format.height, 0)) * Double(format.pixelFormat.bytesPerPixel)
        guard format.width > 0, format.height >= -1, format.height != 0, bytes < 4e9 else {
            throw ScanFault(.unsupported, device: device, "announced an impossible page (\(format.width) x \(format.height) pixels)")
        }
        return format
    }

    static func `where`(_ page: Int, _ assembler: PageAssembler) -> String? {
        assembler.pageRows == 0 && page == 1 ? nil : "page \(page), after \(assembler.pageRows) rows"
    }

    static func secondsValue(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func secondsText(_ duration: Duration) -> String {
        let value = secondsValue(duration)
        return value >= 1 && value == value.rounded() ? "\(Int(value)) s" : "\(Int((value * 1000).rounded())) ms"
    }
}
