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
    public private(set) var bounds = Rect.zero

    public init(pageAspects: [Double]) { self.pageAspects = pageAspects }

    public var itemCount: Int { pageAspects.count }
    private var pageWidth: Double { bounds.width }

    public mutating func prepare(bounds: Rect) { self.bounds = bounds }

    public var contentSize: Size {
        Size(width: Double(itemCount) * pageWidth, height: bounds.height)
    }

    public func attributes(at index: Int) -> LayoutAttributes? {
        guard pageAspects.indices.contains(index), pageWidth > 0 else { return nil }
        let x = slots.slot(of: index) * pageWidth
        let frame = Rect(x: x, y: 0, width: pageWidth, height: bounds.height)
        let distanceToCenter = frame.midX - bounds.minX
        let relative = (distanceToCenter - pageWidth / 2) / pageWidth
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

    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        guard pageWidth > 0,
              let range = slots.indices(near: (rect.minX / pageWidth)...(rect.maxX / pageWidth), count: itemCount)
        else { return [] }
        return range.compactMap { attributes(at: $0) }.filter { $0.drawnFrame.intersects(rect) }
    }

    /// Paging is the scroll view's; the layout only names the page boundary nearest `proposed`.
    public func targetContentOffset(proposed: Double, velocity: Double) -> Double {
        guard pageWidth > 0 else { return 0 }
        return (proposed / pageWidth).rounded() * pageWidth
    }

    public func targetContentOffset(forBoundsChange proposed: Double) -> Double { proposed }

    /// The offset that shows page `index` (fractional indices sit between pages).
    public func offset(forPage index: Double) -> Double { index * pageWidth }

    /// The page position (0 = first page centred) that `offset` shows.
    public func page(forOffset offset: Double) -> Double {
        pageWidth > 0 ? offset / pageWidth : 0
    }

    /// Where the picture is drawn in a drawn cell: aspect-fit, shifted against the scroll.
    public func pictureFrame(for attributes: LayoutAttributes) -> Rect {
        let fitted = attributes.drawnFrame.aspectFit(pageAspects[attributes.index])
        let shift = -Self.pictureParallax * pageWidth * (attributes.parallax ?? 0)
        return fitted.offsetBy(dx: shift, dy: 0)
    }

    /// The picture is clipped to its own aspect-fit rectangle, not the cell, so it slides
    /// inside a fixed window.
    public func pictureClip(for attributes: LayoutAttributes) -> Rect {
        attributes.drawnFrame.aspectFit(pageAspects[attributes.index])
    }
}
