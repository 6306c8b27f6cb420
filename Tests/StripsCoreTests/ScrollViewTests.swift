import Testing
@testable import StripsCore

/// Items `pitch` apart along one axis, with insets: the least a strip needs to scroll and snap.
struct EvenLayout: CollectionLayout {
    typealias Content = Void
    var viewport = Size.zero
    var axis = Axis.horizontal
    var itemCount: Int
    var pitch: Double
    var inset = 0.0
    var contentLength: Double { Double(itemCount) * pitch }
    var leadingInset: Double { inset }
    var trailingInset: Double { inset }
    func position(atOffset offset: Double) -> Double { (offset + inset) / pitch }
    func offset(atPosition position: Double) -> Double { position * pitch - inset }
    func attributes(in rect: Rect, offset: Double, content: Void) -> [LayoutAttributes] { [] }
    func attributes(at index: Int, offset: Double, content: Void) -> LayoutAttributes? { nil }
}

/// A strip of `layout` in a `viewport`-sized frame, showing item `position`.
private func strip(_ layout: EvenLayout, _ snapping: Snapping, viewport: Size, position: Double) -> Strip<EvenLayout> {
    var s = Strip(layout, snapping: snapping)
    s.place(in: Rect(origin: .zero, size: viewport), showing: position)
    return s
}

/// A paging strip of 5 pages of 1000 points.
private func pagingStrip() -> Strip<EvenLayout> {
    strip(EvenLayout(itemCount: 5, pitch: 1000), Snapping(.paging), viewport: Size(width: 1000, height: 700), position: 1)
}

/// Drags from x0 to x1 over `duration` seconds in 10 ms steps, then releases at `release`.
private func drag(_ s: inout Strip<EvenLayout>, from x0: Double, to x1: Double, duration: Double, release: Double? = nil) {
    let steps = max(1, Int(duration / 0.01))
    s.press(Point(x: x0, y: 0), at: 0)
    for i in 1...steps {
        s.drag(Point(x: x0 + (x1 - x0) * Double(i) / Double(steps), y: 0), at: Double(i) * 0.01)
    }
    s.release(Point(x: x1, y: 0), at: release ?? Double(steps) * 0.01)
}

private func settle(_ s: inout Strip<EvenLayout>, from t0: Double = 0) -> Double {
    var t = t0
    while !s.isIdle && t < t0 + 10 {
        t += 1.0 / 60
        s.tick(at: t)
    }
    return s.offset
}

@Suite struct PagingTests {
    @Test func fastFlickMovesOnePage() {
        var s = pagingStrip()
        drag(&s, from: 600, to: 500, duration: 0.05)  // 2000 pt/s, only 100 pt moved
        #expect(settle(&s) == 2000)
    }

    @Test func slowReleasePastHalfMoves() {
        var s = pagingStrip()
        drag(&s, from: 900, to: 300, duration: 0.5, release: 0.8)  // rested 300 ms: no velocity
        #expect(settle(&s, from: 0.8) == 2000)
    }

    @Test func slowReleaseBeforeHalfReturns() {
        var s = pagingStrip()
        drag(&s, from: 900, to: 500, duration: 0.5, release: 0.8)
        #expect(settle(&s, from: 0.8) == 1000)
    }

    @Test func neverTwoPagesEvenOnAHugeFling() {
        var s = pagingStrip()
        drag(&s, from: 900, to: 100, duration: 0.05)  // 16,000 pt/s
        #expect(settle(&s) == 2000)
        var back = pagingStrip()
        drag(&back, from: 100, to: 900, duration: 0.05)
        #expect(settle(&back) == 0)
    }

    @Test func flickAgainstTheMotionReturns() {
        var s = pagingStrip()
        // Drag forward 40 % then flick back: returns to the page it started on.
        s.press(Point(x: 900, y: 0), at: 0)
        s.drag(Point(x: 500, y: 0), at: 0.3)
        s.drag(Point(x: 560, y: 0), at: 0.33)
        s.release(Point(x: 600, y: 0), at: 0.35)
        #expect(settle(&s, from: 0.35) == 1000)
    }

    @Test func rubberBandAtTheFirstPage() {
        var s = pagingStrip()
        s.show(position: 0)
        s.press(Point(x: 100, y: 0), at: 0)
        s.drag(Point(x: 600, y: 0), at: 0.5)
        // 500 pt pulled past the edge shows (1 - 1/(500*0.55/1000+1)) * 1000 = 215.7 pt.
        #expect(abs(s.offset + 215.686) < 1e-3)
        s.release(Point(x: 600, y: 0), at: 0.9)
        #expect(settle(&s, from: 0.9) == 0)
    }
}

@Suite struct SnappingTests {
    @Test func flingLandsOnTheLayoutsTarget() {
        // A thumbnail strip's numbers: 37 pt pitch, insets that let the ends reach the centre.
        var s = strip(EvenLayout(itemCount: 100, pitch: 37, inset: 383.5), Snapping(.nearestItem),
                      viewport: Size(width: 800, height: 66), position: 0)
        #expect(s.offset == -383.5)
        s.press(Point(x: 500, y: 0), at: 0)
        for i in 1...5 { s.drag(Point(x: 500 - Double(i) * 15, y: 0), at: Double(i) * 0.01) }
        s.release(Point(x: 425, y: 0), at: 0.05)
        var t = 0.05, last = s.offset
        var monotonic = true
        while !s.isIdle {
            t += 1.0 / 60
            s.tick(at: t)
            if s.offset < last - 1e-9 { monotonic = false }
            last = s.offset
        }
        let slot = (s.offset + 383.5) / 37
        #expect(abs(slot - slot.rounded()) < 1e-9)
        #expect(slot > 2)
        #expect(monotonic)
    }

    @Test func shortDragGlidesBackWithoutAJump() {
        // A pizza strip's numbers: 300 pt pizzas in a 600 pt strip, 150 pt insets.
        var s = strip(EvenLayout(axis: .vertical, itemCount: 10, pitch: 300, inset: 150), Snapping(.nearestItem),
                      viewport: Size(width: 300, height: 600), position: 2)
        #expect(s.offset == 450)
        s.press(Point(x: 0, y: 300), at: 0)
        s.drag(Point(x: 0, y: 260), at: 0.3)
        s.release(Point(x: 0, y: 260), at: 0.6)
        #expect(s.offset == 490)
        // The first frame after release moves a little, not all the way: a glide, not a snap.
        s.tick(at: 0.6 + 1.0 / 60)
        #expect(s.offset < 490 && s.offset > 470)
        var t = 0.6
        while !s.isIdle { t += 1.0 / 60; s.tick(at: t) }
        #expect(s.offset == 450)
    }

    @Test func oneWheelNotchTurnsOnePage() {
        var s = pagingStrip()
        s.wheel(1, at: 0)
        #expect(s.offset == 1000 + Tuning.defaults.scroll.wheelStep)
        s.tick(at: 0.1)
        #expect(!s.isIdle)
        #expect(settle(&s, from: 0.1) == 2000)
    }

    @Test func aLongWheelGestureStillTurnsOnlyOnePage() {
        var s = pagingStrip()
        for i in 0..<100 { s.wheel(-1, at: Double(i) * 0.01) }
        #expect(s.offset == 0)
        #expect(settle(&s, from: 1) == 0)
        var t = pagingStrip()
        for i in 0..<100 { t.wheel(1, at: Double(i) * 0.01) }
        #expect(settle(&t, from: 1) == 2000)
    }

    @Test func wheelOnASnappingStripSettlesOnTheNearestTarget() {
        var s = strip(EvenLayout(itemCount: 50, pitch: 100), Snapping(.nearestItem),
                      viewport: Size(width: 500, height: 100), position: 10)
        s.wheel(1, at: 0)
        s.wheel(0.5, at: 0.05)
        #expect(s.offset == 1000 + 1.5 * Tuning.defaults.scroll.wheelStep)
        var t = 0.05
        while !s.isIdle { t += 1.0 / 60; s.tick(at: t) }
        #expect(s.offset == 1100)
    }
}
