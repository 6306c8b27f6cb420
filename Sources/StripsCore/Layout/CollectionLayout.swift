/// The UICollectionViewLayout hooks the articles lean on, as a value that is pure: a layout keeps
/// only what changes on a resize, an edit or a tuning change (viewport size, item count, its part
/// of the tuning) and answers every query *at* an offset and *for* a content: the items' shapes
/// and whatever an animation does to them at this instant (`Content`), which the scene derives
/// and passes in. Nothing has to be told that the strip scrolled or that an animation advanced,
/// so no layout pass can be forgotten and no layout holds animation state.
public protocol CollectionLayout: Sendable {
    /// What the scene passes into each query besides the offset.
    associatedtype Content: Sendable

    /// The strip's size in points; changes on a resize only.
    var viewport: Size { get set }
    var axis: Axis { get }
    var itemCount: Int { get }

    /// The scrollable length along the axis, without the insets.
    var contentLength: Double { get }
    /// Room before the first and after the last item, so both ends can reach the centre.
    var leadingInset: Double { get }
    var trailingInset: Double { get }

    /// The item position (a fractional index) that `offset` shows, and back: the strip's own
    /// coordinate for "which item", used by snapping, synchronising and resizing.
    func position(atOffset offset: Double) -> Double
    func offset(atPosition position: Double) -> Double

    /// Elements meeting `rect` (content coordinates) while the strip is scrolled to `offset`.
    func attributes(in rect: Rect, offset: Double, content: Content) -> [LayoutAttributes]
    func attributes(at index: Int, offset: Double, content: Content) -> LayoutAttributes?
}

extension CollectionLayout {
    /// The visible rectangle in content coordinates at `offset`: UIScrollView's bounds.
    public func bounds(at offset: Double) -> Rect {
        axis == .horizontal
            ? Rect(x: offset, y: 0, width: viewport.width, height: viewport.height)
            : Rect(x: 0, y: offset, width: viewport.width, height: viewport.height)
    }

    /// The content's size: the scrollable length along the axis, the viewport across it.
    public var contentSize: Size {
        axis == .horizontal ? Size(width: contentLength, height: viewport.height) : Size(width: viewport.width, height: contentLength)
    }

    public var viewportLength: Double { axis == .horizontal ? viewport.width : viewport.height }

    /// The item nearest `position`, within the document (0 when there are none).
    public func nearestIndex(toPosition position: Double) -> Int {
        guard itemCount > 0, position.isFinite else { return 0 }
        return Int(saturating: position.rounded().clamped(to: 0...Double(itemCount - 1)))
    }

    public func nearestIndex(atOffset offset: Double) -> Int { nearestIndex(toPosition: position(atOffset: offset)) }
}
