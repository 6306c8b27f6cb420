import StripsCore
/// The half-pizza selector: two strips of halves meeting at the window's centre line, each
/// scrolled on its own; captions above the centre; the chosen combination and its price below.
public struct PizzaScene: Scene {
    public typealias HalfStrip = Strip<PizzaHalfLayout>

    public var name: String { "pizza" }
    public let menu: [Pizza]
    public internal(set) var windowSize: Size
    public internal(set) var wantsToQuit = false
    /// Every number of the design; a `.tune` event replaces it (durations of the arrow keys'
    /// step, the mix glide and the drum fold are `tuning.pizza`'s).
    public internal(set) var tuning = Tuning.defaults
    public internal(set) var left: HalfStrip
    public internal(set) var right: HalfStrip
    /// The pizza each half rests on: updated when its strip comes to rest, so the panel does not
    /// flicker through every pizza a fling passes.
    public internal(set) var selected: [PizzaHalf: Int]
    /// The drum variant is on (D); `drumAmount` is how far the strips are into it (0 flat, 1 drum),
    /// passed into every layout query.
    public internal(set) var drum = false
    public internal(set) var drumAmount = 0.0
    var drumMove: (from: Double, tween: Tween)?
    public internal(set) var random: SeededRandom
    /// The pointer, its press and taps; the wheel and the arrow keys act on the half under it.
    var gestures = Gestures()
    /// The half the pointer pressed and drags (nil: none, or the press was let go).
    var dragged: PizzaHalf?
    let measurer: any TextMeasurer

    /// - Parameters:
    ///   - seed: for the mix key; fixed in headless runs, from the clock in a window.
    ///   - selection: the pizzas the left and right halves start on.
    public init(menu: [Pizza], windowSize: Size, seed: UInt64 = 1, selection: (left: Int, right: Int) = (0, 0),
                measurer: any TextMeasurer = ApproximateTextMeasurer()) {
        self.menu = menu
        self.windowSize = windowSize
        self.measurer = measurer
        random = SeededRandom(seed: seed)
        let snapping = Snapping(.nearestItem, wheelMovesAtLeastOneItem: true)
        left = Strip(PizzaHalfLayout(half: .left, itemCount: menu.count), snapping: snapping)
        right = Strip(PizzaHalfLayout(half: .right, itemCount: menu.count), snapping: snapping)
        let last = max(0, menu.count - 1)
        selected = [.left: selection.left.clamped(to: 0...last), .right: selection.right.clamped(to: 0...last)]
        layOut(keeping: selected)
    }

    public var isIdle: Bool { left.isIdle && right.isIdle && drumMove == nil }

    public var title: String {
        guard let order else { return "Pizza - the menu is empty" }
        return "Pizza - \(order.name) - \(PizzaPrice.format(cents: order.price))"
    }

    /// The combination the halves rest on; nil for an empty menu.
    public var order: PizzaOrder? { PizzaOrder(menu: menu, left: selected[.left], right: selected[.right]) }
    public var geometry: PizzaGeometry { PizzaGeometry(window: windowSize, tuning: tuning.pizza) }

    public func strip(_ half: PizzaHalf) -> HalfStrip { half == .left ? left : right }

    mutating func update(_ half: PizzaHalf, _ change: (inout HalfStrip) -> Void) {
        if half == .left { change(&left) } else { change(&right) }
    }

    /// Lays both strips out for the window, each keeping its pizza centred.
    mutating func layOut(keeping selection: [PizzaHalf: Int]) {
        let g = geometry
        for half in PizzaHalf.allCases {
            let index = selection[half] ?? 0
            update(half) {
                $0.layout.pizzaSize = g.pizzaSize
                $0.place(in: g.strip(half), showing: Double(index))
            }
            selected[half] = index
        }
    }

    /// Glides a half to pizza `index` (arrow keys, mix, a click); retargets any motion but a drag.
    mutating func glide(_ half: PizzaHalf, to index: Int, at time: Double, duration: Double) {
        guard !menu.isEmpty, !strip(half).isDragging else { return }
        let index = index.clamped(to: 0...(menu.count - 1))
        update(half) { $0.animate(to: index, at: time, duration: duration) }
        if strip(half).isIdle { selected[half] = index }
    }

    public mutating func tick(at time: Double) {
        if let move = drumMove {
            drumAmount = move.tween.value(from: move.from, to: drum ? 1 : 0, at: time)
            if move.tween.isFinished(at: time) { drumMove = nil }
        }
        for half in PizzaHalf.allCases {
            var cameToRest = false
            update(half) { cameToRest = $0.tick(at: time) }
            let s = strip(half)
            if cameToRest || (s.isIdle && selected[half] != s.nearestIndex) { selected[half] = s.nearestIndex }
        }
    }

    /// D: fold into the drum or flatten out, from wherever the strips are now.
    mutating func toggleDrum(at time: Double) {
        drum.toggle()
        let remaining = abs((drum ? 1 : 0) - drumAmount)
        drumMove = (drumAmount, Tween(start: time, duration: tuning.pizza.drumDuration * remaining, easing: .easeInOut))
    }
}
