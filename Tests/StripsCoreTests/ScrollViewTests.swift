import Testing
@testable import StripsCore

/// A paging strip of 5 pages of 1000 points.
private func pagingStrip() -> ScrollView {
    var s = ScrollView(axis: .horizontal, decelerationRate: Deceleration.fastRate, paging: true)
    s.setGeometry(viewport: 1000, contentLength: 5000, leadingInset: 0, trailingInset: 0, offset: 1000)
    return s
}

/// Drags from x0 to x1 over `duration` seconds in 10 ms steps, then releases at `release`.
private func drag(_ s: inout ScrollView, from x0: Double, to x1: Double, duration: Double, release: Double? = nil) {
    let steps = max(1, Int(duration / 0.01))
    s.beginDrag(pointer: Point(x: x0, y: 0), at: 0)
    for i in 1...steps {
        s.drag(pointer: Point(x: x0 + (x1 - x0) * Double(i) / Double(steps), y: 0), at: Double(i) * 0.01)
    }
    s.endDrag(pointer: Point(x: x1, y: 0), at: release ?? Double(steps) * 0.01, target: nil)
}

private func settle(_ s: inout ScrollView, from t0: Double = 0) -> Double {
    var t = t0
    while !s.isIdle && t < t0 + 10 {
        t += 1.0 / 60
        s.tick(at: t, target: nil)
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
        s.beginDrag(pointer: Point(x: 900, y: 0), at: 0)
        s.drag(pointer: Point(x: 500, y: 0), at: 0.3)
        s.drag(pointer: Point(x: 560, y: 0), at: 0.33)
        s.endDrag(pointer: Point(x: 600, y: 0), at: 0.35, target: nil)
        #expect(settle(&s, from: 0.35) == 1000)
    }

    @Test func rubberBandAtTheFirstPage() {
        var s = pagingStrip()
        s.setOffset(0)
        s.beginDrag(pointer: Point(x: 100, y: 0), at: 0)
        s.drag(pointer: Point(x: 600, y: 0), at: 0.5)
        // 500 pt pulled past the edge shows (1 - 1/(500*0.55/1000+1)) * 1000 = 215.7 pt.
        #expect(abs(s.offset + 215.686) < 1e-3)
        s.endDrag(pointer: Point(x: 600, y: 0), at: 0.9, target: nil)
        #expect(settle(&s, from: 0.9) == 0)
    }
}

@Suite struct SnappingTests {
    @Test func flingLandsOnTheLayoutsTarget() {
        var s = ScrollView(axis: .horizontal, decelerationRate: Deceleration.fastRate)
        s.setGeometry(viewport: 800, contentLength: 37 * 100, leadingInset: 383.5, trailingInset: 383.5, offset: -383.5)
        let snap: (Double, Double) -> Double = { proposed, _ in ((proposed + 383.5) / 37).rounded() * 37 - 383.5 }
        s.beginDrag(pointer: Point(x: 500, y: 0), at: 0)
        for i in 1...5 { s.drag(pointer: Point(x: 500 - Double(i) * 15, y: 0), at: Double(i) * 0.01) }
        s.endDrag(pointer: Point(x: 425, y: 0), at: 0.05, target: snap)
        var t = 0.05, last = s.offset
        var monotonic = true
        while !s.isIdle {
            t += 1.0 / 60
            s.tick(at: t, target: snap)
            if s.offset < last - 1e-9 { monotonic = false }
            last = s.offset
        }
        let slot = (s.offset + 383.5) / 37
        #expect(abs(slot - slot.rounded()) < 1e-9)
        #expect(slot > 2)
        #expect(monotonic)
    }

    @Test func shortDragGlidesBackWithoutAJump() {
        var s = ScrollView(axis: .vertical, decelerationRate: Deceleration.fastRate)
        s.setGeometry(viewport: 600, contentLength: 3000, leadingInset: 150, trailingInset: 150, offset: 450)
        let snap: (Double, Double) -> Double = { proposed, _ in ((proposed + 150) / 300).rounded() * 300 - 150 }
        s.beginDrag(pointer: Point(x: 0, y: 300), at: 0)
        s.drag(pointer: Point(x: 0, y: 260), at: 0.3)
        s.endDrag(pointer: Point(x: 0, y: 260), at: 0.6, target: snap)
        #expect(s.offset == 490)
        // The first frame after release moves a little, not all the way: a glide, not a snap.
        s.tick(at: 0.6 + 1.0 / 60, target: snap)
        #expect(s.offset < 490 && s.offset > 470)
        var t = 0.6
        while !s.isIdle { t += 1.0 / 60; s.tick(at: t, target: snap) }
        #expect(s.offset == 450)
    }

    @Test func oneWheelNotchTurnsOnePage() {
        var s = pagingStrip()
        s.wheel(delta: 1, at: 0)
        #expect(s.offset == 1000 + ScrollView.wheelStep)
        s.tick(at: 0.1, target: nil)
        #expect(!s.isIdle)
        #expect(settle(&s, from: 0.1) == 2000)
    }

    @Test func aLongWheelGestureStillTurnsOnlyOnePage() {
        var s = pagingStrip()
        for i in 0..<100 { s.wheel(delta: -1, at: Double(i) * 0.01) }
        #expect(s.offset == 0)
        #expect(settle(&s, from: 1) == 0)
        var t = pagingStrip()
        for i in 0..<100 { t.wheel(delta: 1, at: Double(i) * 0.01) }
        #expect(settle(&t, from: 1) == 2000)
    }

    @Test func wheelOnASnappingStripSettlesOnTheNearestTarget() {
        var s = ScrollView(axis: .horizontal)
        s.setGeometry(viewport: 500, contentLength: 5000, leadingInset: 0, trailingInset: 0, offset: 1000)
        let snap: (Double, Double) -> Double = { p, _ in (p / 100).rounded() * 100 }
        s.wheel(delta: 1, at: 0)
        s.wheel(delta: 0.5, at: 0.05)
        #expect(s.offset == 1000 + 1.5 * ScrollView.wheelStep)
        var t = 0.05
        while !s.isIdle { t += 1.0 / 60; s.tick(at: t, target: snap) }
        #expect(s.offset == 1100)
    }
}
