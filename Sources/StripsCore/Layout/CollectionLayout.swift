/// The UICollectionViewLayout hooks, as the articles lean on them. A layout is a value: the strip
/// hands it the current bounds (origin = content offset) in `prepare`, then asks for attributes.
/// Bounds change on every scroll, so `prepare` runs every frame; it must stay cheap.
public protocol CollectionLayout: Sendable {
    var itemCount: Int { get }

    /// Recomputes what depends on the bounds: the content offset is `bounds.origin`.
    mutating func prepare(bounds: Rect)

    var contentSize: Size { get }

    /// Attributes of the elements intersecting `rect` (content coordinates), only those.
    func attributes(in rect: Rect) -> [LayoutAttributes]

    func attributes(at index: Int) -> LayoutAttributes?

    /// Where a fling that would naturally stop at `proposed` should stop instead (snapping).
    func targetContentOffset(proposed: Double, velocity: Double) -> Double

    /// The offset that keeps the right item in view after the bounds' size changed (rotation).
    func targetContentOffset(forBoundsChange proposed: Double) -> Double
}
