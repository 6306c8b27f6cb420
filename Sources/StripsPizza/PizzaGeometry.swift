import StripsCore
/// Where the pizza selector's parts sit in the window: the two strips above the panel, meeting
/// at the centre line, and the size a pizza can have there.
public struct PizzaGeometry: Hashable, Sendable {
    public var window: Size
    /// The bottom panel's height, the caption band and the pizza's size come from here.
    public var tuning: Tuning.Pizza

    public init(window: Size, tuning: Tuning.Pizza = Tuning.defaults.pizza) {
        self.window = window
        self.tuning = tuning
    }

    /// Everything above the panel; the strips' vertical centre is the "screen centre".
    public var stripsArea: Rect {
        Rect(x: 0, y: 0, width: window.width, height: max(0, window.height - tuning.panelHeight))
    }

    public var panelArea: Rect {
        let area = stripsArea
        return Rect(x: 0, y: area.maxY, width: window.width, height: window.height - area.maxY)
    }

    public var centerLineX: Double { (window.width / 2).rounded() }

    /// Each half's strip: the left one ends at the centre line, the right one starts there.
    public func strip(_ half: PizzaHalf) -> Rect {
        let area = stripsArea, mid = centerLineX
        return half == .left
            ? Rect(x: 0, y: 0, width: mid, height: area.height)
            : Rect(x: mid, y: 0, width: max(0, area.width - mid), height: area.height)
    }

    /// The tuning's size (300 pt), unless the window is too small for a pizza, its caption and the gap.
    public var pizzaSize: Double {
        let byHeight = stripsArea.height - 2 * tuning.captionHeight
        let byWidth = window.width - 24
        return max(0, min(tuning.size, byHeight, byWidth))
    }
}
