import StripsCore
import StripsPhotosFeatures

/// The Photos article's thumbnail layout, re-implemented faithfully for comparison only: it is
/// what `ThumbnailLayout` replaces, kept so `strips bench` can measure the difference.
///
/// As in the article (`layoutAttributesForElements(in:)`), every frame builds a cell for every
/// page (`(0 ..< itemsCount).map { cell(for:offsetX:) }`), applies the per-cell updates
/// (`config.updates[indexPath]`: here the delete/insert transitions and the focus override), and
/// then gives each cell a translation by reducing over *all* the cells
/// (`sideCells.reduce(0) { ... }`): O(N) cells times O(N) each, O(N^2) per frame.
///
/// It shares the cell model (`ThumbnailCell`: sizes, the push with the focused spacing) and the
/// slot arithmetic with `ThumbnailLayout`, so both produce the same frames (ArticleLayoutTests)
/// and the benchmark compares the two algorithms, not two different designs. The one addition
/// to the article is the final filter by `rect`, which UIKit does for the article after the
/// call; it is O(N) and does not change the order of the cost.
public struct ArticleThumbnailLayout: CollectionLayout {
    /// The article's numbers: the comparison runs at the defaults.
    public static let tuning = Tuning.defaults.thumbnails

    /// The pages' shapes, the slots, the expanding rate and the focus override: the same content
    /// as our layout's, passed into every query.
    public typealias Content = PageStripContent

    public var itemCount: Int
    public var viewport = Size.zero

    public init(itemCount: Int) { self.itemCount = itemCount }

    /// The same geometry as one of our layouts, for side-by-side comparisons.
    public init(_ layout: ThumbnailLayout) {
        itemCount = layout.itemCount
        viewport = layout.viewport
    }

    public var axis: Axis { .horizontal }
    public var itemSize: Size { ThumbnailLayout.restingSize(stripHeight: viewport.height, ratio: Self.tuning.restingWidthRatio) }
    /// The article's `itemSize.width + config.distanceBetween`.
    public var widthWithOffset: Double { itemSize.width + Self.tuning.spacing }
    public var sideInset: Double { ThumbnailLayout.sideInset(stripWidth: viewport.width, itemWidth: itemSize.width) }
    public var leadingInset: Double { sideInset }
    public var trailingInset: Double { sideInset }
    public var contentLength: Double { ThumbnailLayout.contentWidth(count: itemCount, itemWidth: itemSize.width, spacing: Self.tuning.spacing) }

    public func position(atOffset offset: Double) -> Double { widthWithOffset > 0 ? (offset + sideInset) / widthWithOffset : 0 }
    public func offset(atPosition position: Double) -> Double { position * widthWithOffset - sideInset }

    /// The article's `cell(for:offsetX:)`: a resting cell, expanded when within one cell of the centre.
    private func cell(for index: Int, offsetX: Double, content: Content) -> ThumbnailCell {
        let dims = ThumbnailCell.Dimensions(
            defaultSize: itemSize, aspectRatio: content.aspects[index].clamped(to: Self.tuning.aspectMin...Self.tuning.aspectMax),
            spacing: Self.tuning.spacing, focusedSpacing: Self.tuning.focusedSpacing)
        let cell = ThumbnailCell(index: index, dims: dims, state: .resting)
        let cellOffset = center(of: cell, slots: content.slots).x - itemSize.width / 2
        if content.focusOverride == nil, abs(cellOffset - offsetX) < widthWithOffset {
            let expanding = 1 - abs(cellOffset - offsetX) / widthWithOffset
            return cell.expanded(expanding * content.expandingRate)
        }
        return cell
    }

    /// The article's `config.updates[indexPath]`: the animations' cell updates, composed.
    private func update(_ cell: ThumbnailCell, content: Content) -> ThumbnailCell {
        var cell = cell
        if let focus = content.focusOverride {
            let e = cell.index == focus.to ? focus.progress : cell.index == focus.from ? 1 - focus.progress : 0
            cell = cell.expanded(e * content.expandingRate)
        }
        return cell.transitioned(content.slots.transition(cell.index))
    }

    private func center(of cell: ThumbnailCell, slots: SlotMap) -> Point {
        Point(x: slots.slot(of: cell.index) * widthWithOffset + itemSize.width / 2, y: itemSize.height / 2)
    }

    /// The article's `Cell.attributes(from:with:)`: the translation reduces over every other cell.
    private func attributes(of cell: ThumbnailCell, with sideCells: [ThumbnailCell], slots: SlotMap) -> LayoutAttributes {
        let translate = sideCells.reduce(0.0) { current, other in
            if cell.index < other.index { return current - other.push }
            if cell.index > other.index { return current + other.push }
            return current
        }
        return LayoutAttributes(
            index: cell.index, frame: Rect(center: center(of: cell, slots: slots), size: cell.size),
            transform: Transform(translation: Point(x: translate, y: 0)), alpha: cell.state.transition.visibility)
    }

    /// The article's `offsetWithoutInsets.x` is the content offset measured from the first cell.
    private func allCells(offset: Double, content: Content) -> [ThumbnailCell] {
        content.aspects.indices.map { cell(for: $0, offsetX: offset + sideInset, content: content) }.map { update($0, content: content) }
    }

    public func attributes(in rect: Rect, offset: Double, content: Content) -> [LayoutAttributes] {
        guard widthWithOffset > 0 else { return [] }
        let cells = allCells(offset: offset, content: content)
        return cells.map { attributes(of: $0, with: cells, slots: content.slots) }.filter { $0.drawnFrame.intersects(rect) }
    }

    public func attributes(at index: Int, offset: Double, content: Content) -> LayoutAttributes? {
        guard content.aspects.indices.contains(index), widthWithOffset > 0 else { return nil }
        let cells = allCells(offset: offset, content: content)
        return attributes(of: cells[index], with: cells, slots: content.slots)
    }
}
