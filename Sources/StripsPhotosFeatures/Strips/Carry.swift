/// The editor's two strips.
public enum EditorStrip: Hashable, Sendable {
    /// The big one: one page per viewport, parallax while paging.
    case preview
    /// The thumbnails along the bottom.
    case thumbnails
}

/// A thumbnail lifted by a press and hold, following the pointer.
public struct Carry: Hashable, Sendable {
    /// The page carried.
    public var moving: Int
    /// The pointer's x in the window, and where on the cell it holds it (so the cell does not jump).
    public var pointerX: Double
    public var grab: Double
    public var liftStart: Double
    /// The gap eases to each new target slot.
    public var gapFrom: Double
    public var gapTo: Double
    public var gapStart: Double
}
