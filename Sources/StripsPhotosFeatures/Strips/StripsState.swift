import StripsCore

/// The two strips kept in step, the page in focus, and what waits for them to rest.
public struct StripsState: Sendable {
    /// The page in focus, an index into the pages shown (the document's, or the fuller of the two
    /// while an edit animates); -1 when there are none. Kept as an index, not derived from the
    /// offsets, so a window resized to nothing still knows it.
    public var focusIndex: Int
    /// Commands asked for while an edit animates or the pointer drags, run in order once it ends.
    public var queue: [EditorCommand] = []
    public var preview = Strip(PreviewLayout(itemCount: 0), snapping: Snapping(.paging))
    public var thumbnails = Strip(ThumbnailLayout(itemCount: 0), snapping: Snapping(.nearestItem))
    /// The thumbnails' expanding rate (0 while the user scrolls them), passed into their layout.
    public var expanding = ExpandingRate()

    public init(focusIndex: Int) { self.focusIndex = focusIndex }
}
