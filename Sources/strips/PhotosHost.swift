import StripsCore
import StripsPictures
import StripsSDL

/// What the Photos scene's effects become on this machine: saves by the `DocumentSaver`, dropped
/// files read as pages, scanning by the `ScanHost` (SANE in its worker process). Recording is the
/// window's (or the headless run's) own; text recognition has no engine here yet.
final class PhotosHost: EffectHost {
    private let saver: DocumentSaver
    /// The document's reader: dropped files join the catalog of files it opened.
    private let reader: PageReader
    let scanner: ScanHost
    /// The scanned pages kept when the document save under way began: safe once it succeeds.
    private var keptAtSave: Set<String>?
    private let borders: BorderFinder

    init(saver: DocumentSaver, reader: PageReader, scanner: ScanHost, live: Bool) {
        self.saver = saver
        self.reader = reader
        self.scanner = scanner
        borders = BorderFinder(reader: reader, live: live)
    }

    func run(_ effect: Effect) -> [HostEvent] {
        switch effect {
        case .save(let request):
            if request.scope == .document { keptAtSave = scanner.keptFiles }
            return observed(saver.start(request))
        case .load(let paths):
            return [.pagesLoaded(DroppedFiles.pages(for: paths, reader: reader) { FileHandleOutput.standardError($0) })]
        case .scan, .cancelScan, .findScanners, .describeScanner, .recoverScans, .discardScans:
            return scanner.run(effect)
        case .findBorders(let request):
            return borders.start(request)
        case .recognise, .toggleRecording:
            return []
        }
    }

    func poll() -> [HostEvent] { observed(saver.poll()) + scanner.poll() + borders.poll() }

    /// A document saved: the scans it had (or had deleted) are no longer offered after a crash.
    private func observed(_ events: [HostEvent]) -> [HostEvent] {
        for event in events {
            switch event {
            case .saved(let outcome) where outcome.request.scope == .document:
                if let kept = keptAtSave { scanner.settle(kept) }
                keptAtSave = nil
            case .saveFailed:
                keptAtSave = nil
            default:
                break
            }
        }
        return events
    }
}
