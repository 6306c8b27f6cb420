import StripsCore
/// One frame of the pizza selector: both strips' halves and captions in window points, the panel.
public struct PizzaFrame: FrameContent {
    public struct HalfStrip: Sendable {
        public var half: PizzaHalf
        /// The pizza nearest the centre now.
        public var nearest: Int
        public var offset: Double
        public var cells: [Cell]
        /// For the x-ray: each cell's normalised distance from the centre (parallel to `cells`),
        /// and the strip's offset, visible rect, velocity and resting target.
        public var norms: [Double] = []
        public var diagnostics: StripDiagnostics?
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
                alpha: cell.alpha, clip: area, placeholder: PizzaPanel.rule)))
        }
        for caption in captions {
            items.append(.text(TextRun(text: caption.text, frame: caption.frame, pointSize: caption.pointSize,
                                       weight: .bold, alpha: caption.alpha)))
        }
        return items + overlay
    }

}

extension PizzaScene {
    public func frame(at time: Double) -> Frame {
        let g = geometry
        let window = Rect(origin: .zero, size: windowSize)
        let elements = PizzaHalf.allCases.map { strip($0).cells(in: window, content: drumAmount) }
        let strips = PizzaHalf.allCases.enumerated().map { i, half in
            let s = strip(half), cells = elements[i].filter(\.isCell)
            return PizzaFrame.HalfStrip(half: half, nearest: s.nearestIndex, offset: s.offset, cells: cells,
                                        norms: cells.map { s.layout.norm(at: $0.index, offset: s.offset) },
                                        diagnostics: s.diagnostics(half.rawValue, at: time))
        }
        let captions = PizzaCaption.compose(left: elements[0], right: elements[1], pizzaSize: left.layout.pizzaSize,
                                            menu: menu, centerLineX: g.centerLineX, tuning: tuning.pizza, measurer: measurer)
        let overlay = menu.isEmpty
            ? [DrawItem.text(measurer.run("The menu is empty", centeredAt: g.stripsArea.center, pointSize: 24, weight: .bold))]
            : PizzaPanel.items(for: order, in: g.panelArea, measurer: measurer)
        let content = PizzaFrame(window: windowSize, menu: menu, strips: strips, captions: captions, area: g.stripsArea, overlay: overlay)
        var frame = Frame(time: time, scene: name, window: windowSize, isIdle: isIdle, title: title, content: content)
        frame.pictureFadeDuration = tuning.preview.pictureFadeDuration
        return frame
    }
}
