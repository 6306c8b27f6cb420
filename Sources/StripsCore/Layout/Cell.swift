/// An element of a strip as drawn, in window points: one type for every strip's cells and
/// supplementary elements (the pizza captions), made by `Strip.cells(in:)` from the layout's
/// attributes at the strip's offset.
public struct Cell: Hashable, Sendable {
    public var kind: LayoutAttributes.Kind
    public var index: Int
    /// Where it is drawn, every transform applied.
    public var frame: Rect
    public var alpha: Double
    public var scale: Double
    public var z: Int
    /// The preview strip's parallax (distance from the centre in viewport widths), nil elsewhere.
    public var parallax: Double?

    public var isCell: Bool { kind == .cell }
}
