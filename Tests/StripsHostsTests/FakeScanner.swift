import Dispatch
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import StripsScan

/// A scanner for the host's unit tests, with no SANE and no worker process behind it: each scan
/// sends what SANE's worker sends, on a queue of its own as the worker's reader thread does (the
/// settings applied, each page started, its rows in bands, finished, then the end), so the host's
/// own logic (pages named and kept, faults worded, the feeder's last page) runs in milliseconds.
final class FakeScanner: ScannerLink, @unchecked Sendable {
    /// How a scan ends after its pages.
    enum Ending: Sendable {
        case finished
        /// The driver's fault (a jammed feeder): `ended` with its line.
        case fault(String)
        /// The worker dies half-way through one more page.
        case lost(String)
    }

    struct Setup: Sendable {
        var pages: [PixelBuffer]
        var ending: Ending = .finished
        var devices = [ScannerInfo(name: "fake:0", vendor: "Strips", model: "Stand-in", type: "sheetfed scanner")]
        /// The glass, in millimetres (what `describe` offers).
        var area = (width: 215.9, height: 297.0)
        /// Rows a band.
        var band = 16
        /// Held before the scan ends until signalled (a scan still running when a test acts).
        var holdBeforeEnd: DispatchSemaphore?
    }

    private let setup: Setup
    private let events: @Sendable (ScanWorker.Event) -> Void
    private let queue = DispatchQueue(label: "fake-scanner")
    /// What the host asked, in order (`scan`, `cancel`, `stop`, ...).
    let asked: Locked<[String]>

    private init(_ setup: Setup, asked: Locked<[String]>, events: @escaping @Sendable (ScanWorker.Event) -> Void) {
        self.setup = setup
        self.asked = asked
        self.events = events
    }

    /// The host's way to reach it; `asked` collects the requests of every link it makes.
    static func connect(_ setup: Setup, asked: Locked<[String]> = Locked([])) -> ScannerConnect {
        { events in FakeScanner(setup, asked: asked, events: events) }
    }

    func list() {
        asked.withLock { $0.append("list") }
        let devices = setup.devices
        queue.async { [events] in events(.devices(devices)) }
    }

    func describe(_ device: String) {
        asked.withLock { $0.append("describe \(device)") }
        let (setup, events) = (setup, events)
        queue.async {
            guard setup.devices.contains(where: { $0.name == device }) else {
                return events(.failed(op: "describe", device: device, line: "scanner \(device): no such device"))
            }
            events(.offers(device: device, sources: ["Flatbed", "Automatic Document Feeder"], modes: ["Color", "Gray"],
                           resolutions: [75, 150, 300], area: setup.area))
        }
    }

    func scan(_ settings: ScanSettings, firstNumber: Int, readTimeout: Double) {
        asked.withLock { $0.append("scan") }
        let (setup, events) = (setup, events)
        queue.async {
            events(.applied(device: settings.device, line: "Automatic Document Feeder Gray \(settings.dpi) dpi", notes: []))
            for (index, page) in setup.pages.enumerated() {
                let number = index + 1, name = "Scan \(firstNumber + index)"
                events(.started(page: number, name: name, width: page.width, height: page.height, format: page.format))
                Self.send(page, rows: page.height, page: number, band: setup.band, to: events)
                events(.finished(page: number, name: name, width: page.width, height: page.height))
            }
            setup.holdBeforeEnd?.wait()
            switch setup.ending {
            case .finished:
                events(.ended(stop: "finished", line: nil, pages: setup.pages.count))
            case .fault(let line):
                events(.ended(stop: "fault", line: line, pages: setup.pages.count))
            case .lost(let line):
                // One more page starts and half of it comes before the worker is gone.
                let next = setup.pages.count + 1, page = setup.pages.last ?? PixelBuffer(width: 64, height: 64, format: .grey, filledWith: 255)
                events(.started(page: next, name: "Scan \(firstNumber + next - 1)", width: page.width, height: page.height, format: page.format))
                Self.send(page, rows: page.height / 2, page: next, band: setup.band, to: events)
                events(.lost(line: line, scanning: true))
            }
        }
    }

    func cancel() { asked.withLock { $0.append("cancel") } }

    func stop(wait: Double) { asked.withLock { $0.append("stop") } }

    /// `page`'s first `rows` rows, in bands.
    private static func send(_ page: PixelBuffer, rows: Int, page number: Int, band: Int, to events: @Sendable (ScanWorker.Event) -> Void) {
        var first = 0
        while first < rows {
            let count = min(band, rows - first)
            events(.rows(page: number, first: first, band: page.cropped(x: 0, y: first, width: page.width, height: count), arrived: 0))
            first += count
        }
    }
}
