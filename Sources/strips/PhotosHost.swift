import StripsCore
import StripsPictures
import StripsSDL

/// What the Photos scene's effects become on this machine: saves by the `DocumentSaver`, dropped
/// files read as pages. Recording is the window's (or the headless run's) own; text recognition
/// and scanning have no engine here yet and answer so.
final class PhotosHost: EffectHost {
    private let saver: DocumentSaver
    /// The document's reader: dropped files join the catalog of files it opened.
    private let reader: PageReader
    private let borders: BorderFinder

    init(saver: DocumentSaver, reader: PageReader, live: Bool) {
        self.saver = saver
        self.reader = reader
        borders = BorderFinder(reader: reader, live: live)
    }

    func run(_ effect: Effect) -> [HostEvent] {
        switch effect {
        case .save(let request):
            return saver.start(request)
        case .load(let paths):
            return [.pagesLoaded(DroppedFiles.pages(for: paths, reader: reader) { FileHandleOutput.standardError($0) })]
        case .scan:
            return [.scanFailed("Scanning is not available in this build")]
        case .findBorders(let request):
            return borders.start(request)
        case .recognise, .toggleRecording:
            return []
        }
    }

    func poll() -> [HostEvent] { saver.poll() + borders.poll() }
}
