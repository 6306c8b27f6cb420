import StripsCore
import StripsPhotosFeatures
import StripsDesktop

/// The desktop's file chooser as Ctrl+O's and Ctrl+S's errands see it: asked to open on a
/// folder, or where to save, then polled until it answers. Behind a protocol so the opener's and
/// the saver's tests stand a fake in for the portal.
public protocol FileChoosing {
    /// A chooser starts asking for pictures and PDFs to open, from `folder` when given.
    func open(folder: String?) -> any ChooserSession
    /// A chooser starts asking where to save, titled `title`, offering `suggested`.
    func save(title: String, suggested: String) -> any ChooserSession
}

/// One chooser asked: nil while it is open, then how it ended.
public protocol ChooserSession {
    func poll() -> ChooserAnswer?
}

/// The desktop's own (`FileChooser`: the portal's, else zenity or kdialog).
public struct DesktopChooser: FileChoosing {
    public init() {}
    public func open(folder: String?) -> any ChooserSession { FileChooser(.open(title: tr("Open pictures and PDFs"), folder: folder)) }
    public func save(title: String, suggested: String) -> any ChooserSession { FileChooser(.save(title: title, suggested: suggested)) }
}

extension FileChooser: ChooserSession {}

/// Ctrl+O's errand: the chooser, polled each frame (the window keeps drawing while it is open),
/// its answer the scene's `filesChosen`. A script has no desktop to ask (`chooser` nil): the
/// answer is a line saying so (`drop PATH` adds files in a script).
public final class FileOpener {
    private let chooser: (any FileChoosing)?
    private let say: (String) -> Void
    private var asking: (any ChooserSession)?

    /// `say`: where the one line goes when no chooser can open (standard error).
    public init(chooser: (any FileChoosing)?, say: @escaping (String) -> Void) {
        self.chooser = chooser
        self.say = say
    }

    public func start(folder: String?) -> [HostEvent] {
        guard let chooser else { return [.openFailed(HostMessage(trLater("No file chooser in a script: 'drop PATH' adds files")))] }
        guard asking == nil else { return [] }
        asking = chooser.open(folder: folder)
        return poll()
    }

    public func poll() -> [HostEvent] {
        guard let answer = asking?.poll() else { return [] }
        asking = nil
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
    public func run(_ request: ChooseFiles) -> [HostEvent] { start(folder: request.folder) }
}
