import StripsCore
/// The panel under the strips: the chosen combination on the left, its price on the right, the
/// keys underneath.
enum PizzaPanel {
    static let color = Color(33, 33, 38)
    static let rule = Color(58, 58, 66)
    static let priceColor = Color(255, 196, 92)
    static let margin = 24.0

    static func items(for order: PizzaOrder?, in box: Rect, measurer: any TextMeasurer) -> [DrawItem] {
        guard box.height > 0 else { return [] }
        var items: [DrawItem] = [
            .fill(Fill(rect: box, color: color)),
            .fill(Fill(rect: Rect(x: box.minX, y: box.minY, width: box.width, height: 1), color: rule)),
        ]
        func text(_ s: String, size: Double, weight: TextRun.Weight, color: Color, left: Double?, midY: Double) {
            let measured = measurer.size(of: s, pointSize: size, weight: weight)
            let x = left ?? (box.maxX - margin - measured.width)
            items.append(.text(TextRun(text: s, frame: Rect(x: x, y: midY - measured.height / 2, width: measured.width, height: measured.height),
                                       pointSize: size, weight: weight, color: color)))
        }
        text(PizzaPrice.format(cents: order?.price ?? 0), size: 28, weight: .bold, color: priceColor, left: nil, midY: box.midY)
        text(order?.name ?? "", size: 20, weight: .bold, color: .text, left: box.minX + margin, midY: box.minY + 28)
        let kind = order?.isWholePizza ?? true ? "whole pizza" : "half and half"
        text("\(kind)  ·  drag or scroll a half, ↑ ↓ one pizza, M mix, D drum", size: 13, weight: .regular,
             color: .secondaryText, left: box.minX + margin, midY: box.minY + 58)
        return items
    }
}
