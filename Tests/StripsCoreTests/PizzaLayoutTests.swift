import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPizza

/// The Pizza article's numbers, read off the layout at named offsets. A 512 x 600 strip with
/// 300 pt pizzas: the centre pizza spans y 150...450 on screen, insets are 150 pt.
@Suite struct PizzaLayoutTests {

    static func layout(_ half: PizzaHalf = .left, count: Int = 9, offset: Double, drum: Bool = false) -> LayoutAt<PizzaHalfLayout> {
        var layout = PizzaHalfLayout(half: half, itemCount: count)
        layout.viewport = Size(width: 512, height: 600)
        return LayoutAt(layout, offset: offset, content: drum ? 1 : 0)
    }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
    func close(_ a: Rect, _ b: Rect) -> Bool {
        close(a.minX, b.minX, 1e-6) && close(a.minY, b.minY, 1e-6) && close(a.width, b.width, 1e-6) && close(a.height, b.height, 1e-6)
    }

    @Test func insetsLetTheFirstAndLastPizzaReachTheCentre() {
        let layout = Self.layout(offset: 0)
        #expect(layout.inset == 150)
        #expect(layout.offset(for: 0) == -150)
        #expect(layout.offset(for: 8) == 2250)
        #expect(layout.contentSize.height == 2700)
        #expect(layout.itemSize == Size(width: 150, height: 300))
        #expect(layout.position(forOffset: 450) == 2)
        #expect(layout.nearestIndex(forOffset: 450 + 149) == 2)
        #expect(layout.nearestIndex(forOffset: 450 + 151) == 3)
        #expect(layout.nearestIndex(forOffset: -1000) == 0)
        #expect(layout.nearestIndex(forOffset: 99_999) == 8)
    }

    @Test func centrePizzaIsWholeAndOpaque() throws {
        let layout = Self.layout(offset: 450)  // pizza 2 centred
        let a = try #require(layout.attributes(at: 2))
        #expect(layout.norm(at: 2) == 0)
        #expect(a.transform.scale == 1 && a.alpha == 1 && a.zIndex == 0)
        // Left half: right edge at the centre line (x 512) minus 2.
        #expect(close(a.drawnFrame, Rect(x: 360, y: 600, width: 150, height: 300)))
        let r = try #require(Self.layout(.right, offset: 450).attributes(at: 2))
        // Right half: left edge at the centre line (x 0) plus 2.
        #expect(close(r.drawnFrame, Rect(x: 2, y: 600, width: 150, height: 300)))
    }

    @Test func neighboursShrinkFadeAndCloseUp() throws {
        let layout = Self.layout(offset: 450)
        // One pizza (300 pt) below: norm clamps to 1, scale = alpha = 1 - 0.6 = 0.4,
        // pulled up by 300 / 4 * 0.4 = 30 pt: centre 1050 - 30 = 1020, size 60 x 120.
        let below = try #require(layout.attributes(at: 3))
        #expect(layout.norm(at: 3) == 1)
        #expect(close(below.transform.scale, 0.4) && close(below.alpha, 0.4))
        #expect(close(below.drawnFrame, Rect(x: 450, y: 960, width: 60, height: 120)))
        let above = try #require(layout.attributes(at: 1))
        #expect(layout.norm(at: 1) == -1)
        #expect(close(above.drawnFrame, Rect(x: 450, y: 420, width: 60, height: 120)))
        // Two pizzas away: pulled by 600 / 4 * 0.4 = 60.
        let far = try #require(layout.attributes(at: 4))
        #expect(close(far.drawnFrame.midY, 1350 - 60))
    }

    @Test func halfWayToTheCriticalOffset() throws {
        // 100 pt past pizza 2: norm -0.5, scale = alpha = 0.7, pushed down by 100 / 4 * 0.7 = 17.5.
        let layout = Self.layout(offset: 550)
        let a = try #require(layout.attributes(at: 2))
        #expect(close(layout.norm(at: 2), -0.5))
        #expect(close(a.transform.scale, 0.7) && close(a.alpha, 0.7))
        #expect(close(a.drawnFrame, Rect(x: 510 - 105, y: 767.5 - 105, width: 105, height: 210)))
        // 50 pt past: norm -0.25, scale 0.85, pushed down 50 / 4 * 0.85.
        let b = try #require(Self.layout(offset: 500).attributes(at: 2))
        #expect(close(b.transform.scale, 0.85))
        #expect(close(b.drawnFrame.midY, 750 + 10.625))
        // The next pizza, 250 pt below the centre: norm clamped to 1.
        #expect(Self.layout(offset: 500).norm(at: 3) == 1)
    }

    @Test func frameIsSetBeforeTheScale() throws {
        // The frame keeps the full 150 x 300 size; only the transform scales it, about its centre.
        let a = try #require(Self.layout(offset: 550).attributes(at: 2))
        #expect(a.frame.size == Size(width: 150, height: 300))
        #expect(close(a.frame.center.x, 510 - 52.5) && close(a.frame.center.y, 767.5))
    }

    @Test func visibleRangeOnly() {
        let layout = Self.layout(offset: 450)
        let cells = layout.cellAttributes(in: layout.bounds)
        #expect(cells.map(\.index) == [1, 2, 3])
        let top = Self.layout(offset: -150)
        #expect(top.cellAttributes(in: top.bounds).map(\.index) == [0, 1])
        // Rubber-banded far past the last pizza: nothing left on screen.
        let past = Self.layout(offset: 5000)
        #expect(past.cellAttributes(in: past.bounds).isEmpty)
    }

    @Test func captionsFadeAndShift() throws {
        // Band: (600 - 300) / 2 - 30 - 30 = 90 pt from the top of the screen, 60 tall.
        let centred = Self.layout(offset: 450)
        let c = try #require(centred.captionAttributes(at: 2))
        #expect(c.frame.minY == 450 + 90 && c.frame.height == 60)
        #expect(c.alpha == 1 && c.transform.translation.y == 0)
        #expect(c.zIndex > (centred.attributes(at: 2)?.zIndex ?? 0))
        // Half-way between pizzas 2 and 3: each at norm -+0.75, alpha 0.25, shifted -+15.
        let between = Self.layout(offset: 600)
        let two = try #require(between.captionAttributes(at: 2))
        let three = try #require(between.captionAttributes(at: 3))
        #expect(close(two.alpha, 0.25) && close(two.transform.translation.y, -15))
        #expect(close(three.alpha, 0.25) && close(three.transform.translation.y, 15))
        #expect(close(two.drawnFrame.minY, 600 + 90 - 15))
        // Invisible captions are not emitted: at rest only the centre pizza has one.
        let captions = centred.attributes(in: centred.bounds).filter { $0.kind == PizzaHalfLayout.captionKind }
        #expect(captions.map(\.index) == [2])
        let moving = between.attributes(in: between.bounds).filter { $0.kind == PizzaHalfLayout.captionKind }
        #expect(moving.map(\.index) == [2, 3])
    }

    @Test func flingsSnapToThePizzaNearestTheirRestingPoint() {
        let layout = Self.layout(offset: 450)
        #expect(layout.restingOffset(proposed: 450 + 140) == 450)
        #expect(layout.restingOffset(proposed: 450 + 160) == 750)
        #expect(layout.restingOffset(proposed: 1420) == 1350)
        #expect(layout.restingOffset(proposed: -900) == -150)
        #expect(layout.restingOffset(proposed: 9000) == 2250)
    }

    @Test func drumOverlapsTheCentreAndOrdersByDistance() throws {
        let layout = Self.layout(offset: 450, drum: true)
        let centre = try #require(layout.attributes(at: 2))
        let below = try #require(layout.attributes(at: 3))
        let above = try #require(layout.attributes(at: 1))
        let far = try #require(layout.attributes(at: 4))
        // Neighbours overlap the centre pizza...
        #expect(below.drawnFrame.minY < centre.drawnFrame.maxY)
        #expect(above.drawnFrame.maxY > centre.drawnFrame.minY)
        // ...150 + (300 - 200) / 4 = 175 pt from the centre.
        #expect(close(below.drawnFrame.midY, 750 + 175))
        // z by distance: the centre on top, then its neighbours, then the far ones.
        #expect(centre.zIndex == 900 && below.zIndex == 800 && above.zIndex == 800 && far.zIndex == 700)
        // The strict order holds while moving, too.
        let moving = Self.layout(offset: 500, drum: true)
        let zs = (0...5).compactMap { moving.attributes(at: $0)?.zIndex }
        #expect(zs[2] > zs[3] && zs[3] > zs[1] && zs[1] > zs[4] && zs[4] > zs[0])
        // Flat strips never overlap and need no order.
        #expect(Self.layout(offset: 500).attributes(at: 3)?.zIndex == 0)
    }

    @Test func priceIsTheMeanRoundedUpToACent() {
        #expect(PizzaPrice.combined(999, 1250) == 1125)  // 1124.5 -> 1125
        #expect(PizzaPrice.combined(1199, 1349) == 1274)
        #expect(PizzaPrice.combined(1199, 1199) == 1199)
        #expect(PizzaPrice.combined(1, 0) == 1)
        #expect(PizzaPrice.format(cents: 1250) == "$12.50")
        #expect(PizzaPrice.format(cents: 1125) == "$11.25")
        #expect(PizzaPrice.format(cents: 5) == "$0.05")
        #expect(PizzaPrice.format(cents: 100) == "$1.00")
    }

    @Test func seededRandomIsDeterministicAndAvoidsTheExcluded() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42)
        let xs = (0..<50).map { _ in a.index(below: 9, other: 4) }
        let ys = (0..<50).map { _ in b.index(below: 9, other: 4) }
        #expect(xs == ys)
        #expect(!xs.contains(4))
        #expect(Set(xs).count == 8)
        var one = SeededRandom(seed: 1)
        #expect(one.index(below: 1, other: 0) == 0)
    }

    @Test func menuParsing() throws {
        let text = "slug\tname\tprice_cents\nmargherita\tMargherita\t999\r\npepperoni\tPepperoni\t1199\n\n"
        let menu = try PizzaMenu.parse(text, folder: "/a")
        #expect(menu.map(\.name) == ["Margherita", "Pepperoni"])
        #expect(menu[1].priceCents == 1199)
        #expect(menu[0].leftImagePath == "/a/margherita-left.png" && menu[0].rightImagePath == "/a/margherita-right.png")
        #expect(throws: PizzaMenu.ParseError.self) { try PizzaMenu.parse("", folder: "/a") }
        #expect(throws: PizzaMenu.ParseError(line: 1, message: "expected the header 'slug<TAB>name<TAB>price_cents'")) {
            try PizzaMenu.parse("a\tb\n", folder: "/a")
        }
        #expect(throws: PizzaMenu.ParseError.self) { try PizzaMenu.parse("slug\tname\tprice_cents\nx\tX\t9.99\n", folder: "/a") }
        #expect(throws: PizzaMenu.ParseError.self) { try PizzaMenu.parse("slug\tname\tprice_cents\nx\tX\n", folder: "/a") }
        #expect(throws: PizzaMenu.ParseError.self) { try PizzaMenu.parse("slug\tname\tprice_cents\nx\tX\t1\nx\tY\t2\n", folder: "/a") }
        #expect(throws: PizzaMenu.ParseError.self) { try PizzaMenu.parse("slug\tname\tprice_cents\n", folder: "/a") }
    }
}

@Suite struct PizzaDrumCaptionTests {
    @Test func captionRisesAboveTheTuckedNeighbour() {
        var layout = PizzaHalfLayout(half: .left, itemCount: 9)
        layout.viewport = Size(width: 500, height: 700)
        let flat = layout.defaultCaptionFrame(offset: 0, drum: 0)
        let drum = layout.defaultCaptionFrame(offset: 0, drum: 1)
        // Neighbour centre 175 pt above the centre, 120 pt tall: its top is 85 pt above the pizza's.
        #expect(abs(flat.minY - drum.minY - 85) < 1e-9)
        #expect(abs(flat.minY - layout.defaultCaptionFrame(offset: 0, drum: 0.5).minY - 42.5) < 1e-9)
    }
}

extension LayoutAt where L == PizzaHalfLayout {
    var inset: Double { layout.inset }
    var itemSize: Size { layout.itemSize }
    func offset(for index: Double) -> Double { layout.offset(atPosition: index) }
    func position(forOffset o: Double) -> Double { layout.position(atOffset: o) }
    func nearestIndex(forOffset o: Double) -> Int { layout.nearestIndex(atOffset: o) }
    func cellAttributes(in rect: Rect) -> [LayoutAttributes] { layout.cellAttributes(in: rect, offset: offset, drum: content) }
    func captionAttributes(at index: Int) -> LayoutAttributes? { layout.captionAttributes(at: index, offset: offset, drum: content) }
    func norm(at index: Int) -> Double { layout.norm(at: index, offset: offset) }
}
