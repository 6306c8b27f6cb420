import StripsCore

/// A layout, the offset it is asked at and the content it lays out: the old "prepared bounds"
/// tests read layouts through.
public struct LayoutAt<L: CollectionLayout> {
    public var layout: L
    public var offset: Double
    public var content: L.Content

    public init(_ layout: L, offset: Double, content: L.Content) {
        self.layout = layout
        self.offset = offset
        self.content = content
    }

    public var bounds: Rect { layout.bounds(at: offset) }
    public var contentSize: Size { layout.contentSize }
    public func attributes(at index: Int) -> LayoutAttributes? { layout.attributes(at: index, offset: offset, content: content) }
    public func attributes(in rect: Rect) -> [LayoutAttributes] { layout.attributes(in: rect, offset: offset, content: content) }

    /// Where a nearest-item strip rests a fling whose deceleration would end at `proposed`.
    public func restingOffset(proposed: Double) -> Double? {
        Snapping(.nearestItem).restingOffset(after: .stop, from: proposed, decelerationRate: Tuning.defaults.scroll.fastDeceleration, layout: layout)
    }
}
