/// The big strip: one page per viewport, parallax while paging (Photos article, feature 1).
public struct PreviewLayout: CollectionLayout {
    /// How far apart neighbouring pages drift while paging ("offsetBetweenCells").
    public static let parallaxSpacing = 44.0
    /// How far the picture lags behind its cell, in viewport widths per page of travel.
    public static let pictureParallax = 0.3
    /// A deleted page shrinks to this scale as it fades.
    public static let collapsedScale = 0.85

    public var pageAspects: [Double]
    public var slots = SlotMap()
    public var viewport = Size.zero

    public init(pageAspects: [Double]) { self.pageAspects = pageAspects }

    public var axis: Axis { .horizontal }
    public var itemCount: Int { pageAspects.count }
    private var pageWidth: Double { viewport.width }
    public var contentLength: Double { Double(itemCount) * pageWidth }
    public var leadingInset: Double { 0 }
    public var trailingInset: Double { 0 }

    /// The page position (0 = first page centred) that `offset` shows.
    public func position(atOffset offset: Double) -> Double { pageWidth > 0 ? offset / pageWidth : 0 }

    /// The offset that shows page `position` (fractional positions sit between pages).
    public func offset(atPosition position: Double) -> Double { position * pageWidth }

    public func attributes(at index: Int, offset: Double) -> LayoutAttributes? {
        guard pageAspects.indices.contains(index), pageWidth > 0 else { return nil }
        let frame = Rect(x: slots.slot(of: index) * pageWidth, y: 0, width: pageWidth, height: viewport.height)
        let relative = (frame.midX - offset - pageWidth / 2) / pageWidth
        let t = slots.transition(index)
        var attributes = LayoutAttributes(index: index, frame: frame, alpha: t.visibility)
        let scale = Self.collapsedScale.lerp(to: 1, t.visibility)
        if abs(relative) < 1 {
            attributes.parallax = relative
            attributes.transform = Transform(translation: Point(x: relative * Self.parallaxSpacing, y: 0), scale: scale)
        } else {
            attributes.transform = Transform(scale: scale)
        }
        return attributes
    }

    public func attributes(in rect: Rect, offset: Double) -> [LayoutAttributes] {
        guard pageWidth > 0,
              let range = slots.indices(near: (rect.minX / pageWidth)...(rect.maxX / pageWidth), count: itemCount)
        else { return [] }
        return range.compactMap { attributes(at: $0, offset: offset) }.filter { $0.drawnFrame.intersects(rect) }
    }

    /// Where the picture of page `index` is drawn in its drawn cell: aspect-fit, shifted against
    /// the scroll by its parallax.
    public func pictureFrame(index: Int, cell: Rect, parallax: Double?) -> Rect {
        let shift = -Self.pictureParallax * pageWidth * (parallax ?? 0)
        return pictureClip(index: index, cell: cell).offsetBy(dx: shift, dy: 0)
    }

    /// The picture is clipped to its own aspect-fit rectangle, not the cell, so it slides
    /// inside a fixed window.
    public func pictureClip(index: Int, cell: Rect) -> Rect { cell.aspectFit(pageAspects[index]) }
}
