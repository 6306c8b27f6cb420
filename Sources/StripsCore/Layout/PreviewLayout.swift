/// The big strip: one page per viewport, parallax while paging (Photos article, feature 1).
public struct PreviewLayout: CollectionLayout {
    public typealias Content = PageStripContent

    public var itemCount: Int
    /// Parallax spacing ("offsetBetweenCells"), the picture's lag and the collapsed scale: the
    /// scene's tuning, set where it lays the strips out.
    public var tuning = Tuning.defaults.preview
    public var viewport = Size.zero

    public init(itemCount: Int) { self.itemCount = itemCount }

    public var axis: Axis { .horizontal }
    private var pageWidth: Double { viewport.width }
    public var contentLength: Double { Double(itemCount) * pageWidth }
    public var leadingInset: Double { 0 }
    public var trailingInset: Double { 0 }

    /// The page position (0 = first page centred) that `offset` shows.
    public func position(atOffset offset: Double) -> Double { pageWidth > 0 ? offset / pageWidth : 0 }

    /// The offset that shows page `position` (fractional positions sit between pages).
    public func offset(atPosition position: Double) -> Double { position * pageWidth }

    public func attributes(at index: Int, offset: Double, content: Content) -> LayoutAttributes? {
        guard content.aspects.indices.contains(index), pageWidth > 0 else { return nil }
        let frame = Rect(x: content.slots.slot(of: index) * pageWidth, y: 0, width: pageWidth, height: viewport.height)
        let relative = (frame.midX - offset - pageWidth / 2) / pageWidth
        let t = content.slots.transition(index)
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

    public func attributes(in rect: Rect, offset: Double, content: Content) -> [LayoutAttributes] {
        guard pageWidth > 0,
              let range = content.slots.indices(near: (rect.minX / pageWidth)...(rect.maxX / pageWidth), count: content.aspects.count)
        else { return [] }
        var indices = Array(range)
        // Pages being moved may come from anywhere, and pass over the others.
        let moving = content.slots.moving.filter { content.aspects.indices.contains($0) }
        indices.removeAll { moving.contains($0) }
        indices += moving
        return indices.compactMap { attributes(at: $0, offset: offset, content: content) }.filter { $0.drawnFrame.intersects(rect) }
    }

    /// Where the picture of a page of shape `aspect` is drawn in its drawn cell: aspect-fit,
    /// shifted against the scroll by its parallax.
    public func pictureFrame(aspect: Double, cell: Rect, parallax: Double?) -> Rect {
        let shift = -tuning.pictureParallax * pageWidth * (parallax ?? 0)
        return pictureClip(aspect: aspect, cell: cell).offsetBy(dx: shift, dy: 0)
    }

    /// The picture is clipped to its own aspect-fit rectangle, not the cell, so it slides
    /// inside a fixed window.
    public func pictureClip(aspect: Double, cell: Rect) -> Rect { cell.aspectFit(aspect) }
}
