import Foundation
import StripsScan

// strips-scan-probe: scans with StripsScan and prints every event as a line, so the scan tests
// can run a scan in a process of its own (a fresh sane_init with their SANE_CONFIG_DIR; a real
// kill -9 mid-batch) and a person can try a scanner by hand:
//
//   strips-scan-probe --list
//   strips-scan-probe --device test:0 --source feeder --dpi 75 --mode gray --recovery /tmp/rec
//   strips-scan-probe --leftovers /tmp/rec
//
// Lines: `device NAME | VENDOR | MODEL | TYPE`, `applied ...`, `started N NAME WxH depth D FRAME`,
// `rows N FIRST COUNT SOFAR` (with --rows), `finished N NAME WxH`, `cut N NAME ROWS STOP`,
// `recorded N NAME FILE`, `unrecorded N NAME LINE`, `ended STOP pages N`; faults also on stderr.
//
// `strips-scan-probe --worker` is the app's scanner process instead (Worker.swift,
// ScanWorkerProtocol): requests on standard input, messages on standard output.

/// One line on stdout at once (unbuffered: a parent reading lines sees each as it happens).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

struct Arguments {
    var configDir: String?
    var list = false
    var device: String?
    var settings = ScanSettings(dpi: 75, mode: .gray)
    var setSettings = false
    var raw: [(String, ScanOptionValue)] = []
    var recovery: String?
    var leftovers: String?
    var timeout: Double = 30
    var rows = false
    var out: String?
    var maxPages: Int?
    /// Cancel from the main thread once this many rows of a page arrived.
    var cancelAfterRows: Int?
}

func fail(_ line: String) -> Never {
    FileHandle.standardError.write(Data("strips-scan-probe: \(line)\n".utf8))
    exit(2)
}

func parse() -> Arguments {
    var arguments = Arguments()
    var words = Array(CommandLine.arguments.dropFirst())
    func next(_ flag: String) -> String {
        guard !words.isEmpty else { fail("\(flag) needs a value") }
        return words.removeFirst()
    }
    while !words.isEmpty {
        let flag = words.removeFirst()
        switch flag {
        case "--config-dir": arguments.configDir = next(flag)
        case "--list": arguments.list = true
        case "--device": arguments.device = next(flag)
        case "--source": arguments.settings.source = next(flag); arguments.setSettings = true
        case "--dpi":
            guard let dpi = Int(next(flag)) else { fail("--dpi takes a number") }
            arguments.settings.dpi = dpi
            arguments.setSettings = true
        case "--mode":
            guard let mode = ScanMode(rawValue: next(flag)) else { fail("--mode takes color, gray or lineart") }
            arguments.settings.mode = mode
            arguments.setSettings = true
        case "--page":
            guard let page = ScanPageSize(named: next(flag)) else { fail("--page takes a4, a5, letter, legal or WxH in mm") }
            arguments.settings.pageSize = page
            arguments.setSettings = true
        case "--set":
            let pair = next(flag)
            guard let equals = pair.firstIndex(of: "=") else { fail("--set takes NAME=VALUE") }
            let value = String(pair[pair.index(after: equals)...])
            let typed: ScanOptionValue
            if ["yes", "true"].contains(value) { typed = .bool(true) }
            else if ["no", "false"].contains(value) { typed = .bool(false) }
            else if let number = Int(value) { typed = .int(number) }
            else if let number = Double(value) { typed = .fixed(number) }
            else { typed = .string(value) }
            arguments.raw.append((String(pair[..<equals]), typed))
        case "--recovery": arguments.recovery = next(flag)
        case "--leftovers": arguments.leftovers = next(flag)
        case "--timeout":
            guard let seconds = Double(next(flag)), seconds > 0 else { fail("--timeout takes seconds") }
            arguments.timeout = seconds
        case "--max-pages": arguments.maxPages = Int(next(flag))
        case "--rows": arguments.rows = true
        case "--cancel-after-rows": arguments.cancelAfterRows = Int(next(flag))
        case "--out": arguments.out = next(flag)
        default: fail("unknown argument \(flag)")
        }
    }
    return arguments
}

func words(_ stop: ScanStop) -> String {
    switch stop {
    case .finished: return "finished"
    case .cancelled: return "cancelled"
    case .fault(let fault): return "fault \(fault.line)"
    }
}

if CommandLine.arguments.dropFirst().first == "--worker" { Worker.run() }

let arguments = parse()
let system = ScannerSystem.shared

if let root = arguments.leftovers {
    let found = ScanRecovery.leftovers(root: root)
    for line in found.problems { say("problem \(line)") }
    for session in found.sessions {
        say("session \(session.folder) pages \(session.pages.count)")
        for page in session.pages { say("page \(page.name) \(page.width)x\(page.height) \(page.file)") }
    }
    exit(0)
}

do {
    try system.start(configDirectory: arguments.configDir)
    if arguments.list {
        for device in try system.devices() { say("device \(device.name) | \(device.vendor) | \(device.model) | \(device.type)") }
        exit(0)
    }
    let deviceName: String
    if let named = arguments.device {
        deviceName = named
    } else {
        guard let first = try system.devices().first else { fail("no scanner found") }
        deviceName = first.name
    }
    let device = try system.open(deviceName)
    // Settings first, then raw options (three-pass only exists in colour mode), then a scan
    // with the device as it is set.
    var settings = arguments.settings
    settings.device = deviceName
    if arguments.setSettings {
        let applied = try device.apply(settings)
        for line in applied.adjustments { say("adjusted \(line)") }
    }
    for (option, value) in arguments.raw { try device.set(option, to: value) }
    let recovery = try arguments.recovery.map { root throws(RecoveryFault) in try ScanRecovery.create(root: root) }
    if let recovery { say("recovery \(recovery.folder)") }
    let options = ScanSession.Options(readTimeout: .milliseconds(Int(arguments.timeout * 1000)), maxPages: arguments.maxPages)
    let (rows, out, cancelAfter) = (arguments.rows, arguments.out, arguments.cancelAfterRows)
    let cancelNow = DispatchSemaphore(value: 0)
    let session = try ScanSession.start(device: device, settings: nil, options: options,
                                        recovery: recovery) { event in
        switch event {
        case .pageStarted(let page, let name, let format):
            say("started \(page) \(name) \(format.width)x\(format.height) depth \(format.depth) \(format.frame)")
        case .rows(let band):
            if rows { say("rows \(band.page) \(band.firstRow) \(band.rows.height) \(band.rowsSoFar)") }
            if let cancelAfter, band.rowsSoFar >= cancelAfter { cancelNow.signal() }
        case .pageFinished(let page):
            say("finished \(page.page) \(page.name) \(page.pixels.width)x\(page.pixels.height)")
            if let out { ProbeOutput.write(page, to: out) }
        case .pageCutShort(let page, let name, let rowsReceived, let stop):
            say("cut \(page) \(name) \(rowsReceived) \(words(stop))")
        case .pageRecorded(let page, let name, let file):
            say("recorded \(page) \(name) \(file)")
        case .recoveryFailed(let page, let name, let line):
            say("unrecorded \(page) \(name) \(line)")
        case .ended(let stop, let pages):
            say("ended \(words(stop)) pages \(pages)")
            if case .fault(let fault) = stop { FileHandle.standardError.write(Data("\(fault.line)\n".utf8)) }
        }
    }
    say("applied \(session.applied.settings.source ?? "-") \(session.applied.deviceMode ?? "-") \(session.applied.settings.dpi) dpi")
    if cancelAfter != nil {
        // From another thread than the reader, as a window's Escape would.
        let waiter = Thread {
            cancelNow.wait()
            say("cancelling")
            session.cancel()
        }
        waiter.start()
    }
    session.waitUntilEnded()
    device.close()
    system.shutdown()
} catch let fault as ScanFault {
    say("ended fault \(fault.line) pages 0")
    FileHandle.standardError.write(Data("\(fault.line)\n".utf8))
    exit(1)
} catch let fault as RecoveryFault {
    fail(fault.line)
} catch {
    fail("\(error)")
}
