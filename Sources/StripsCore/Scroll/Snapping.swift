/// Where a strip comes to rest: the one decision every strip's fling, wheel gesture and
/// hand-over goes through (UICollectionViewLayout's targetContentOffset, UIScrollView's paging
/// and our wheel rules, as one value per strip).
public struct Snapping: Hashable, Sendable {
    public enum Rule: Hashable, Sendable {
        /// Coasts to a stop wherever the deceleration ends (bouncing back from the edges).
        case free
        /// Stops on an item, at most one item from where the gesture began; a flick goes on in
        /// its direction, a slow release goes to the nearest (UIScrollView's isPagingEnabled).
        case paging
        /// Stops on the item nearest where the deceleration would end.
        case nearestItem
    }

    /// What ended: a drag released with a velocity, a wheel gesture that went quiet, or another
    /// strip taking the lead (the strip stops on its nearest resting place at once).
    public enum Gesture: Hashable, Sendable {
        case fling(startOffset: Double, velocity: Double)
        case wheel(startOffset: Double)
        case stop
    }

    public var rule: Rule
    /// Below this release speed (pt/s) a paging strip decides by position, not by direction.
    public var pagingFlickSpeed = Tuning.defaults.scroll.pagingFlickSpeed
    /// A wheel gesture that would settle back on the item it began on moves one item on instead:
    /// a wheel notch is small next to a 300 pt pizza, and one should be enough.
    public var wheelMovesAtLeastOneItem: Bool

    public init(_ rule: Rule, wheelMovesAtLeastOneItem: Bool = false) {
        self.rule = rule
        self.wheelMovesAtLeastOneItem = wheelMovesAtLeastOneItem
    }

    /// The content offset to rest on after `gesture` ended at `offset`; nil to coast freely.
    public func restingOffset<L: CollectionLayout>(after gesture: Gesture, from offset: Double,
                                                   decelerationRate: Double, layout: L) -> Double? {
        switch rule {
        case .free:
            return nil
        case .paging:
            switch gesture {
            case .fling(let start, let velocity):
                return pagingOffset(start: start, from: offset, velocity: velocity, layout: layout)
            case .wheel(let start):
                // Any deliberate wheel movement pages in its direction: one notch is ~5 % of a page.
                let moved = offset - start
                let intent = abs(moved) > 1 ? (moved > 0 ? pagingFlickSpeed : -pagingFlickSpeed) : 0
                return pagingOffset(start: start, from: offset, velocity: intent, layout: layout)
            case .stop:
                return pagingOffset(start: offset, from: offset, velocity: 0, layout: layout)
            }
        case .nearestItem:
            var proposed = offset
            if case .fling(_, let velocity) = gesture {
                proposed = Deceleration(start: offset, velocity: velocity, rate: decelerationRate).restingPoint
            }
            var index = layout.nearestIndex(atOffset: proposed)
            if wheelMovesAtLeastOneItem, case .wheel(let start) = gesture, layout.itemCount > 0 {
                let from = layout.nearestIndex(atOffset: start)
                if index == from, abs(proposed - start) > 1 {
                    index = (from + (proposed > start ? 1 : -1)).clamped(to: 0...(layout.itemCount - 1))
                }
            }
            return layout.offset(atPosition: Double(index))
        }
    }

    /// How far a wheel gesture that began at `start` may scroll: a paging strip turns at most one
    /// page per gesture, like a fling.
    public func wheelRange<L: CollectionLayout>(start: Double, within range: ClosedRange<Double>, layout: L) -> ClosedRange<Double> {
        guard rule == .paging else { return range }
        let page = layout.viewportLength
        return max(range.lowerBound, start - page)...min(range.upperBound, start + page)
    }

    private func pagingOffset<L: CollectionLayout>(start: Double, from offset: Double, velocity: Double, layout: L) -> Double {
        guard layout.viewportLength > 0 else { return layout.offset(atPosition: 0) }
        let anchor = layout.position(atOffset: start).rounded()
        let position = layout.position(atOffset: offset)
        var chosen: Double
        if abs(velocity) >= pagingFlickSpeed {
            // A flick goes to the next boundary in its direction from where the content is, so
            // flicking back after dragging forward returns to the page it came from.
            chosen = velocity > 0 ? (position + 1e-6).rounded(.up) : (position - 1e-6).rounded(.down)
        } else {
            chosen = position.rounded()
        }
        chosen = chosen.clamped(to: (anchor - 1)...(anchor + 1))
        chosen = chosen.clamped(to: 0...Double(max(0, layout.itemCount - 1)))
        return layout.offset(atPosition: chosen)
    }
}
