import StripsCore
import StripsSDL

/// What the Photos scene's effects become on this machine: saves by the `DocumentSaver`, dropped
/// files read as pages. Recording is the window's (or the headless run's) own; text recognition
/// and scanning have no engine here yet and answer so.
final class PhotosHost: EffectHost {
    private let saver: DocumentSaver

    init(saver: DocumentSaver) { self.saver = saver }

    func run(_ effect: Effect) -> [HostEvent] {
        switch effect {
        case .save(let request):
            return saver.start(request)
        case .load(let paths):
            return [.pagesLoaded(DroppedFiles.pages(for: paths) { FileHandleOutput.standardError($0) })]
        case .scan:
            return [.scan(.ended(pages: 0, end: .fault("Scanning is not available in this build")))]
        case .recognise, .toggleRecording, .cancelScan, .findScanners, .describeScanner, .recoverScans, .discardScans:
            return []
        }
    }

    func poll() -> [HostEvent] { saver.poll() }
}
