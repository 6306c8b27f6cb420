import StripsCore
import StripsPictures
import StripsSDL

/// What the Photos scene's effects become on this machine: saves by the `DocumentSaver`, dropped
/// files read as pages, the pages' text read by the `TextHost` for what each frame wants, Ctrl+C
/// to the desktop's clipboard. Recording is the window's (or the headless run's) own; scanning
/// has no engine here yet and answers so.
final class PhotosHost: EffectHost {
    private let saver: DocumentSaver
    /// The document's reader: dropped files join the catalog of files it opened.
    private let reader: PageReader
    private let text: TextHost
    private let live: Bool

    init(saver: DocumentSaver, reader: PageReader, text: TextHost, live: Bool) {
        self.saver = saver
        self.reader = reader
        self.text = text
        self.live = live
    }

    func run(_ effect: Effect) -> [HostEvent] {
        switch effect {
        case .save(let request):
            return saver.start(request)
        case .load(let paths):
            return [.pagesLoaded(DroppedFiles.pages(for: paths, reader: reader) { FileHandleOutput.standardError($0) })]
        case .scan:
            return [.scanFailed("Scanning is not available in this build")]
        case .copy(let copied):
            // Headless there is no clipboard: the trace's `clipboard` says what was copied.
            if live { Clipboard.set(copied) }
            return []
        case .toggleRecording:
            return []
        }
    }

    func poll() -> [HostEvent] { saver.poll() + text.poll() }

    func shown(_ frame: Frame, picturesPending: Bool) { text.shown(frame, picturesPending: picturesPending) }
}
