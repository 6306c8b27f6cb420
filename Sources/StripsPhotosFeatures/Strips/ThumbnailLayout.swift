import StripsCore

/// The small strip (Photos article, features 2-4): thumbnails centred by side insets, the one at
/// the centre widened to its page's aspect ratio, its neighbours pushed aside.
///
/// Only the cells near the viewport are computed, and the push on each comes from the (at most
/// a few) expanding cells, not from a reduction over the whole document, so a frame costs the
/// same at 10 pages and at 100,000.
public struct ThumbnailLayout: CollectionLayout {
    /// The pages' shapes, the slots of an animation, the expanding rate and the focus override.
    public typealias Content = PageStripContent

    public var itemCount: Int
    /// Sizes, spacings and the aspect clamp: the scene's tuning, set where it lays the strips out.
    public var tuning = Tuning.defaults.thumbnails
    public var viewport = Size.zero

    public init(itemCount: Int) { self.itemCount = itemCount }

    public var axis: Axis { .horizontal }
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

    public func cell(at index: Int, offset: Double, content: Content) -> ThumbnailCell {
        let aspect = content.aspects[index].clamped(to: tuning.aspectMin...max(tuning.aspectMin, tuning.aspectMax))
        let dims = ThumbnailCell.Dimensions(
            defaultSize: itemSize, aspectRatio: aspect, spacing: tuning.spacing, focusedSpacing: tuning.focusedSpacing)
        return ThumbnailCell(index: index, dims: dims, state: .resting)
            .expanded(expanding(of: index, offset: offset, content: content))
            .transitioned(content.slots.transition(index))
    }

    /// expanding = 1 - |cellOffset - offset| / (itemWidth + spacing) near the centre, times the rate.
    public func expanding(of index: Int, offset: Double, content: Content) -> Double {
        if let focus = content.focusOverride {
            let e = index == focus.to ? focus.progress : index == focus.from ? 1 - focus.progress : 0
            return e * content.expandingRate
        }
        let distance = abs(content.slots.slot(of: index) - position(atOffset: offset))
        return max(0, 1 - distance) * content.expandingRate
    }

    /// Cells that may be expanded right now: the two around the centre, plus any in a transition
    /// or a focus override. Everything else rests.
    private func expandingCells(offset: Double, content: Content) -> [ThumbnailCell] {
        // A few indices: an array, not a set (this runs for every frame).
        var candidates: [Int] = []
        let centre = position(atOffset: offset)
        if let range = content.slots.indices(near: (centre - 1)...(centre + 1), count: content.aspects.count) {
            candidates.append(contentsOf: range)
        }
        if let focus = content.focusOverride {
            for index in [focus.from, focus.to] where !candidates.contains(index) { candidates.append(index) }
        }
        return candidates.sorted().compactMap { index in
            guard content.aspects.indices.contains(index) else { return nil }
            let cell = cell(at: index, offset: offset, content: content)
            return cell.state.expanding > 0 ? cell : nil
        }
    }

    public func attributes(at index: Int, offset: Double, content: Content) -> LayoutAttributes? {
        guard content.aspects.indices.contains(index) else { return nil }
        return attributes(of: cell(at: index, offset: offset, content: content), pushedBy: expandingCells(offset: offset, content: content),
                          slots: content.slots)
    }

    private func attributes(of cell: ThumbnailCell, pushedBy expanding: [ThumbnailCell], slots: SlotMap) -> LayoutAttributes {
        let restingCenter = slots.slot(of: cell.index) * pitch + itemSize.width / 2
        let shift = expanding.reduce(0.0) { total, other in
            if other.index == cell.index { return total }
            return total + (slots.precedes(cell.index, other.index) ? -other.push : other.push)
        }
        let size = cell.size
        let frame = Rect(center: Point(x: restingCenter, y: itemSize.height / 2), size: size)
        // A carried thumbnail is lifted: a little larger, above the others.
        let lifted = slots.reorder.flatMap { $0.moving == cell.index ? $0.lift : nil }
        return LayoutAttributes(
            index: cell.index, frame: frame, transform: Transform(translation: Point(x: shift, y: 0), scale: lifted ?? 1),
            alpha: cell.state.transition.visibility, zIndex: lifted == nil ? 0 : 1)
    }

    public func attributes(in rect: Rect, offset: Double, content: Content) -> [LayoutAttributes] {
        guard pitch > 0 else { return [] }
        let slots = content.slots
        let expanding = expandingCells(offset: offset, content: content)
        let first = rect.minX / pitch, last = rect.maxX / pitch
        // Pushes move cells away from the expanding ones. A cell resting outside the rect can only
        // be pushed into it by an expanding cell on its far side, so widen each side by those
        // pushes alone: with the focus in view (the usual case) nothing is widened.
        let leftReach = expanding.filter { slots.slot(of: $0.index) < first }.reduce(0.0) { $0 + $1.push } / pitch
        let rightReach = expanding.filter { slots.slot(of: $0.index) > last }.reduce(0.0) { $0 + $1.push } / pitch
        guard let indices = slots.indices(near: (first - leftReach)...(last + rightReach), count: content.aspects.count) else { return [] }
        // An expanded cell is wider than a slot: it may reach in from beyond the margin.
        var result: [LayoutAttributes] = []
        result.reserveCapacity(indices.count + expanding.count)
        for cell in expanding where cell.index < indices.lowerBound { result.append(attributes(of: cell, pushedBy: expanding, slots: slots)) }
        for index in indices {
            result.append(attributes(of: cell(at: index, offset: offset, content: content), pushedBy: expanding, slots: slots))
        }
        for cell in expanding where cell.index > indices.upperBound { result.append(attributes(of: cell, pushedBy: expanding, slots: slots)) }
        // A carried cell (or cells moved together) may be anywhere, and is drawn last, on top.
        for moving in slots.moving where content.aspects.indices.contains(moving) {
            result.removeAll { $0.index == moving }
            result.append(attributes(of: cell(at: moving, offset: offset, content: content), pushedBy: expanding, slots: slots))
        }
        return result.filter { $0.drawnFrame.intersects(rect) }
    }
}
