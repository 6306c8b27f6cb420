import StripsCore
/// A pizza name above the centre, as drawn: over one half, or over the middle for a whole pizza.
public struct PizzaCaption: Hashable, Sendable {
    public var text: String
    public var pointSize: Double
    /// The text's box in window points, shift applied.
    public var frame: Rect
    public var alpha: Double
    /// nil for the caption of a whole pizza.
    public var half: PizzaHalf?
    /// The pizza's place on the menu.
    public var index: Int

    /// The captions of both strips, merged the way the article's container controller does:
    /// when both halves show the same pizza, one caption in the middle names the whole pizza.
    /// While one of them moves away, the two captions of that pizza stay one: it shows as the
    /// more visible of the two and slides from the middle toward that half's own place as the
    /// other fades (by the ratio of their alphas), so the names never overlap or jump.
    static func compose(left: [Cell], right: [Cell], pizzaSize: Double, menu: [Pizza], centerLineX: Double,
                        tuning: Tuning.Pizza, measurer: any TextMeasurer) -> [PizzaCaption] {
        let visible = { (half: PizzaHalf, cells: [Cell]) in
            cells.filter { $0.kind == PizzaHalfLayout.captionKind && menu.indices.contains($0.index) }.map {
                caption(menu[$0.index].name, $0, half: half, pizzaSize: pizzaSize, centerLineX: centerLineX, tuning: tuning, measurer: measurer)
            }
        }
        let l = visible(.left, left), r = visible(.right, right)
        var captions: [PizzaCaption] = []
        for a in l {
            guard let b = r.first(where: { $0.index == a.index }) else {
                captions.append(a)
                continue
            }
            let strong = a.alpha >= b.alpha ? a : b
            let together = min(a.alpha, b.alpha) / strong.alpha
            let whole = Point(x: centerLineX, y: (a.frame.midY + b.frame.midY) / 2)
            let center = Point(x: strong.frame.midX.lerp(to: whole.x, together), y: strong.frame.midY.lerp(to: whole.y, together))
            captions.append(PizzaCaption(
                text: strong.text, pointSize: strong.pointSize, frame: Rect(center: center, size: strong.frame.size), alpha: strong.alpha,
                half: together >= 1 ? nil : strong.half, index: strong.index))
        }
        captions += r.filter { b in !l.contains { $0.index == b.index } }
        return captions
    }

    /// A half's caption: centred over the resting half, kept clear of the centre line.
    /// Captions of the two halves keep the tuning's line clearance from the centre line, so
    /// long names never meet.
    private static func caption(_ text: String, _ band: Cell, half: PizzaHalf, pizzaSize: Double, centerLineX: Double,
                                tuning: Tuning.Pizza, measurer: any TextMeasurer) -> PizzaCaption {
        let pointSize = tuning.captionPointSize, lineClearance = tuning.captionLineClearance
        let size = measurer.size(of: text, pointSize: pointSize, weight: .bold)
        let quarter = pizzaSize / 4 + tuning.gap / 2
        var midX: Double
        if half == .left {
            midX = min(centerLineX - quarter, centerLineX - lineClearance - size.width / 2)
            midX = max(midX, band.frame.minX + size.width / 2)
        } else {
            midX = max(centerLineX + quarter, centerLineX + lineClearance + size.width / 2)
            midX = min(midX, band.frame.maxX - size.width / 2)
        }
        return PizzaCaption(text: text, pointSize: pointSize, frame: Rect(center: Point(x: midX, y: band.frame.midY), size: size), alpha: band.alpha,
                            half: half, index: band.index)
    }
}
