/// The small strip (Photos article, features 2-4): thumbnails centred by side insets, the one at
/// the centre widened to its page's aspect ratio, its neighbours pushed aside.
///
/// Only the cells near the viewport are computed, and the push on each comes from the (at most
/// a few) expanding cells, not from a reduction over the whole document, so a frame costs the
/// same at 10 pages and at 100,000.
public struct ThumbnailLayout: CollectionLayout {
    public var pageAspects: [Double]
    /// Sizes, spacings and the aspect clamp; the scene sets them when the tuning changes.
    public var tuning = Tuning.defaults.thumbnails
    /// Multiplies every cell's expansion: eases to 0 while the user drags the strip, back to 1 at rest.
    public var expandingRate = ExpandingRate()
    public var slots = SlotMap()
    /// During a move animation the expansion passes from one cell to the other directly,
    /// instead of following the offset through every cell in between.
    public var focusOverride: (from: Int, to: Int, progress: Double)?
    public var viewport = Size.zero

    public init(pageAspects: [Double]) { self.pageAspects = pageAspects }

    public var axis: Axis { .horizontal }
    public var itemCount: Int { pageAspects.count }
    public var itemSize: Size { Self.restingSize(stripHeight: viewport.height, ratio: tuning.restingWidthRatio) }
    /// One resting cell plus its spacing: the distance between neighbouring slots.
    public var pitch: Double { itemSize.width + tuning.spacing }
    /// Lets the first and last cells reach the centre.
    public var sideInset: Double { Self.sideInset(stripWidth: viewport.width, itemWidth: itemSize.width) }
    public var leadingInset: Double { sideInset }
    public var trailingInset: Double { sideInset }

    // The strip's geometry, shared with the article's re-implementation in the benchmark.
    public static func restingSize(stripHeight: Double, ratio: Double) -> Size {
        Size(width: stripHeight * ratio, height: stripHeight)
    }

    public static func sideInset(stripWidth: Double, itemWidth: Double) -> Double { (stripWidth - itemWidth) / 2 }

    public static func contentWidth(count: Int, itemWidth: Double, spacing: Double) -> Double {
        let n = Double(count)
        return max(0, n * itemWidth + (n - 1) * spacing)
    }

    /// Does not change with the expansion: the strip never jumps while cells breathe.
    public var contentLength: Double { Self.contentWidth(count: itemCount, itemWidth: itemSize.width, spacing: tuning.spacing) }

    /// The slot (fractional index) centred by content offset `offset`.
    public func position(atOffset offset: Double) -> Double {
        pitch > 0 ? (offset + sideInset) / pitch : 0
    }

    public func offset(atPosition slot: Double) -> Double { slot * pitch - sideInset }

    public func cell(at index: Int, offset: Double) -> ThumbnailCell {
        let aspect = pageAspects[index].clamped(to: tuning.aspectMin...max(tuning.aspectMin, tuning.aspectMax))
        let dims = ThumbnailCell.Dimensions(
            defaultSize: itemSize, aspectRatio: aspect, spacing: tuning.spacing, focusedSpacing: tuning.focusedSpacing)
        return ThumbnailCell(index: index, dims: dims, state: .resting)
            .expanded(expanding(of: index, offset: offset))
            .transitioned(slots.transition(index))
    }

    /// expanding = 1 - |cellOffset - offset| / (itemWidth + spacing) near the centre, times the rate.
    public func expanding(of index: Int, offset: Double) -> Double {
        if let focus = focusOverride {
            let e = index == focus.to ? focus.progress : index == focus.from ? 1 - focus.progress : 0
            return e * expandingRate.value
        }
        let distance = abs(slots.slot(of: index) - position(atOffset: offset))
        return max(0, 1 - distance) * expandingRate.value
    }

    /// Cells that may be expanded right now: the two around the centre, plus any in a transition
    /// or a focus override. Everything else rests.
    private func expandingCells(offset: Double) -> [ThumbnailCell] {
        var candidates = Set<Int>()
        let centre = position(atOffset: offset)
        if let range = slots.indices(near: (centre - 1)...(centre + 1), count: itemCount) {
            candidates.formUnion(range)
        }
        if let focus = focusOverride { candidates.formUnion([focus.from, focus.to]) }
        return candidates.filter { pageAspects.indices.contains($0) }.sorted()
            .map { cell(at: $0, offset: offset) }.filter { $0.state.expanding > 0 }
    }

    public func attributes(at index: Int, offset: Double) -> LayoutAttributes? {
        guard pageAspects.indices.contains(index) else { return nil }
        return attributes(of: cell(at: index, offset: offset), pushedBy: expandingCells(offset: offset))
    }

    private func attributes(of cell: ThumbnailCell, pushedBy expanding: [ThumbnailCell]) -> LayoutAttributes {
        let restingCenter = slots.slot(of: cell.index) * pitch + itemSize.width / 2
        let shift = expanding.reduce(0.0) { total, other in
            if other.index == cell.index { return total }
            return total + (cell.index < other.index ? -other.push : other.push)
        }
        let size = cell.size
        let frame = Rect(center: Point(x: restingCenter, y: itemSize.height / 2), size: size)
        return LayoutAttributes(
            index: cell.index, frame: frame, transform: Transform(translation: Point(x: shift, y: 0)),
            alpha: cell.state.transition.visibility)
    }

    public func attributes(in rect: Rect, offset: Double) -> [LayoutAttributes] {
        guard pitch > 0 else { return [] }
        let expanding = expandingCells(offset: offset)
        let first = rect.minX / pitch, last = rect.maxX / pitch
        // Pushes move cells away from the expanding ones. A cell resting outside the rect can only
        // be pushed into it by an expanding cell on its far side, so widen each side by those
        // pushes alone: with the focus in view (the usual case) nothing is widened.
        let leftReach = expanding.filter { slots.slot(of: $0.index) < first }.reduce(0.0) { $0 + $1.push } / pitch
        let rightReach = expanding.filter { slots.slot(of: $0.index) > last }.reduce(0.0) { $0 + $1.push } / pitch
        guard let indices = slots.indices(near: (first - leftReach)...(last + rightReach), count: itemCount) else { return [] }
        // An expanded cell is wider than a slot: it may reach in from beyond the margin.
        var result: [LayoutAttributes] = []
        result.reserveCapacity(indices.count + expanding.count)
        for cell in expanding where cell.index < indices.lowerBound { result.append(attributes(of: cell, pushedBy: expanding)) }
        for index in indices { result.append(attributes(of: cell(at: index, offset: offset), pushedBy: expanding)) }
        for cell in expanding where cell.index > indices.upperBound { result.append(attributes(of: cell, pushedBy: expanding)) }
        return result.filter { $0.drawnFrame.intersects(rect) }
    }
}
