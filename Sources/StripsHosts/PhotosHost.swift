import StripsBatch
import StripsCamera
import StripsCore
import StripsPictures

/// What the Photos scene's effects become on this machine: saves by the `DocumentSaver`, dropped
/// files read as pages, scanning by the `ScanHost` (SANE in its worker process), the pages' text
/// read by the `TextHost` as the scene asks, the camera by the `CameraHost`, blank pages and
/// separator sheets by the `JudgeHost`, Ctrl+O by the `FileOpener`, Ctrl+C to the desktop's clipboard. Recording
/// is the window's (or the headless run's) own.
public final class PhotosHost: EffectHost {
    private let saver: DocumentSaver
    /// The document's reader: dropped files join the catalog of files it opened.
    private let reader: PageReader
    public let scanner: ScanHost
    private let text: TextHost
    private let live: Bool
    /// The scanned pages kept when the document save under way began: safe once it succeeds.
    private var keptAtSave: Set<String>?
    private let borders: BorderFinder
    private let opener: FileOpener
    public let camera: CameraHost
    /// Blank pages and separator sheets (StripsBatch).
    private let judges: JudgeHost
    /// The desktop's clipboard (nil headless: the trace's `clipboard` says what was copied).
    private let clipboard: (@Sendable (String) -> Void)?
    private let say: @Sendable (String) -> Void

    /// `say`: where one-line diagnostics go (standard error in the program).
    public init(saver: DocumentSaver, reader: PageReader, scanner: ScanHost, text: TextHost, camera: CameraHost, judges: JudgeHost, live: Bool,
                clipboard: (@Sendable (String) -> Void)? = nil, wake: @escaping @Sendable () -> Void = {}, say: @escaping @Sendable (String) -> Void) {
        self.clipboard = clipboard
        self.say = say
        self.saver = saver
        self.reader = reader
        self.scanner = scanner
        self.text = text
        self.camera = camera
        self.judges = judges
        self.live = live
        borders = BorderFinder(reader: reader, live: live, wake: wake)
        opener = FileOpener(live: live, say: say)
    }

    public func run(_ effect: Effect) -> [HostEvent] {
        switch effect {
        case .save(let request):
            // A scanned page the disk refused gets another chance to be written before it is read.
            scanner.keepUnwritten()
            if request.scope == .document { keptAtSave = scanner.keptFiles }
            return observed(saver.start(request))
        case .load(let paths):
            return [.pagesLoaded(DroppedFiles.pages(for: paths, reader: reader, report: say))]
        case .scan, .cancelScan, .findScanners, .describeScanner, .recoverScans, .discardScans:
            return scanner.run(effect)
        case .findBorders(let request):
            return borders.start(request)
        case .copy(let copied):
            clipboard?(copied)
            return []
        case .readText(let request):
            return text.run(request)
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

    public func poll() -> [HostEvent] {
        observed(saver.poll()) + scanner.poll() + borders.poll() + text.poll() + opener.poll() + camera.poll() + judges.poll()
    }

    public func clock(_ sceneTime: Double) { camera.clock(sceneTime) }

    public func shown(_ frame: Frame, picturesPending: Bool) { text.shown(frame, picturesPending: picturesPending) }

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
