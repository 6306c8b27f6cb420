import StripsCore

/// Opening files: Ctrl+O's chooser and files dropped on the window, read as pages.

/// Ctrl+O or the open button: the desktop's file chooser, opened in `folder` (the page in focus's)
/// when given. Answered by `OpenEvent`.
public struct ChooseFiles: FeatureRequest {
    public var folder: String?

    public init(folder: String?) { self.folder = folder }
}

/// The chooser's answer.
public enum OpenEvent: FeatureAnswer {
    /// The files the desktop's chooser returned, in its order (empty: the user cancelled).
    case chosen([String])
    /// No chooser could be shown: why, in one line.
    case failed(HostMessage)
}

/// Read dropped (or chosen) files and folders as pages. Answered by `PagesLoaded`.
public struct LoadFiles: FeatureRequest {
    public var paths: [String]

    public init(paths: [String]) { self.paths = paths }
}

/// Pages read from dropped files, in order (the problems went to standard error).
public struct PagesLoaded: FeatureAnswer {
    public var pages: [Page]

    public init(_ pages: [Page]) { self.pages = pages }
}

extension Effect {
    public static func chooseFiles(folder: String?) -> Effect { Effect(ChooseFiles(folder: folder)) }
    public static func load(paths: [String]) -> Effect { Effect(LoadFiles(paths: paths)) }
}

extension HostEvent {
    public static func filesChosen(_ paths: [String]) -> HostEvent { HostEvent(OpenEvent.chosen(paths)) }
    public static func openFailed(_ message: HostMessage) -> HostEvent { HostEvent(OpenEvent.failed(message)) }
    public static func pagesLoaded(_ pages: [Page]) -> HostEvent { HostEvent(PagesLoaded(pages)) }
}
