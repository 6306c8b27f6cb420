import StripsCore
import StripsDesktop

/// Ctrl+O's errand: the desktop's file chooser, polled each frame (the window keeps drawing
/// while it is open), its answer the scene's `filesChosen`. A script has no desktop to ask: the
/// answer is a line saying so (`drop PATH` adds files in a script).
public final class FileOpener {
    private let live: Bool
    private let say: (String) -> Void
    private var chooser: FileChooser?

    /// `say`: where the one line goes when no chooser can open (standard error).
    public init(live: Bool, say: @escaping (String) -> Void) {
        self.live = live
        self.say = say
    }

    public func start(folder: String?) -> [HostEvent] {
        guard live else { return [.openFailed(HostMessage(trLater("No file chooser in a script: 'drop PATH' adds files")))] }
        guard chooser == nil else { return [] }
        chooser = FileChooser(.open(title: tr("Open pictures and PDFs"), folder: folder))
        return poll()
    }

    public func poll() -> [HostEvent] {
        guard let answer = chooser?.poll() else { return [] }
        chooser = nil
        switch answer {
        case .chosen(let paths): return [.filesChosen(paths)]
        case .cancelled: return [.filesChosen([])]
        case .unavailable(let line):
            say("strips: \(line)")
            // The desktop's own words for why (a portal's error) stay as it wrote them.
            return [.openFailed(HostMessage(trLater("Cannot open files: %s; drop them on the window instead"), line))]
        }
    }
}

extension FileOpener: FeatureHost {
    public func take(_ effect: Effect) -> [HostEvent]? {
        guard case .chooseFiles(let folder) = effect else { return nil }
        return start(folder: folder)
    }
}
