/// The half-pizza selector: two strips of halves meeting at the window's centre line, each
/// scrolled on its own; captions above the centre; the chosen combination and its price below.
public struct PizzaScene: Scene {
    /// The bottom panel with the combination and the price.
    public static let panelHeight = 84.0

    public let name = "pizza"
    public let menu: [Pizza]
    public internal(set) var windowSize: Size
    public internal(set) var wantsToQuit = false
    public internal(set) var left: PizzaStrip
    public internal(set) var right: PizzaStrip
    /// The drum variant is on (D); `drumAmount` is how far the strips are into it.
    public internal(set) var drum = false
    public internal(set) var drumAmount = 0.0
    var drumMove: (from: Double, tween: Tween)?
    public internal(set) var random: SeededRandom
    var press: Press?
    /// Where the pointer last was: the wheel and the arrow keys act on the half under it.
    var pointer = Point.zero
    let measurer: any TextMeasurer

    struct Press {
        var half: PizzaHalf?
        var start: Point
        var wasIdle: Bool
        var isDragging = false
    }

    /// - Parameters:
    ///   - seed: for the mix key; fixed in headless runs, from the clock in a window.
    ///   - selection: the pizzas the left and right halves start on.
    public init(menu: [Pizza], windowSize: Size, seed: UInt64 = 1, selection: (left: Int, right: Int) = (0, 0),
                measurer: any TextMeasurer = ApproximateTextMeasurer()) {
        self.menu = menu
        self.windowSize = windowSize
        self.measurer = measurer
        random = SeededRandom(seed: seed)
        left = PizzaStrip(half: .left, count: menu.count, selected: selection.left)
        right = PizzaStrip(half: .right, count: menu.count, selected: selection.right)
        applyGeometry(keeping: (left.selected, right.selected))
    }

    public var isIdle: Bool { left.scroll.isIdle && right.scroll.isIdle && drumMove == nil }

    /// How long the strips take to fold into the drum or flatten out.
    public static let drumDuration = 0.3

    public var title: String {
        guard !menu.isEmpty else { return "Pizza - the menu is empty" }
        return "Pizza - \(selectionName) - \(PizzaPrice.format(cents: price))"
    }

    public func strip(_ half: PizzaHalf) -> PizzaStrip { half == .left ? left : right }

    // MARK: Selection

    public var selectedPizzas: (left: Pizza, right: Pizza)? {
        guard menu.indices.contains(left.selected), menu.indices.contains(right.selected) else { return nil }
        return (menu[left.selected], menu[right.selected])
    }

    public var isWholePizza: Bool { left.selected == right.selected }

    /// "Pepperoni" for a whole pizza, "Pepperoni + Hawaiian" for two halves.
    public var selectionName: String {
        guard let (l, r) = selectedPizzas else { return "" }
        return isWholePizza ? l.name : "\(l.name) + \(r.name)"
    }

    /// In cents: the mean of the halves, rounded up to a whole cent.
    public var price: Int {
        guard let (l, r) = selectedPizzas else { return 0 }
        return PizzaPrice.combined(l.priceCents, r.priceCents)
    }

    // MARK: Geometry

    /// Everything above the panel; the strips' vertical centre is the "screen centre".
    public var stripsArea: Rect {
        Rect(x: 0, y: 0, width: windowSize.width, height: max(0, windowSize.height - Self.panelHeight))
    }

    public var panelArea: Rect {
        let area = stripsArea
        return Rect(x: 0, y: area.maxY, width: windowSize.width, height: windowSize.height - area.maxY)
    }

    public var centerLineX: Double { (windowSize.width / 2).rounded() }

    /// 300 pt, unless the window is too small for a pizza, its caption and the gap.
    public var pizzaSize: Double {
        let byHeight = stripsArea.height - 2 * (PizzaHalfLayout.captionHeight)
        let byWidth = windowSize.width - 24
        return max(0, min(PizzaHalfLayout.defaultPizzaSize, byHeight, byWidth))
    }

    /// Lays both strips out for the window, each keeping its pizza centred.
    mutating func applyGeometry(keeping selection: (left: Int, right: Int)) {
        let area = stripsArea
        let mid = centerLineX
        left.place(in: Rect(x: 0, y: 0, width: mid, height: area.height), pizzaSize: pizzaSize, drum: drumAmount, index: selection.left)
        right.place(in: Rect(x: mid, y: 0, width: max(0, area.width - mid), height: area.height), pizzaSize: pizzaSize,
                    drum: drumAmount, index: selection.right)
    }

    public mutating func tick(at time: Double) {
        if let move = drumMove {
            setDrumAmount(move.tween.value(from: move.from, to: drum ? 1 : 0, at: time))
            if move.tween.isFinished(at: time) { drumMove = nil }
        }
        left.tick(at: time)
        right.tick(at: time)
    }

    /// D: fold into the drum or flatten out, from wherever the strips are now.
    mutating func toggleDrum(at time: Double) {
        drum.toggle()
        let remaining = abs((drum ? 1 : 0) - drumAmount)
        drumMove = (drumAmount, Tween(start: time, duration: Self.drumDuration * remaining, easing: .easeInOut))
    }

    mutating func setDrumAmount(_ amount: Double) {
        drumAmount = amount
        left.layout.drum = amount
        right.layout.drum = amount
        left.layoutPass()
        right.layoutPass()
    }
}
