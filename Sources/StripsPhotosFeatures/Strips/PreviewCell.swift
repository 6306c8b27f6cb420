import StripsCore

/// A preview cell as drawn: its frame, the picture's rectangle and the clip.
public struct PreviewCell: Hashable, Sendable {
    public var cell: Cell
    public var picture: Rect
    public var clip: Rect
    /// The zoom it is drawn at: 1 at fit.
    public var zoom = 1.0

    public var index: Int { cell.index }
    public var frame: Rect { cell.frame }
    public var alpha: Double { cell.alpha }

    package init(cell: Cell, picture: Rect, clip: Rect, zoom: Double = 1.0) {
        self.cell = cell
        self.picture = picture
        self.clip = clip
        self.zoom = zoom
    }
}
