/// What the two Photos strips lay out at one instant, passed into every layout query: the shapes
/// of the pages shown and where an animation has them. The scene derives it from the document
/// and what the user is doing (`PhotosScene.content(at:)`); no layout keeps any of it.
public struct PageStripContent: Hashable, Sendable {
    /// Each page's width / height as shown (a turning page's shape mid-turn).
    public var aspects: [Double]
    /// Where cells sit while pages are deleted, inserted or moved.
    public var slots: SlotMap
    /// Thumbnails: multiplies every cell's expansion; 0 while the user drags the strip.
    public var expandingRate: Double
    /// Thumbnails: during a glide the expansion passes from one cell to the other directly,
    /// instead of following the offset through every cell in between.
    public var focusOverride: FocusOverride?

    public init(aspects: [Double], slots: SlotMap = SlotMap(), expandingRate: Double = 1, focusOverride: FocusOverride? = nil) {
        self.aspects = aspects
        self.slots = slots
        self.expandingRate = expandingRate
        self.focusOverride = focusOverride
    }
}

/// The thumbnail expansion going from cell `from` (1 - progress) to cell `to` (progress).
public struct FocusOverride: Hashable, Sendable {
    public var from: Int
    public var to: Int
    public var progress: Double

    public init(from: Int, to: Int, progress: Double) {
        self.from = from
        self.to = to
        self.progress = progress
    }
}
