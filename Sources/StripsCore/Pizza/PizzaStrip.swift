/// One column of halves: its scroll view, its layout, and the pizza it has settled on.
public struct PizzaStrip: Sendable {
    /// Arrow keys move one pizza in this long.
    public static let stepDuration = 0.3
    /// The mix glide: long enough to watch the halves spin past.
    public static let mixDuration = 0.7

    public var half: PizzaHalf
    public internal(set) var scroll = ScrollView(axis: .vertical, decelerationRate: Deceleration.fastRate)
    public internal(set) var layout: PizzaHalfLayout
    /// The pizza this half rests on: updated when the strip comes to rest, so the panel does not
    /// flicker through every pizza a fling passes.
    public internal(set) var selected: Int
    /// The strip's rectangle in the window.
    public internal(set) var frame = Rect.zero

    public init(half: PizzaHalf, count: Int, selected: Int = 0) {
        self.half = half
        layout = PizzaHalfLayout(half: half, itemCount: count)
        self.selected = count > 0 ? selected.clamped(to: 0...(count - 1)) : 0
    }

    /// The pizza nearest the centre right now.
    public var nearest: Int { layout.nearestIndex(forOffset: scroll.offset) }

    /// Where the strip is heading: the end of its animation, fling or glide, else the nearest.
    public var destination: Int {
        switch scroll.motion {
        case .animating(_, let to, _): return layout.nearestIndex(forOffset: to)
        case .decelerating(let decel, _): return layout.nearestIndex(forOffset: decel.restingPoint)
        case .springing(let spring, _): return layout.nearestIndex(forOffset: spring.target)
        case .idle, .dragging, .wheeling: return nearest
        }
    }

    /// A new window: the strip keeps `index` centred, whatever was moving.
    mutating func place(in frame: Rect, pizzaSize: Double, drum: Double, index: Int) {
        self.frame = frame
        layout.pizzaSize = pizzaSize
        layout.drum = drum
        layout.prepare(bounds: Rect(x: 0, y: 0, width: frame.width, height: frame.height))
        let count = Double(layout.itemCount)
        scroll.setGeometry(
            viewport: frame.height, contentLength: count * pizzaSize,
            leadingInset: layout.inset, trailingInset: layout.inset,
            offset: layout.offset(for: Double(index)))
        selected = index
        layoutPass()
    }

    /// Scrolling moves the bounds: the layout is invalidated on every change.
    mutating func layoutPass() {
        layout.prepare(bounds: Rect(x: 0, y: scroll.offset, width: frame.width, height: frame.height))
    }

    /// Glides to pizza `index` (arrow keys, mix); retargets any motion but a drag.
    mutating func glide(to index: Int, at time: Double, duration: Double) {
        guard layout.itemCount > 0, !scroll.isDragging else { return }
        let index = index.clamped(to: 0...(layout.itemCount - 1))
        scroll.animate(to: layout.offset(for: Double(index)), at: time, duration: duration)
        layoutPass()
        if scroll.isIdle { selected = index }
    }

    /// Snapping for flings and for the end of a wheel gesture. A wheel gesture that would settle
    /// back on the pizza it began on moves one pizza in its direction instead: the wheel's
    /// notches are small next to a 300 pt pizza, and one should be enough.
    func snapTarget() -> (Double, Double) -> Double {
        let layout = layout
        var wheelStart: Double?
        if case .wheeling(_, let start) = scroll.motion { wheelStart = start }
        return { proposed, velocity in
            guard let start = wheelStart, layout.itemCount > 0 else {
                return layout.targetContentOffset(proposed: proposed, velocity: velocity)
            }
            let from = layout.nearestIndex(forOffset: start)
            var to = layout.nearestIndex(forOffset: proposed)
            if to == from, abs(proposed - start) > 1 {
                to = (from + (proposed > start ? 1 : -1)).clamped(to: 0...(layout.itemCount - 1))
            }
            return layout.offset(for: Double(to))
        }
    }

    mutating func tick(at time: Double) {
        let cameToRest = scroll.tick(at: time, target: snapTarget())
        layoutPass()
        if cameToRest || (scroll.isIdle && selected != nearest) { selected = nearest }
    }
}
