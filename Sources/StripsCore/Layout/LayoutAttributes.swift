/// What a layout says about one element: UICollectionViewLayoutAttributes as a value.
/// `frame` is in content coordinates, before `transform`.
public struct LayoutAttributes: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case cell
        /// Supplementary elements, such as the pizza captions.
        case supplementary(String)
    }

    public var kind: Kind
    public var index: Int
    public var frame: Rect
    public var transform: Transform
    public var alpha: Double
    public var zIndex: Int
    /// The preview strip's parallax: the cell's distance from the centre in viewport widths,
    /// nil once it is a whole page away.
    public var parallax: Double?

    public init(kind: Kind = .cell, index: Int, frame: Rect, transform: Transform = .identity,
                alpha: Double = 1, zIndex: Int = 0, parallax: Double? = nil) {
        self.kind = kind
        self.index = index
        self.frame = frame
        self.transform = transform
        self.alpha = alpha
        self.zIndex = zIndex
        self.parallax = parallax
    }

    /// Where the element is drawn, transform applied.
    public var drawnFrame: Rect { transform.apply(to: frame) }
}
