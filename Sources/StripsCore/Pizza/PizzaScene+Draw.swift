extension PizzaScene {
    /// A half as drawn, in window points.
    public struct HalfCell: Hashable, Sendable {
        public var index: Int
        public var frame: Rect
        public var alpha: Double
        public var scale: Double
        public var z: Int
    }

    static let panelColor = Color(33, 33, 38)
    static let panelRule = Color(58, 58, 66)
    static let priceColor = Color(255, 196, 92)

    /// The strip's halves in index order, only those inside the window.
    public func cells(of strip: PizzaStrip) -> [HalfCell] {
        let dx = strip.frame.minX, dy = strip.frame.minY - strip.scroll.offset
        let window = Rect(origin: .zero, size: windowSize)
        return strip.layout.cellAttributes(in: strip.layout.bounds).map {
            HalfCell(index: $0.index, frame: $0.drawnFrame.offsetBy(dx: dx, dy: dy), alpha: $0.alpha,
                     scale: $0.transform.scale, z: $0.zIndex)
        }
        .filter { $0.frame.intersects(window) }
    }

    public func captions() -> [PizzaCaption] {
        PizzaCaption.compose(left: left, right: right, menu: menu, centerLineX: centerLineX, measurer: measurer)
    }

    public func drawList() -> [DrawItem] {
        var items: [DrawItem] = [.fill(Fill(rect: Rect(origin: .zero, size: windowSize), color: .background))]
        guard !menu.isEmpty else {
            items.append(.text(measurer.run("The menu is empty", centeredAt: stripsArea.center, pointSize: 24, weight: .bold)))
            return items
        }
        let area = stripsArea
        // Painter's order by z, ties by index: flat strips never overlap, the drum stacks.
        var halves: [(PizzaHalf, HalfCell)] = cells(of: left).map { (.left, $0) } + cells(of: right).map { (.right, $0) }
        halves.sort { $0.1.z != $1.1.z ? $0.1.z < $1.1.z : $0.1.index < $1.1.index }
        for (half, cell) in halves {
            items.append(.image(ImageQuad(
                image: ImageRef(path: menu[cell.index].imagePath(for: half), variant: .full), frame: cell.frame,
                alpha: cell.alpha, clip: area, placeholder: Self.panelRule)))
        }
        for caption in captions() {
            items.append(.text(TextRun(text: caption.text, frame: caption.frame, pointSize: PizzaCaption.pointSize,
                                       weight: .bold, alpha: caption.alpha)))
        }
        items += panel()
        return items
    }

    /// The chosen combination on the left, its price on the right, the keys underneath.
    func panel() -> [DrawItem] {
        let box = panelArea
        guard box.height > 0 else { return [] }
        var items: [DrawItem] = [
            .fill(Fill(rect: box, color: Self.panelColor)),
            .fill(Fill(rect: Rect(x: box.minX, y: box.minY, width: box.width, height: 1), color: Self.panelRule)),
        ]
        let margin = 24.0
        let priceText = PizzaPrice.format(cents: price)
        let priceSize = measurer.size(of: priceText, pointSize: 28, weight: .bold)
        items.append(.text(TextRun(
            text: priceText, frame: Rect(x: box.maxX - margin - priceSize.width, y: box.midY - priceSize.height / 2,
                                         width: priceSize.width, height: priceSize.height),
            pointSize: 28, weight: .bold, color: Self.priceColor)))
        let name = selectionName
        let kind = isWholePizza ? "whole pizza" : "half and half"
        let nameSize = measurer.size(of: name, pointSize: 20, weight: .bold)
        items.append(.text(TextRun(
            text: name, frame: Rect(x: box.minX + margin, y: box.minY + 28 - nameSize.height / 2,
                                    width: nameSize.width, height: nameSize.height),
            pointSize: 20, weight: .bold)))
        let hint = "\(kind)  ·  drag or scroll a half, ↑ ↓ one pizza, M mix, D drum"
        let hintSize = measurer.size(of: hint, pointSize: 13, weight: .regular)
        items.append(.text(TextRun(
            text: hint, frame: Rect(x: box.minX + margin, y: box.minY + 58 - hintSize.height / 2,
                                    width: hintSize.width, height: hintSize.height),
            pointSize: 13, color: .secondaryText)))
        return items
    }

    public func traceFields() -> [(String, JSON)] {
        func strip(_ s: PizzaStrip) -> JSON {
            .object([
                ("index", .int(s.nearest)),
                ("offset", .number(s.scroll.offset)),
                ("cells", .array(cells(of: s).map { cell in
                    .object([
                        ("pizza", .string(menu[cell.index].name)), ("index", .int(cell.index)),
                        ("frame", .rect(cell.frame)), ("alpha", .number(cell.alpha)),
                        ("scale", .number(cell.scale)), ("z", .int(cell.z)),
                    ])
                })),
            ])
        }
        return [
            ("left", strip(left)),
            ("right", strip(right)),
            ("captions", .array(captions().map { c in
                .object([("text", .string(c.text)), ("frame", .rect(c.frame)), ("alpha", .number(c.alpha))])
            })),
        ]
    }
}
