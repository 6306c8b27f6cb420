import StripsBatch
import StripsCamera
import StripsCore
import StripsPictures
import StripsSDL

/// What the Photos scene's effects become on this machine: saves by the `DocumentSaver`, dropped
/// files read as pages, scanning by the `ScanHost` (SANE in its worker process), the pages' text
/// read by the `TextHost` for what each frame wants, Ctrl+C to the desktop's clipboard. Recording
/// is the window's (or the headless run's) own.
final class PhotosHost: EffectHost {
    private let saver: DocumentSaver
    /// The document's reader: dropped files join the catalog of files it opened.
    private let reader: PageReader
    let scanner: ScanHost
    private let text: TextHost
    private let live: Bool
    /// The scanned pages kept when the document save under way began: safe once it succeeds.
    private var keptAtSave: Set<String>?
    private let borders: BorderFinder
    private let opener: FileOpener
    let camera: CameraHost
    /// Blank pages and separator sheets (StripsBatch).
    private let judges: JudgeHost

    init(saver: DocumentSaver, reader: PageReader, scanner: ScanHost, text: TextHost, camera: CameraHost, judges: JudgeHost, live: Bool) {
        self.saver = saver
        self.reader = reader
        self.scanner = scanner
        self.text = text
        self.camera = camera
        self.judges = judges
        self.live = live
        borders = BorderFinder(reader: reader, live: live)
        opener = FileOpener(live: live)
    }

    func run(_ effect: Effect) -> [HostEvent] {
        switch effect {
        case .save(let request):
            // A scanned page the disk refused gets another chance to be written before it is read.
            scanner.keepUnwritten()
            if request.scope == .document { keptAtSave = scanner.keptFiles }
            return observed(saver.start(request))
        case .load(let paths):
            return [.pagesLoaded(DroppedFiles.pages(for: paths, reader: reader) { FileHandleOutput.standardError($0) })]
        case .scan, .cancelScan, .findScanners, .describeScanner, .recoverScans, .discardScans:
            return scanner.run(effect)
        case .findBorders(let request):
            return borders.start(request)
        case .copy(let copied):
            // Headless there is no clipboard: the trace's `clipboard` says what was copied.
            if live { Clipboard.set(copied) }
            return []
        case .chooseFiles(let folder):
            return opener.start(folder: folder)
        case .toggleRecording:
            return []
        case .camera(let request):
            return camera.run(request)
        case .judge(let request):
            return judges.run(request)
        }
    }

    func poll() -> [HostEvent] {
        observed(saver.poll()) + scanner.poll() + borders.poll() + text.poll() + opener.poll() + camera.poll() + judges.poll()
    }

    func clock(_ sceneTime: Double) { camera.clock(sceneTime) }

    func shown(_ frame: Frame, picturesPending: Bool) { text.shown(frame, picturesPending: picturesPending) }

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
