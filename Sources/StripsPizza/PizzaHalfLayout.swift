import StripsCore
/// One strip of pizza halves (the article's PizzaHalfSelectorLayout), laid out along the vertical
/// axis: a table of pizza-sized rows whose cells shrink, fade and close up as they leave the
/// centre of the screen, each half pushed against the window's centre line.
///
/// Content coordinates: row i spans y = i * pizza ... (i + 1) * pizza; x runs across the strip,
/// whose edge on the centre line is `centerLineX` (the right edge of the left strip, the left
/// edge of the right one).
public struct PizzaHalfLayout: CollectionLayout {
    /// How far into the "drum" variant (neighbours overlap the centre pizza, the nearest on top):
    /// 0 flat, 1 drum; the scene animates it (D) and passes it into every query.
    public typealias Content = Double

    public static let captionKind = LayoutAttributes.Kind.supplementary("caption")
    /// Captions are above every cell, as the article's zIndex 100 puts headers above cells.
    public static let captionZ = 100_000

    public var half: PizzaHalf
    public var itemCount: Int
    /// Critical offset (200: where a half has shrunk and faded all it will), scale factor
    /// (scale = 1 - 0.6 |norm|), the gap at the centre line, the compression (rows close up by
    /// offsetFromCenter / 4 * scale) and the caption band (60 pt tall, its centre 30 pt above
    /// the centre pizza, sliding 20 pt times norm); the scene sets them when the tuning changes.
    public var tuning = Tuning.defaults.pizza
    /// The centre pizza's diameter: the tuning's size, unless the window is too small for it.
    public var pizzaSize = Tuning.defaults.pizza.size
    public var viewport = Size.zero

    public init(half: PizzaHalf, itemCount: Int) {
        self.half = half
        self.itemCount = itemCount
    }

    public var itemSize: Size { Size(width: pizzaSize / 2, height: pizzaSize) }
    public var axis: Axis { .vertical }
    private var height: Double { viewport.height }
    /// Top and bottom insets: the first and last pizzas can reach the centre.
    public var inset: Double { (height - pizzaSize) / 2 }
    public var leadingInset: Double { inset }
    public var trailingInset: Double { inset }
    public var centerLineX: Double { half == .left ? viewport.width : 0 }
    /// The screen centre in content coordinates at `offset` (the article's screenCenterYOffset).
    public func screenCenterY(offset: Double) -> Double { offset + height / 2 }

    public var contentLength: Double { Double(max(0, itemCount)) * pizzaSize }

    // MARK: Pizza index <-> content offset

    /// The content offset that centres pizza `position` (may be fractional).
    public func offset(atPosition position: Double) -> Double { position * pizzaSize + pizzaSize / 2 - height / 2 }

    /// The fractional pizza index at the centre of the screen for content offset `offset`.
    public func position(atOffset offset: Double) -> Double {
        pizzaSize > 0 ? (offset + height / 2 - pizzaSize / 2) / pizzaSize : 0
    }

    // MARK: The numbers

    /// The row's place in the table, before any of the effects.
    public func defaultFrame(at index: Int) -> Rect {
        Rect(x: centerLineX - (half == .left ? itemSize.width : 0), y: Double(index) * pizzaSize,
             width: itemSize.width, height: itemSize.height)
    }

    /// Signed distance from the row's middle to the screen centre (positive: below the centre).
    public func offsetFromCenter(at index: Int, offset: Double) -> Double {
        defaultFrame(at: index).midY - screenCenterY(offset: offset)
    }

    /// -1 ... 1: 0 at the centre, +-1 from 200 pt away on.
    public func norm(at index: Int, offset: Double) -> Double {
        (offsetFromCenter(at: index, offset: offset) / tuning.criticalOffset).clamped(to: -1...1)
    }

    public func scale(norm: Double) -> Double { 1 - tuning.scaleFactor * abs(norm) }

    /// The article's verticalOffset: rows close up toward the centre as they shrink.
    public func verticalOffset(offsetFromCenter: Double, scale: Double) -> Double {
        -offsetFromCenter / tuning.compression * scale
    }

    /// Where the drum puts a row's middle, from the centre: three quarters of its distance while
    /// it is near, so it slides under the centre pizza, then a quarter, so the far ones stack.
    public func drumOffset(offsetFromCenter d: Double) -> Double {
        let near = d.clamped(to: -tuning.criticalOffset...tuning.criticalOffset)
        return near / tuning.criticalOffset * pizzaSize / 2 + (d - near) / tuning.compression
    }

    /// The frame before the scale: the half moved so that, once scaled about its centre, its
    /// inner edge sits gap / 2 from the centre line; rows pulled toward the screen centre.
    /// Setting this frame and then the scale is the article's order; the other way round the
    /// scale would apply to an already-shifted frame and the edges would miss the line.
    public func centerAlignedFrame(at index: Int, scale: Double, offset: Double, drum: Double) -> Rect {
        let size = itemSize
        let halfWidth = size.width * scale / 2
        let x = half == .left ? centerLineX - tuning.gap / 2 - halfWidth : centerLineX + tuning.gap / 2 + halfWidth
        let d = offsetFromCenter(at: index, offset: offset)
        let flatY = defaultFrame(at: index).midY + verticalOffset(offsetFromCenter: d, scale: scale)
        let y = drum > 0 ? flatY.lerp(to: screenCenterY(offset: offset) + drumOffset(offsetFromCenter: d), drum) : flatY
        return Rect(center: Point(x: x, y: y), size: size)
    }

    /// Flat strips never overlap; on the drum the nearer a half is to the centre, the higher it
    /// sits: hundreds count whole pizzas of distance, so the order is strict while they move.
    public func zIndex(at index: Int, offset: Double, drum: Double) -> Int {
        guard drum > 0, pizzaSize > 0 else { return 0 }
        let distance = abs(offsetFromCenter(at: index, offset: offset)) / pizzaSize
        return max(0, Int(saturating: ((Double(itemCount) - distance) * 100).rounded()))
    }

    public func attributes(at index: Int, offset: Double, content drum: Double) -> LayoutAttributes? {
        guard (0..<itemCount).contains(index) else { return nil }
        let scale = self.scale(norm: norm(at: index, offset: offset))
        return LayoutAttributes(
            index: index, frame: centerAlignedFrame(at: index, scale: scale, offset: offset, drum: drum),
            transform: Transform(scale: scale), alpha: scale, zIndex: zIndex(at: index, offset: offset, drum: drum))
    }

    // MARK: Captions

    /// The caption band of the row, fixed on screen (it moves with the bounds), before its shift.
    public func defaultCaptionFrame(offset: Double, drum: Double) -> Rect {
        let top = (height - pizzaSize) / 2 - tuning.captionHeight / 2 - tuning.captionLift - drumCaptionLift(drum)
        let x = half == .left ? tuning.captionMargin : tuning.gap / 2
        return Rect(x: x, y: offset + top, width: max(0, viewport.width - tuning.captionMargin - tuning.gap / 2),
                    height: tuning.captionHeight)
    }

    /// On the drum the neighbour above tucks under the centre pizza but still shows above it;
    /// the caption rises by that much (85 pt for a 300 pt pizza) so it never sits on a pizza.
    func drumCaptionLift(_ drum: Double) -> Double {
        guard drum > 0, pizzaSize > 0 else { return 0 }
        let neighbourTop = drumOffset(offsetFromCenter: -pizzaSize) - pizzaSize * scale(norm: 1) / 2
        return max(0, -pizzaSize / 2 - neighbourTop) * drum
    }

    /// The pizza's name above the centre: alpha 1 - |norm|, shifted 20 * norm.
    public func captionAttributes(at index: Int, offset: Double, drum: Double) -> LayoutAttributes? {
        guard (0..<itemCount).contains(index) else { return nil }
        let n = norm(at: index, offset: offset)
        return LayoutAttributes(
            kind: Self.captionKind, index: index, frame: defaultCaptionFrame(offset: offset, drum: drum),
            transform: Transform(translation: Point(x: 0, y: tuning.captionShift * n)),
            alpha: 1 - abs(n), zIndex: Self.captionZ)
    }

    // MARK: Visible range

    /// Cells whose drawn frame meets `rect`, then the captions of those cells that are visible
    /// at all (alpha > 0). Drawn positions grow monotonically with the distance from the centre,
    /// so the search walks out from the centre row and stops at the first row past each edge.
    public func attributes(in rect: Rect, offset: Double, content drum: Double) -> [LayoutAttributes] {
        let cells = cellAttributes(in: rect, offset: offset, drum: drum)
        let captions = cells.compactMap { captionAttributes(at: $0.index, offset: offset, drum: drum) }.filter { $0.alpha > 0 }
        return cells + captions
    }

    public func cellAttributes(in rect: Rect, offset: Double, drum: Double) -> [LayoutAttributes] {
        guard itemCount > 0, pizzaSize > 0, !rect.isEmpty else { return [] }
        let center = nearestIndex(atOffset: offset)
        var before: [LayoutAttributes] = []
        var index = center - 1
        while index >= 0, let a = attributes(at: index, offset: offset, content: drum), a.drawnFrame.maxY > rect.minY {
            if a.drawnFrame.intersects(rect) { before.append(a) }
            index -= 1
        }
        var after: [LayoutAttributes] = []
        index = center
        while index < itemCount, let a = attributes(at: index, offset: offset, content: drum) {
            // The centre row may lie above the rect when it is scrolled past the last pizza.
            if index > center, a.drawnFrame.minY >= rect.maxY { break }
            if a.drawnFrame.intersects(rect) { after.append(a) }
            index += 1
        }
        return before.reversed() + after
    }
}
