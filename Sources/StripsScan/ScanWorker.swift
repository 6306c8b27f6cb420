import Foundation
import StripsPictures

/// The app's side of the scan worker (`strips-scan-probe --worker`, `ScanWorkerProtocol`): it
/// starts the process when a request needs it, sends requests, reads the answers on a thread of
/// its own and hands them to `events` one at a time, in order. Nothing here calls SANE.
///
/// A worker that goes silent (no message, not even its heartbeat, for `silenceLimit`: a driver
/// deadlocked) is killed, and so is one that beats but gets nowhere (no answer to a request
/// under way for `progressLimit`: a driver call that never returns where the worker has no
/// time-out of its own, such as a listing or setting an option); one that dies (a driver
/// crashed) is reported: either way a request under way ends with `.lost` and a line, and the
/// next request starts a fresh process.
public final class ScanWorker: @unchecked Sendable {
    public enum Event: Sendable {
        case devices([ScannerInfo])
        case offers(device: String, sources: [String], modes: [String], resolutions: [Int], area: (width: Double, height: Double)?)
        /// A list or describe request failed (the scan's own faults come in `ended`).
        case failed(op: String, device: String?, line: String)
        /// The device scanning and the settings it took (`Automatic Document Feeder Gray 150 dpi`),
        /// with a line for each value it rounded.
        case applied(device: String?, line: String, notes: [String])
        case started(page: Int, name: String, width: Int, height: Int, format: PixelBuffer.Format)
        /// New rows at `first`; `arrived`: CLOCK_MONOTONIC nanoseconds when the driver gave them.
        case rows(page: Int, first: Int, band: PixelBuffer, arrived: UInt64)
        case finished(page: Int, name: String, width: Int, height: Int)
        case cut(page: Int, name: String, rows: Int)
        /// The scan is over: `stop` is `finished`, `cancelled` or `fault` (with its line).
        case ended(stop: String, line: String?, pages: Int)
        /// The process died or was stopped while `pending` requests were under way (a scan among
        /// them when `scanning`): one line saying so.
        case lost(line: String, scanning: Bool)
    }

    public let executable: String
    public let silenceLimit: Double
    /// Seconds a request may go without an answer (a scan: without any of its events). Longer
    /// than a scan's own time-outs (a start gets 90 s for a lamp to warm up).
    public let progressLimit: Double
    private let environment: [String: String]
    private let events: @Sendable (Event) -> Void

    // Guarded by `lock`.
    private let lock = NSLock()
    private var process: Process?
    private var writer: ScanWorkerWriter?
    private var lastHeard = ContinuousClock.now
    /// The last answer or scan event (heartbeats aside), or the request that started the wait.
    private var lastProgress = ContinuousClock.now
    private var stalled = false
    private var pendingLists = 0
    private var pendingDescribes = 0
    private var scanning = false
    private var silenced = false
    private var stopped = false
    private var generation = 0

    /// `executable`: the worker (`defaultExecutable()`); `environment`: extra variables for it
    /// (the app's own are passed on, SANE_CONFIG_DIR among them).
    public init(executable: String, environment: [String: String] = [:], silenceLimit: Double = 10, progressLimit: Double = 150,
                events: @escaping @Sendable (Event) -> Void) {
        self.executable = executable
        self.environment = environment
        self.silenceLimit = silenceLimit
        self.progressLimit = progressLimit
        self.events = events
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { stop(wait: 0) }

    /// `strips-scan-probe` beside this program (a build folder, or an installed bin), in
    /// `../libexec/strips/` from it, or on PATH; `STRIPS_SCAN_WORKER` names another.
    public static func defaultExecutable(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let named = environment["STRIPS_SCAN_WORKER"], !named.isEmpty { return named }
        var candidates: [String] = []
        if let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let folder = (me as NSString).deletingLastPathComponent
            candidates += [folder + "/strips-scan-probe", (folder as NSString).deletingLastPathComponent + "/libexec/strips/strips-scan-probe"]
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") { candidates.append(folder + "/strips-scan-probe") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    // MARK: Requests

    public func list() { send(ScanWorkerProtocol.Request(op: .list)) }

    public func describe(_ device: String) { send(ScanWorkerProtocol.Request(op: .describe, device: device)) }

    /// Starts a scan; a scan under way is refused by the caller before (one at a time).
    public func scan(_ settings: ScanSettings, firstNumber: Int, readTimeout: Double = 30) {
        send(ScanWorkerProtocol.Request(op: .scan, settings: settings, firstNumber: firstNumber, readTimeout: readTimeout))
    }

    public func cancel() {
        lock.lock()
        let writer = scanning ? self.writer : nil
        lock.unlock()
        writer?.send(ScanWorkerProtocol.encode(ScanWorkerProtocol.Request(op: .cancel)))
    }

    /// Ends the process: its input closed (it cancels a scan and exits), killed if it is still
    /// there after `wait` seconds. No events come after.
    public func stop(wait: Double = 2) {
        lock.lock()
        stopped = true
        let process = self.process
        self.process = nil
        writer = nil
        lock.unlock()
        guard let process else { return }
        try? (process.standardInput as? Pipe)?.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + .milliseconds(Int(wait * 1000))
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// The worker's process id while it runs (tests).
    public var processIdentifier: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return process?.processIdentifier
    }

    private func send(_ request: ScanWorkerProtocol.Request) {
        lock.lock()
        guard !stopped else {
            lock.unlock()
            return
        }
        if process == nil {
            if let line = launch() {
                lock.unlock()
                let event: Event = request.op == .scan ? .lost(line: line, scanning: true) : .failed(op: request.op.rawValue, device: request.device, line: line)
                events(event)
                return
            }
        }
        if pendingLists + pendingDescribes == 0, !scanning { lastProgress = .now }
        switch request.op {
        case .list: pendingLists += 1
        case .describe: pendingDescribes += 1
        case .scan: scanning = true
        case .cancel: break
        }
        let writer = self.writer
        lock.unlock()
        writer?.send(ScanWorkerProtocol.encode(request))
    }

    // MARK: The process

    /// Starts the worker (under `lock`); the line saying why not.
    private func launch() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--worker"]
        // A crash is one line from here, not the Swift runtime's backtrace on the app's stderr.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }.merging(environment) { $1 }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return "cannot start the scanner worker \(executable): \(error.localizedDescription)"
        }
        self.process = process
        writer = ScanWorkerWriter(fd: input.fileHandleForWriting.fileDescriptor)
        lastHeard = .now
        lastProgress = .now
        silenced = false
        stalled = false
        generation += 1
        let generation = self.generation
        let fd = output.fileHandleForReading.fileDescriptor
        let reader = Thread { [weak self] in self?.read(fd: fd, process: process, generation: generation, keep: output) }
        reader.name = "strips-scan-worker-reader"
        reader.start()
        let watchdog = Thread { [weak self] in self?.watch(process: process, generation: generation) }
        watchdog.name = "strips-scan-worker-watchdog"
        watchdog.start()
        return nil
    }

    private func read(fd: Int32, process: Process, generation: Int, keep pipe: Pipe) {
        var reader = ScanWorkerReader(fd: fd)
        var sane = true
        while let (message, band) = reader.next() {
            lock.lock()
            lastHeard = .now
            if message.event != .alive { lastProgress = .now }
            let current = self.generation == generation && !stopped
            lock.unlock()
            guard current else { break }
            guard let event = translate(message, band: band) else {
                sane = message.event == .alive
                if !sane { break }
                continue
            }
            events(event)
        }
        // The stream ended: the worker exited, crashed, was killed for its silence, or spoke
        // nonsense (killed here).
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        lock.lock()
        let current = self.generation == generation && !stopped
        if current { self.process = nil }
        let wasSilenced = silenced, wasStalled = stalled
        let (lists, describes, wasScanning) = (pendingLists, pendingDescribes, scanning)
        if current {
            pendingLists = 0
            pendingDescribes = 0
            scanning = false
        }
        lock.unlock()
        _ = pipe
        guard current, lists + describes > 0 || wasScanning else { return }
        let line: String
        if wasSilenced {
            line = "the scanner driver stopped answering (nothing for \(Int(silenceLimit)) s) and was stopped; switch the scanner off and on if it happens again"
        } else if wasStalled {
            line = "the scanner driver got nowhere for \(Int(progressLimit)) s and was stopped; switch the scanner off and on if it happens again"
        } else if !sane {
            line = "the scanner worker sent something it should not and was stopped"
        } else if process.terminationReason == .uncaughtSignal {
            line = "the scanner driver crashed (signal \(process.terminationStatus)\(Self.signalName(process.terminationStatus)))"
        } else {
            line = "the scanner worker ended unexpectedly (status \(process.terminationStatus))"
        }
        for _ in 0..<lists { events(.failed(op: "list", device: nil, line: line)) }
        for _ in 0..<describes { events(.failed(op: "describe", device: nil, line: line)) }
        if wasScanning { events(.lost(line: line, scanning: true)) }
    }

    private func watch(process: Process, generation: Int) {
        while true {
            usleep(200_000)
            lock.lock()
            let current = self.generation == generation && !stopped && self.process === process
            let quiet = Self.seconds(ContinuousClock.now - lastHeard)
            let waiting = pendingLists + pendingDescribes > 0 || scanning
            let stuck = waiting ? Self.seconds(ContinuousClock.now - lastProgress) : 0
            if current, quiet > silenceLimit { silenced = true } else if current, stuck > progressLimit { stalled = true }
            let stop = current && (silenced || stalled)
            lock.unlock()
            guard current, process.isRunning else { return }
            if stop {
                kill(process.processIdentifier, SIGKILL)
                return
            }
        }
    }

    /// A message as an event (nil for a heartbeat or nonsense), keeping the pending counts.
    private func translate(_ m: ScanWorkerProtocol.Message, band: [UInt8]?) -> Event? {
        switch m.event {
        case .alive:
            return nil
        case .devices:
            settle(list: true)
            return .devices(m.devices ?? [])
        case .offers:
            settle(list: false)
            let area = m.area.flatMap { $0.count == 2 ? (width: $0[0], height: $0[1]) : nil }
            return .offers(device: m.device ?? "", sources: m.sources ?? [], modes: m.modes ?? [], resolutions: m.resolutions ?? [], area: area)
        case .fault:
            settle(list: m.op == "list")
            return .failed(op: m.op ?? "", device: m.device, line: m.line ?? "the scanner failed")
        case .applied:
            return .applied(device: m.device, line: m.line ?? "", notes: m.notes ?? [])
        case .started:
            guard let page = m.page, let width = m.width, let height = m.height, width > 0 else { return nil }
            return .started(page: page, name: m.name ?? "Scan \(page)", width: width, height: height, format: m.format == "rgb" ? .rgb : .grey)
        case .rows:
            let format: PixelBuffer.Format = m.format == "rgb" ? .rgb : .grey
            guard let page = m.page, let first = m.first, let count = m.count, let width = m.width, let band, first >= 0, count > 0,
                  let pixels = PixelBuffer(width: width, height: count, format: format, bytes: band) else { return nil }
            return .rows(page: page, first: first, band: pixels, arrived: m.arrived ?? ScanWorkerProtocol.monotonicNow())
        case .finished:
            guard let page = m.page, let width = m.width, let height = m.height else { return nil }
            return .finished(page: page, name: m.name ?? "Scan \(page)", width: width, height: height)
        case .cut:
            guard let page = m.page else { return nil }
            return .cut(page: page, name: m.name ?? "Scan \(page)", rows: m.rows ?? 0)
        case .ended:
            lock.lock()
            scanning = false
            lock.unlock()
            return .ended(stop: m.stop ?? "fault", line: m.line, pages: m.pages ?? 0)
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func settle(list: Bool) {
        lock.lock()
        if list { pendingLists = max(0, pendingLists - 1) } else { pendingDescribes = max(0, pendingDescribes - 1) }
        lock.unlock()
    }

    static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGSEGV: return ", a segmentation fault"
        case SIGABRT: return ", aborted"
        case SIGBUS: return ", a bus error"
        case SIGKILL: return ", killed"
        case SIGILL: return ", an illegal instruction"
        case SIGFPE: return ", an arithmetic fault"
        default: return ""
        }
    }
}
