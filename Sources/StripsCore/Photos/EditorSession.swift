/// The editor's state beyond the strips: a thumbnail being carried, the page counter's clock,
/// what was saved, and the prompts. The core has no clock: every time here is a tick's or an
/// event's own timestamp.
public struct EditorSession: Hashable, Sendable {
    /// When the current press on a thumbnail began, while it may still become a hold.
    var holdStart: Double?
    public internal(set) var reordering: Reordering?
    /// The last tick at which anything moved (nil: nothing has yet).
    var lastMotion: Double?
    var wasMoving = false
    var lastTick = 0.0
    /// The document revision last written to disk (0: as opened).
    public internal(set) var savedRevision = 0
    /// A save asked for and not yet taken by the host.
    var saveRequest: SaveRequest?
    /// A save the host is running: pages done and the total.
    public internal(set) var saving: SaveProgress?
    var status: StatusLine?
    /// The "save before quitting?" prompt is up.
    public internal(set) var isAskingToQuit = false
    /// Quit once the save under way succeeds (the prompt's Save).
    var quitAfterSave = false
}

/// A thumbnail lifted by a press and hold, following the pointer.
public struct Reordering: Hashable, Sendable {
    /// The page carried.
    public var moving: Int
    /// The pointer's x in the window, and where on the cell it holds it (so the cell does not jump).
    var pointerX: Double
    var grab: Double
    var liftStart: Double
    /// The gap eases to each new target slot.
    var gapFrom: Double
    var gapTo: Double
    var gapStart: Double
}

/// What the host should save: the document as it stands when the user asked.
public struct SaveRequest: Hashable, Sendable {
    public var pages: [Page]
    public var revision: Int
}

public struct SaveProgress: Hashable, Sendable {
    public var done: Int
    public var total: Int
}

/// A line over the preview saying what happened ("Saved to ...", why a save failed).
struct StatusLine: Hashable, Sendable {
    var text: String
    var since: Double
}
