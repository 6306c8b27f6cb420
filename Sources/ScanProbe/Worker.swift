import Foundation
import StripsPictures
import StripsScan

/// `strips-scan-probe --worker`: the app's scanner process. It reads requests on standard
/// input and answers on standard output in `ScanWorkerProtocol`'s messages; it is the only
/// process that calls SANE, so a driver that deadlocks or crashes costs this process (the app
/// kills it after its silence and starts another), never the window. It exits when its input
/// ends (the app quit, or was killed), cancelling a scan under way.
enum Worker {
    typealias Message = ScanWorkerProtocol.Message

    static let output = ScanWorkerWriter(fd: 1)
    static let operations = DispatchQueue(label: "strips-scan-worker")
    /// The scan under way, for a cancel read on the main thread.
    nonisolated(unsafe) static var session: ScanSession?
    static let sessionLock = NSLock()
    /// A fault to inject into the first scan (tests: STRIPS_SCAN_TEST_FAULT), used once.
    nonisolated(unsafe) static var fault = ProcessInfo.processInfo.environment["STRIPS_SCAN_TEST_FAULT"].flatMap(InjectedFault.init)

    static func send(_ message: Message, band: [UInt8]? = nil) {
        // The app is gone: nothing to answer to.
        if !output.send(ScanWorkerProtocol.encode(message), then: band) { _exit(0) }
    }

    static func run() -> Never {
        signal(SIGPIPE, SIG_IGN)
        // Every second, from a thread of its own: the app hears this process is alive. A thread
        // that dies holding malloc's lock (libsane's asynchronous cancel) stops this one too, as
        // it allocates: the app then kills the process.
        let heartbeat = Thread {
            while true {
                send(Message(.alive))
                Thread.sleep(forTimeInterval: 1)
            }
        }
        heartbeat.start()
        var reader = ScanWorkerReader(fd: 0)
        while let line = reader.nextLine() {
            guard let request = ScanWorkerProtocol.decode(ScanWorkerProtocol.Request.self, line) else { continue }
            switch request.op {
            case .cancel:
                sessionLock.lock()
                let current = session
                sessionLock.unlock()
                current?.cancel()
            case .list:
                operations.async { list() }
            case .describe:
                operations.async { describe(request.device ?? "") }
            case .scan:
                operations.async { scan(request) }
            }
        }
        // The app closed its end: stop the scanner, and go without waiting on the driver.
        sessionLock.lock()
        session?.cancel()
        sessionLock.unlock()
        _exit(0)
    }

    private static func started() -> ScanFault? {
        do {
            _ = try ScannerSystem.shared.start()
            return nil
        } catch {
            return error
        }
    }

    private static func fail(_ op: String, device: String?, _ line: String) {
        var message = Message(.fault)
        message.op = op
        message.device = device
        message.line = line
        send(message)
    }

    private static func list() {
        if let fault = started() { return fail("list", device: nil, fault.line) }
        do {
            var message = Message(.devices)
            message.devices = try ScannerSystem.shared.devices()
            send(message)
        } catch {
            fail("list", device: nil, error.line)
        }
    }

    private static func describe(_ name: String) {
        if let fault = started() { return fail("describe", device: name, fault.line) }
        do {
            let device = try ScannerSystem.shared.open(name)
            defer { device.close() }
            let capabilities = try device.capabilities()
            var message = Message(.offers)
            message.device = name
            message.sources = capabilities.sources.map(\.name)
            message.modes = capabilities.modes.map(\.mode.rawValue)
            message.resolutions = capabilities.resolutions.suggested
            message.area = capabilities.area.map { [$0.maxWidth, $0.maxHeight] }
            send(message)
        } catch {
            fail("describe", device: name, error.line)
        }
    }

    private static func scan(_ request: ScanWorkerProtocol.Request) {
        if let fault = started() { return ended(.fault(fault)) }
        var settings = request.settings ?? ScanSettings()
        do throws(ScanFault) {
            if settings.device == nil {
                guard let first = try ScannerSystem.shared.devices().first else {
                    return ended(.fault(ScanFault(.noScanner, device: nil, "no scanner found (is it connected and switched on?)")))
                }
                settings.device = first.name
            }
            let device = try ScannerSystem.shared.open(settings.device ?? "")
            defer { device.close() }
            let options = ScanSession.Options(readTimeout: .milliseconds(Int((request.readTimeout ?? 30) * 1000)),
                                              firstNumber: request.firstNumber ?? 1)
            let injected = fault
            fault = nil
            let events: @Sendable (ScanEvent) -> Void = { event in report(event) }
            let session: ScanSession
            if let injected {
                session = try ScanSession.start(device: device, settings: settings, options: options, fault: injected, events: events)
            } else {
                session = try ScanSession.start(device: device, settings: settings, options: options, events: events)
            }
            var applied = Message(.applied)
            applied.line = "\(session.applied.settings.source ?? "-") \(session.applied.deviceMode ?? "-") \(session.applied.settings.dpi) dpi"
            applied.notes = session.applied.adjustments
            applied.device = settings.device
            send(applied)
            sessionLock.lock()
            self.session = session
            sessionLock.unlock()
            session.waitUntilEnded()
            sessionLock.lock()
            self.session = nil
            sessionLock.unlock()
            // The test backend keeps its options after a close: an injected status goes.
            if let injected, case .status? = injected.action, injected.reads == 0 { _ = try? device.set("read-return-value", to: .string("Default")) }
        } catch {
            ended(.fault(error))
        }
    }

    private static func ended(_ stop: ScanStop, pages: Int = 0) {
        var message = Message(.ended)
        tell(stop, in: &message)
        message.pages = pages
        send(message)
    }

    /// A stop in the protocol's words: `stop`, and the fault's `line`.
    private static func tell(_ stop: ScanStop, in message: inout Message) {
        switch stop {
        case .finished: message.stop = "finished"
        case .cancelled: message.stop = "cancelled"
        case .fault(let fault):
            message.stop = "fault"
            message.line = fault.line
        }
    }

    private static func report(_ event: ScanEvent) {
        switch event {
        case .pageStarted(let page, let name, let format):
            var message = Message(.started)
            message.page = page
            message.name = name
            message.width = format.width
            message.height = format.height
            message.format = format.pixelFormat == .grey ? "grey" : "rgb"
            send(message)
        case .rows(let band):
            var message = Message(.rows)
            message.page = band.page
            message.first = band.firstRow
            message.count = band.rows.height
            message.bytes = band.rows.bytes.count
            message.format = band.rows.format == .grey ? "grey" : "rgb"
            message.width = band.rows.width
            // When the bytes came from sane_read, on the clock both processes share.
            let age = band.arrived.duration(to: .now)
            let ageNanoseconds = UInt64(max(0, Double(age.components.seconds) * 1e9 + Double(age.components.attoseconds) / 1e9))
            message.arrived = ScanWorkerProtocol.monotonicNow() &- ageNanoseconds
            send(message, band: band.rows.bytes)
        case .pageFinished(let page):
            var message = Message(.finished)
            message.page = page.page
            message.name = page.name
            message.width = page.pixels.width
            message.height = page.pixels.height
            send(message)
        case .pageCutShort(let page, let name, let rows, let stop):
            var message = Message(.cut)
            message.page = page
            message.name = name
            message.rows = rows
            tell(stop, in: &message)
            send(message)
        case .pageRecorded, .recoveryFailed:
            break  // the app keeps the pages: this process writes nothing
        case .ended(let stop, let pages):
            ended(stop, pages: pages)
        }
    }
}
