import StripsBatch
import StripsCamera
import StripsCore
import StripsPhotosFeatures
import StripsPictures

/// What the Photos scene's effects become on this machine: a list of feature hosts, one a
/// feature, each taking its own feature's effects (`FeatureHost`): saves by the `DocumentSaver`,
/// scanning by the `ScanHost` (SANE in its worker process), the borders by the `BorderFinder`,
/// the pages' text read by the `TextHost` as the scene asks, Ctrl+O by the `FileOpener`, the
/// camera by the `CameraHost`, blank pages and separator sheets by the `JudgeHost`, dropped
/// files read as pages, Ctrl+C to the desktop's clipboard. Recording is the window's (or the
/// headless run's) own: no feature takes it.
public final class PhotosHost: EffectHost {
    public let scanner: ScanHost
    public let camera: CameraHost
    private let hosts: FeatureHosts

    /// `executor`: where the hosts made here run their errands (the border finder's); `chooser`:
    /// the desktop's file chooser for Ctrl+O (nil: none, a script); `say`: where one-line
    /// diagnostics go (standard error in the program).
    public init(saver: DocumentSaver, reader: PageReader, scanner: ScanHost, text: TextHost, camera: CameraHost, judges: JudgeHost,
                executor: any HostExecutor = InlineExecutor(), chooser: (any FileChoosing)? = nil,
                clipboard: (@Sendable (String) -> Void)? = nil, say: @escaping @Sendable (String) -> Void) {
        self.scanner = scanner
        self.camera = camera
        // One line a feature, then the registered features' own (`PhotosFeatures`, made by
        // their features from the executor and the diagnostics' line). The order is the order
        // each is polled in.
        hosts = FeatureHosts([
            SavingHost(saver: saver, scanner: scanner),
            scanner,
            BorderFinder(reader: reader, executor: executor),
            text,
            FileOpener(chooser: chooser, say: say),
            camera,
            judges,
            DroppedFilesHost(reader: reader, say: say),
            ClipboardHost(clipboard: clipboard),
        ] + PhotosFeatures.hosts(HostServices(executor: executor, say: say)))
    }

    public func run(_ effect: Effect) -> [HostEvent] { hosts.run(effect) }

    public func poll() -> [HostEvent] { hosts.poll() }

    public func clock(_ sceneTime: Double) { hosts.clock(sceneTime) }

    public var playsOnClock: Bool { hosts.playsOnClock }

    public func shown(_ frame: Frame, picturesPending: Bool) { hosts.shown(frame, picturesPending: picturesPending) }
}

/// Saving's host: the `DocumentSaver`, and what a save means for scanned pages kept for
/// recovery (written first if the disk refused them; safe once the document is saved).
final class SavingHost: FeatureHost {
    private let saver: DocumentSaver
    private let scanner: ScanHost
    /// The scanned pages kept when the document save under way began: safe once it succeeds.
    private var keptAtSave: Set<String>?

    init(saver: DocumentSaver, scanner: ScanHost) {
        self.saver = saver
        self.scanner = scanner
    }

    func run(_ request: SaveRequest) -> [HostEvent] {
        // A scanned page the disk refused gets another chance to be written before it is read.
        scanner.keepUnwritten()
        if request.scope == .document { keptAtSave = scanner.keptFiles }
        return observed(saver.start(request))
    }

    func poll() -> [HostEvent] { observed(saver.poll()) }

    /// A document saved: the scans it had (or had deleted) are no longer offered after a crash.
    private func observed(_ events: [HostEvent]) -> [HostEvent] {
        for event in events {
            switch event.as(SaveEvent.self) {
            case .saved(let outcome)? where outcome.request.scope == .document:
                if let kept = keptAtSave { scanner.settle(kept) }
                keptAtSave = nil
            case .failed?:
                keptAtSave = nil
            default:
                break
            }
        }
        return events
    }
}

/// Files and folders dropped on the window, read as pages through the document's reader (they
/// join the catalog of files it opened).
final class DroppedFilesHost: FeatureHost {
    private let reader: PageReader
    private let say: @Sendable (String) -> Void

    init(reader: PageReader, say: @escaping @Sendable (String) -> Void) {
        self.reader = reader
        self.say = say
    }

    func run(_ request: LoadFiles) -> [HostEvent] {
        [.pagesLoaded(DroppedFiles.pages(for: request.paths, reader: reader, report: say))]
    }
}

/// Ctrl+C: the text to the desktop's clipboard (none headless: the trace's `clipboard` says what
/// was copied).
final class ClipboardHost: FeatureHost {
    private let clipboard: (@Sendable (String) -> Void)?

    init(clipboard: (@Sendable (String) -> Void)?) { self.clipboard = clipboard }

    func run(_ request: ClipboardCopy) -> [HostEvent] {
        clipboard?(request.text)
        return []
    }
}
