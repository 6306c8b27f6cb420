import StripsCore
import StripsDesktop
import StripsSDL

/// Ctrl+O's errand: the desktop's file chooser, polled each frame (the window keeps drawing
/// while it is open), its answer the scene's `filesChosen`. A script has no desktop to ask: the
/// answer is a line saying so (`drop PATH` adds files in a script).
final class FileOpener {
    private let live: Bool
    private var chooser: FileChooser?

    init(live: Bool) { self.live = live }

    func start(folder: String?) -> [HostEvent] {
        guard live else { return [.openFailed("No file chooser in a script: 'drop PATH' adds files")] }
        guard chooser == nil else { return [] }
        chooser = FileChooser(.open(title: "Open pictures and PDFs", folder: folder))
        return poll()
    }

    func poll() -> [HostEvent] {
        guard let answer = chooser?.poll() else { return [] }
        chooser = nil
        switch answer {
        case .chosen(let paths): return [.filesChosen(paths)]
        case .cancelled: return [.filesChosen([])]
        case .unavailable(let line):
            FileHandleOutput.standardError("strips: \(line)")
            return [.openFailed("Cannot open files: \(line); drop them on the window instead")]
        }
    }
}
