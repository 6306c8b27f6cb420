import CSANE
import Foundation
import StripsCore
import StripsPictures
import StripsScan

// strips-bench-scan: how long a chunk takes from `sane_read` returning to being in the page and
// reported (the `rows` event's callback), on SANE's test backend scanning 300 dpi A4 pages; the
// issue's goal is the first lines reported within 100 ms of arriving. The baseline, measured in
// the same run on the same device, is a bare sane_start/sane_read loop that keeps nothing: the
// session's whole-page time over it is what streaming, converting and reporting cost.
//
//   swift build -c release --product strips-bench-scan && .build/release/strips-bench-scan [--runs N]

/// A line out at once (a run cut short still shows what it measured).
func say(_ line: String = "") {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let runs = CommandLine.arguments.firstIndex(of: "--runs").flatMap { Int(CommandLine.arguments[$0 + 1]) } ?? 5

func temporaryFolder(_ name: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("strips-bench-scan-\(getpid())-\(name)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

let config = temporaryFolder("sane")
_ = FileManager.default.createFile(atPath: config + "/dll.conf", contents: Data("test\n".utf8))
_ = FileManager.default.createFile(atPath: config + "/test.conf", contents: Data("""
    number_of_devices 8
    test-picture "Grid"
    geometry_min 0.0
    geometry_max 400.0
    geometry_quant 0.0

    """.utf8))

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func format(_ value: Double) -> String { String(format: value < 10 ? "%.3f" : "%.1f", value) }

final class Timings: @unchecked Sendable {
    let lock = NSLock()
    var latencies: [Double] = []
    var firstLatency: [Double] = []
    var firstRowsAfterStart: [Double] = []
    var pageTimes: [Double] = []
    var recordTimes: [Double] = []
    var started = ContinuousClock.now
    var pageStart = ContinuousClock.now
    var sawFirst = false
    var chunks = 0
    var finishedAt: [Int: ContinuousClock.Instant] = [:]
    var pages = 0
}

/// One session of `settings` with an event callback that timestamps every band.
func session(_ device: ScanDevice, _ settings: ScanSettings, recovery: ScanRecovery?, into timings: Timings) throws -> (pages: Int, fault: ScanFault?) {
    timings.lock.lock()
    timings.started = ContinuousClock.now
    timings.sawFirst = false
    timings.lock.unlock()
    let done = DispatchSemaphore(value: 0)
    final class Fault: @unchecked Sendable { var value: ScanFault? }
    let fault = Fault()
    let session = try ScanSession.start(device: device, settings: settings, options: .init(readTimeout: .seconds(5)), recovery: recovery) { event in
        let now = ContinuousClock.now
        timings.lock.lock()
        defer { timings.lock.unlock() }
        switch event {
        case .pageStarted:
            timings.pageStart = now
        case .rows(let rows):
            let latency = milliseconds(rows.arrived.duration(to: now))
            timings.latencies.append(latency)
            timings.chunks += 1
            if !timings.sawFirst {
                timings.sawFirst = true
                timings.firstLatency.append(latency)
                timings.firstRowsAfterStart.append(milliseconds(timings.started.duration(to: now)))
            }
        case .pageFinished(let page):
            timings.pageTimes.append(milliseconds(timings.pageStart.duration(to: now)))
            timings.finishedAt[page.page] = now
            timings.pages += 1
        case .pageRecorded(let page, _, _):
            if let finished = timings.finishedAt[page] { timings.recordTimes.append(milliseconds(finished.duration(to: now))) }
        case .ended(let stop, _):
            if case .fault(let line) = stop { fault.value = line }
            done.signal()
        default: break
        }
    }
    done.wait()
    session.waitUntilEnded()
    timings.lock.lock()
    defer { timings.lock.unlock() }
    return (timings.pages, fault.value)
}

/// The same page read by a bare loop that keeps nothing: the floor any frontend pays.
func bareLoop(_ name: String, _ settings: ScanSettings) throws -> Double {
    let device = try ScannerSystem.shared.open(name)
    try device.apply(settings)
    device.close()
    var handle: SANE_Handle?
    guard sane_open(name, &handle) == SANE_STATUS_GOOD, let handle else { return .nan }
    defer { sane_close(handle) }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let start = ContinuousClock.now
    guard sane_start(handle) == SANE_STATUS_GOOD else { return .nan }
    var length: SANE_Int = 0
    while buffer.withUnsafeMutableBufferPointer({ sane_read(handle, $0.baseAddress, SANE_Int($0.count), &length) }) == SANE_STATUS_GOOD {}
    sane_cancel(handle)
    return milliseconds(start.duration(to: ContinuousClock.now))
}

/// Runs `body` on a thread of its own and gives up on it after 20 s (nil): the bare loop has
/// no time-out of its own, as a session has.
func guarded(_ body: @escaping @Sendable () throws -> Double) throws -> Double? {
    final class Box: @unchecked Sendable { var result: Result<Double, Error> = .success(.nan) }
    let box = Box(), done = DispatchSemaphore(value: 0)
    Thread {
        box.result = Result { try body() }
        done.signal()
    }.start()
    guard done.wait(timeout: .now() + 20) == .success else { return nil }
    return try box.result.get()
}

/// The test devices in turn: one whose reader thread deadlocked (libsane-test's sanei_thread
/// cancels it asynchronously, and a cancel that lands inside glibc's free() never lets go of
/// malloc's lock) is left behind, as the app would, and the run goes on with the next.
final class Devices {
    var index = 0
    var deadlocks = 0
    var name: String { "test:\(index)" }
    func lost(_ what: String) {
        deadlocks += 1
        say("  (\(what) on \(name) never returned: libsane-test's reader-thread deadlock; going on with test:\(index + 1))")
        index += 1
    }
}

do {
    try ScannerSystem.shared.start(configDirectory: config)
    say("strips-bench-scan: SANE test backend, 300 dpi A4 (2480 x 3507), 64 KB reads, \(runs) runs each"); say()
    let devices = Devices()
    var worst = 0.0
    for (label, mode, bytes) in [("colour", ScanMode.color, 3), ("grey", ScanMode.gray, 1)] {
        let timings = Timings()
        var bare: [Double] = []
        for _ in 0..<runs {
            let settings = ScanSettings(device: devices.name, source: "Flatbed", dpi: 300, mode: mode, pageSize: .a4)
            let device = try ScannerSystem.shared.open(devices.name)
            if let fault = try session(device, settings, recovery: nil, into: timings).fault {
                guard fault.kind == .stuck || fault.kind == .timedOut else { throw fault }
                devices.lost("a session's read")
                continue
            }
            device.close()
            let name = devices.name
            if let time = try guarded({ try bareLoop(name, settings) }) { bare.append(time) } else { devices.lost("the bare loop's read") }
        }
        let megabytes = Double(2480 * 3507 * bytes) / 1e6
        worst = max(worst, timings.latencies.max() ?? .infinity)
        say("\(label) (\(String(format: "%.1f", megabytes)) MB a page):")
        say("  chunk arrival -> in the page and reported: p50 \(format(percentile(timings.latencies, 0.5))) ms, "
            + "p99 \(format(percentile(timings.latencies, 0.99))) ms, max \(format(timings.latencies.max() ?? .nan)) ms (\(timings.chunks) chunks)")
        say("  first rows: arrival -> reported \(format(percentile(timings.firstLatency, 0.5))) ms (median); "
            + "session start -> first rows reported \(format(percentile(timings.firstRowsAfterStart, 0.5))) ms")
        let page = percentile(timings.pageTimes, 0.5), floor = percentile(bare, 0.5)
        say("  whole page: session \(format(page)) ms, bare sane_read loop \(format(floor)) ms, ratio \(String(format: "%.2f", page / floor))")
    }

    // A feeder of 300 dpi colour pages with the recovery folder on: the PNG writer competes
    // with the reader for the CPU, which is how the app scans.
    let root = temporaryFolder("recovery")
    let recovery = try ScanRecovery.create(root: root)
    let device = try ScannerSystem.shared.open(devices.name)
    let timings = Timings()
    let feeder = try session(device, ScanSettings(device: devices.name, source: "feeder", dpi: 300, mode: .color, pageSize: .a4),
                             recovery: recovery, into: timings)
    if feeder.fault != nil { devices.lost("a feeder page's read") } else { device.close() }
    say(); say("feeder, colour, recovery folder on (\(feeder.pages) pages):")
    say("  chunk arrival -> reported: p50 \(format(percentile(timings.latencies, 0.5))) ms, p99 \(format(percentile(timings.latencies, 0.99))) ms, "
        + "max \(format(timings.latencies.max() ?? .nan)) ms (\(timings.chunks) chunks)")
    say("  page finished -> on disk (PNG, flushed): median \(format(percentile(timings.recordTimes, 0.5))) ms (queued: the backend scans 10 pages faster than one is written)")
    let sizes = recovery.pages.compactMap { try? FileManager.default.attributesOfItem(atPath: $0.file)[.size] as? Int }
    say("  PNG size: median \(String(format: "%.2f", percentile(sizes.map(Double.init), 0.5) / 1e6)) MB (the grid test picture compresses far better than paper)")
    recovery.discard()
    worst = max(worst, timings.latencies.max() ?? .infinity)

    // Paper is not a grid: a page of light, noisy paper with darker strokes, as a scanner
    // gives, encoded the way the recovery folder does.
    var random = SeededRandom(seed: 2463534242)
    var paper = [UInt8](repeating: 0, count: 2480 * 3507 * 3)
    for y in 0..<3507 {
        let ink = y % 60 < 12
        for x in 0..<2480 {
            let base = ink && (x / 7) % 3 == 0 ? 40 : 235
            let value = UInt8(clamping: base + Int(random.next() % 17) - 8)
            let i = (y * 2480 + x) * 3
            paper[i] = value; paper[i + 1] = value; paper[i + 2] = UInt8(clamping: Int(value) - 6)
        }
    }
    if let page = PixelBuffer(width: 2480, height: 3507, format: .rgb, bytes: paper) {
        let start = ContinuousClock.now
        let encoded = RecoveryPNG.encode(page)
        let took = milliseconds(start.duration(to: ContinuousClock.now))
        if case .success(let bytes) = encoded {
            say("  a paper-like page (noise over light paper, dark strokes): PNG encode \(format(took)) ms, \(String(format: "%.1f", Double(bytes.count) / 1e6)) MB")
        }
    }
    say(); say("goal: first lines reported within 100 ms of arriving: \(worst < 100 ? "met" : "NOT met") (worst chunk of the run \(format(worst)) ms)")
    say("libsane-test reader-thread deadlocks met: \(devices.deadlocks)")
    exit(0)
} catch {
    say("strips-bench-scan: \(error)")
    exit(1)
}
