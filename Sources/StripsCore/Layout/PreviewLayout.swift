/// The big strip: one page per viewport, parallax while paging (Photos article, feature 1).
public struct PreviewLayout: CollectionLayout {
    public var pageAspects: [Double]
    /// Parallax spacing ("offsetBetweenCells"), the picture's lag and the collapsed scale; the
    /// scene sets them when the tuning changes.
    public var tuning = Tuning.defaults.preview
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
        let scale = tuning.collapsedScale.lerp(to: 1, t.visibility)
        if abs(relative) < 1 {
            attributes.parallax = relative
            attributes.transform = Transform(translation: Point(x: relative * tuning.parallaxSpacing, y: 0), scale: scale)
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
        let shift = -tuning.pictureParallax * pageWidth * (parallax ?? 0)
        return pictureClip(index: index, cell: cell).offsetBy(dx: shift, dy: 0)
    }

    /// The picture is clipped to its own aspect-fit rectangle, not the cell, so it slides
    /// inside a fixed window.
    public func pictureClip(index: Int, cell: Rect) -> Rect { cell.aspectFit(pageAspects[index]) }
}
