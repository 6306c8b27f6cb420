/// One frame of the pizza selector: both strips' halves and captions in window points, the panel.
public struct PizzaFrame: FrameContent {
    public struct HalfStrip: Sendable {
        public var half: PizzaHalf
        /// The pizza nearest the centre now.
        public var nearest: Int
        public var offset: Double
        public var cells: [Cell]
    }

    public var window: Size
    public var menu: [Pizza]
    public var strips: [HalfStrip]
    public var captions: [PizzaCaption]
    /// Halves are clipped to the area above the panel.
    public var area: Rect
    public var overlay: [DrawItem]

    public func drawItems() -> [DrawItem] {
        var items: [DrawItem] = [.fill(Fill(rect: Rect(origin: .zero, size: window), color: .background))]
        // Painter's order by z, ties by index: flat strips never overlap, the drum stacks.
        var halves = strips.flatMap { s in s.cells.map { (s.half, $0) } }
        halves.sort { $0.1.z != $1.1.z ? $0.1.z < $1.1.z : $0.1.index < $1.1.index }
        for (half, cell) in halves {
            items.append(.image(ImageQuad(
                image: ImageRef(path: menu[cell.index].imagePath(for: half), variant: .full), frame: cell.frame,
                alpha: cell.alpha, clip: area, placeholder: PizzaScene.panelRule)))
        }
        for caption in captions {
            items.append(.text(TextRun(text: caption.text, frame: caption.frame, pointSize: PizzaCaption.pointSize,
                                       weight: .bold, alpha: caption.alpha)))
        }
        return items + overlay
    }

    public var pictures: [PictureRequest] { PictureRequest.drawn(in: drawItems()) }

    public func traceFields() -> [(String, JSON)] {
        strips.map { s in
            (s.half.rawValue, .object([
                ("index", .int(s.nearest)),
                ("offset", .number(s.offset)),
                ("cells", .array(s.cells.map { cell in
                    .object([
                        ("pizza", .string(menu[cell.index].name)), ("index", .int(cell.index)),
                        ("frame", .rect(cell.frame)), ("alpha", .number(cell.alpha)),
                        ("scale", .number(cell.scale)), ("z", .int(cell.z)),
                    ])
                })),
            ]))
        } + [
            ("captions", .array(captions.map { c in
                .object([("text", .string(c.text)), ("frame", .rect(c.frame)), ("alpha", .number(c.alpha))])
            })),
        ]
    }
}

extension PizzaScene {
    static let panelColor = Color(33, 33, 38)
    static let panelRule = Color(58, 58, 66)
    static let priceColor = Color(255, 196, 92)

    public func frame(at time: Double) -> Frame {
        let window = Rect(origin: .zero, size: windowSize)
        let elements = PizzaHalf.allCases.map { strip($0).cells(in: window) }
        let strips = PizzaHalf.allCases.enumerated().map { i, half in
            PizzaFrame.HalfStrip(half: half, nearest: strip(half).nearestIndex, offset: strip(half).offset,
                                 cells: elements[i].filter(\.isCell))
        }
        let captions = PizzaCaption.compose(left: elements[0], right: elements[1], pizzaSize: left.layout.pizzaSize,
                                            menu: menu, centerLineX: centerLineX, measurer: measurer)
        let overlay = menu.isEmpty
            ? [DrawItem.text(measurer.run("The menu is empty", centeredAt: stripsArea.center, pointSize: 24, weight: .bold))]
            : panel()
        let content = PizzaFrame(window: windowSize, menu: menu, strips: strips, captions: captions, area: stripsArea, overlay: overlay)
        return Frame(time: time, scene: name, window: windowSize, isIdle: isIdle, title: title, content: content)
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
        let nameSize = measurer.size(of: name, pointSize: 20, weight: .bold)
        items.append(.text(TextRun(
            text: name, frame: Rect(x: box.minX + margin, y: box.minY + 28 - nameSize.height / 2,
                                    width: nameSize.width, height: nameSize.height),
            pointSize: 20, weight: .bold)))
        let hint = "\(isWholePizza ? "whole pizza" : "half and half")  ·  drag or scroll a half, ↑ ↓ one pizza, M mix, D drum"
        let hintSize = measurer.size(of: hint, pointSize: 13, weight: .regular)
        items.append(.text(TextRun(
            text: hint, frame: Rect(x: box.minX + margin, y: box.minY + 58 - hintSize.height / 2,
                                    width: hintSize.width, height: hintSize.height),
            pointSize: 13, color: .secondaryText)))
        return items
    }
}
