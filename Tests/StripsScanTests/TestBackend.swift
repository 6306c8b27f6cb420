import Foundation
import StripsPictures
import StripsTestSupport
import Testing
@testable import StripsScan

/// SANE's own `test` backend as the scanner: a `SANE_CONFIG_DIR` whose `dll.conf` names only
/// `test` and whose `test.conf` gives eight devices with room for A4, Letter and Legal. libsane
/// reads SANE_CONFIG_DIR once per process, at its first configuration file, so every in-process
/// test shares this one directory (set before the first sane_init) and varies the backend
/// through its options; a test that needs a process of its own runs `strips-scan-probe`.
enum TestBackend {
    static let configDirectory = SANEFixture(devices: 8).folder

    /// libsane, started with the test configuration.
    static func system() throws -> ScannerSystem {
        let applied = try ScannerSystem.shared.start(configDirectory: configDirectory)
        #expect(applied, "libsane started before the test configuration was set")
        return .shared
    }

    /// A test device, its options back to the backend's defaults (they outlive close in the
    /// test backend): flatbed, grey, 8-bit, the grid, no delays, no faults.
    static func device() throws -> ScanDevice {
        let system = try system()
        var lastFault: ScanFault?
        for index in 0..<8 {
            do {
                let device = try system.open("test:\(index)")
                reset(device)
                return device
            } catch {
                lastFault = error
            }
        }
        throw lastFault ?? ScanFault(.noScanner, device: nil, "no test device free")
    }

    static func reset(_ device: ScanDevice) {
        let defaults: [(String, ScanOptionValue)] = [
            ("source", .string("Flatbed")), ("mode", .string("Color")), ("three-pass", .bool(false)), ("mode", .string("Gray")),
            ("depth", .int(8)), ("hand-scanner", .bool(false)), ("test-picture", .string("Grid")),
            ("read-return-value", .string("Default")), ("read-delay", .bool(false)), ("read-limit", .bool(false)),
            ("ppl-loss", .int(0)), ("fuzzy-parameters", .bool(false)),
        ]
        for (name, value) in defaults { _ = try? device.set(name, to: value) }
    }

    /// Pixels the test backend gives for `mm` at `dpi`: it truncates `dpi * mm / 25.4`.
    static func pixels(_ mm: Double, dpi: Int) -> Int {
        Int(Double(dpi) * mm / 25.4)
    }

    /// `strips-scan-probe`, built beside the test bundle.
    static var probe: String { scanProbeBinary }

    static func scratch(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-scan-tests-\(getpid())-\(name)-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// The events of one session, collected from whichever thread delivers them.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [ScanEvent] = []
    /// Signalled at the first `rows` event (for a cancel from another thread).
    let firstRows = DispatchSemaphore(value: 0)
    private var sawRows = false

    func add(_ event: ScanEvent) {
        lock.lock()
        list.append(event)
        let first: Bool
        if case .rows = event, !sawRows {
            sawRows = true
            first = true
        } else {
            first = false
        }
        lock.unlock()
        if first { firstRows.signal() }
    }

    var events: [ScanEvent] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }

    var finished: [ScannedPage] {
        events.compactMap { if case .pageFinished(let page) = $0 { return page } else { return nil } }
    }

    var rows: [ScanRows] {
        events.compactMap { if case .rows(let rows) = $0 { return rows } else { return nil } }
    }

    var started: [(page: Int, name: String, format: ScanPageFormat)] {
        events.compactMap { if case .pageStarted(let page, let name, let format) = $0 { return (page, name, format) } else { return nil } }
    }

    var cut: [(page: Int, rows: Int, stop: ScanStop)] {
        events.compactMap { if case .pageCutShort(let page, _, let rows, let stop) = $0 { return (page, rows, stop) } else { return nil } }
    }

    var recorded: [(page: Int, file: String)] {
        events.compactMap { if case .pageRecorded(let page, _, let file) = $0 { return (page, file) } else { return nil } }
    }

    var ended: (stop: ScanStop, pages: Int)? {
        let all = events.compactMap { if case .ended(let stop, let pages) = $0 { return (stop, pages) } else { return nil } }
        return all.count == 1 ? all[0] : nil
    }

    var endedCount: Int {
        events.filter { if case .ended = $0 { return true } else { return false } }.count
    }

    /// The fault the session ended with, if any.
    var fault: ScanFault? {
        if case .fault(let fault)? = ended?.stop { return fault }
        return nil
    }
}

/// Runs a session to its end and returns its events.
func scan(_ device: ScanDevice, _ settings: ScanSettings?, options: ScanSession.Options = .init(), recovery: ScanRecovery? = nil) throws -> EventLog {
    let log = EventLog()
    let session = try ScanSession.start(device: device, settings: settings, options: options, recovery: recovery) { log.add($0) }
    session.waitUntilEnded()
    return log
}

extension PixelBuffer {
    /// The grey value of a pixel (the mean of R, G, B in colour).
    func grey(_ x: Int, _ y: Int) -> Int {
        let i = (y * width + x) * format.bytesPerPixel
        switch format {
        case .grey: return Int(bytes[i])
        case .rgb: return (Int(bytes[i]) + Int(bytes[i + 1]) + Int(bytes[i + 2])) / 3
        case .bgra: return (Int(bytes[i]) + Int(bytes[i + 1]) + Int(bytes[i + 2])) / 3
        }
    }

    /// The picture as one grey byte a pixel.
    var greys: [UInt8] {
        guard format != .grey else { return bytes }
        var out = [UInt8](repeating: 0, count: width * height)
        for i in 0..<out.count {
            let j = i * format.bytesPerPixel
            let sum = Int(bytes[j]) + Int(bytes[j + 1]) + Int(bytes[j + 2])
            out[i] = UInt8(sum / 3)
        }
        return out
    }
}
