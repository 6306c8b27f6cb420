/// A pizza name above the centre, as drawn: over one half, or over the middle for a whole pizza.
public struct PizzaCaption: Hashable, Sendable {
    public static let pointSize = 22.0
    /// Captions of the two halves keep this far from the centre line, so long names never meet.
    public static let lineClearance = 10.0

    public var text: String
    /// The text's box in window points, shift applied.
    public var frame: Rect
    public var alpha: Double
    /// nil for the caption of a whole pizza.
    public var half: PizzaHalf?

    /// The captions of both strips, merged the way the article's container controller does:
    /// when both halves have the same pizza nearest the centre, that pizza's two half captions
    /// give way to one in the middle, as visible as the more visible of the two.
    static func compose(left: PizzaStrip, right: PizzaStrip, menu: [Pizza], centerLineX: Double,
                        measurer: any TextMeasurer) -> [PizzaCaption] {
        let whole = left.nearest == right.nearest && menu.indices.contains(left.nearest) ? left.nearest : nil
        var captions: [PizzaCaption] = []
        for strip in [left, right] {
            for a in strip.layout.attributes(in: strip.layout.bounds) where a.kind == PizzaHalfLayout.captionKind {
                guard a.index != whole, menu.indices.contains(a.index) else { continue }
                captions.append(caption(menu[a.index].name, a, in: strip, centerLineX: centerLineX, measurer: measurer))
            }
        }
        if let whole, let l = left.layout.captionAttributes(at: whole), let r = right.layout.captionAttributes(at: whole) {
            let stronger = l.alpha >= r.alpha ? l : r
            if stronger.alpha > 0 {
                let size = measurer.size(of: menu[whole].name, pointSize: pointSize, weight: .bold)
                let band = stronger.drawnFrame.offsetBy(dx: 0, dy: left.frame.minY - left.scroll.offset)
                captions.append(PizzaCaption(
                    text: menu[whole].name, frame: Rect(center: Point(x: centerLineX, y: band.midY), size: size),
                    alpha: stronger.alpha, half: nil))
            }
        }
        return captions
    }

    /// A half's caption: centred over the resting half, kept clear of the centre line.
    private static func caption(_ text: String, _ a: LayoutAttributes, in strip: PizzaStrip, centerLineX: Double,
                                measurer: any TextMeasurer) -> PizzaCaption {
        let band = a.drawnFrame.offsetBy(dx: strip.frame.minX, dy: strip.frame.minY - strip.scroll.offset)
        let size = measurer.size(of: text, pointSize: pointSize, weight: .bold)
        let quarter = strip.layout.pizzaSize / 4 + PizzaHalfLayout.gap / 2
        var midX: Double
        if strip.half == .left {
            midX = min(centerLineX - quarter, centerLineX - lineClearance - size.width / 2)
            midX = max(midX, band.minX + size.width / 2)
        } else {
            midX = max(centerLineX + quarter, centerLineX + lineClearance + size.width / 2)
            midX = min(midX, band.maxX - size.width / 2)
        }
        return PizzaCaption(text: text, frame: Rect(center: Point(x: midX, y: band.midY), size: size), alpha: a.alpha,
                            half: strip.half)
    }
}
