import StripsBench
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// The benchmark compares our visible-range thumbnail layout with a re-implementation of the
/// article's (every cell, each shifted by a reduction over all the others). The comparison is
/// only fair if both lay out the same frames: these tests hold them to that.
@Suite struct ArticleLayoutTests {
    let aspects = [0.7, 1.5, 0.1, 8.0, 1.0, 0.7, 0.7, 3.0, 0.4, 1.33, 0.75, 2.2]

    func layouts(slot: Double, width: Double = 800, rate: Double = 1, count: Int? = nil,
                 slots: SlotMap = SlotMap(), focus: (Int, Int, Double)? = nil) -> (ThumbnailLayout, ArticleThumbnailLayout, Double, PageStripContent) {
        let shapes = count.map { BenchPages.aspects(count: $0) } ?? aspects
        var ours = ThumbnailLayout(itemCount: shapes.count)
        ours.viewport = Size(width: width, height: 66)
        let content = PageStripContent(aspects: shapes, slots: slots, expandingRate: rate,
                                       focusOverride: focus.map { FocusOverride(from: $0.0, to: $0.1, progress: $0.2) })
        return (ours, ArticleThumbnailLayout(ours), ours.offset(atPosition: slot), content)
    }

    /// Same cells, same order, frames and alphas equal to rounding.
    func expectSameFrames(_ pair: (ThumbnailLayout, ArticleThumbnailLayout, Double, PageStripContent), rect: Rect? = nil,
                          sourceLocation: SourceLocation = #_sourceLocation) {
        let (ours, article, offset, content) = pair
        let r = rect ?? ours.bounds(at: offset)
        let a = ours.attributes(in: r, offset: offset, content: content), b = article.attributes(in: r, offset: offset, content: content)
        #expect(a.map(\.index) == b.map(\.index), sourceLocation: sourceLocation)
        #expect(!a.isEmpty, sourceLocation: sourceLocation)
        for (x, y) in zip(a, b) {
            let fx = x.drawnFrame, fy = y.drawnFrame
            let close = abs(fx.minX - fy.minX) < 1e-9 && abs(fx.width - fy.width) < 1e-9
                && abs(fx.minY - fy.minY) < 1e-9 && abs(fx.height - fy.height) < 1e-9 && abs(x.alpha - y.alpha) < 1e-12
            #expect(close, "cell \(x.index): \(fx) vs \(fy)", sourceLocation: sourceLocation)
        }
        for i in [0, ours.itemCount / 2, ours.itemCount - 1] {
            let fx = ours.attributes(at: i, offset: offset, content: content)!.drawnFrame
            let fy = article.attributes(at: i, offset: offset, content: content)!.drawnFrame
            #expect(abs(fx.minX - fy.minX) < 1e-9 && abs(fx.width - fy.width) < 1e-9, sourceLocation: sourceLocation)
        }
    }

    @Test func atRestOnEveryPage() {
        for slot in aspects.indices { expectSameFrames(layouts(slot: Double(slot))) }
    }

    @Test func midScrollBetweenPages() {
        for slot in stride(from: 0.0, through: Double(aspects.count - 1), by: 0.13) {
            expectSameFrames(layouts(slot: slot))
            expectSameFrames(layouts(slot: slot, rate: 0.4))
        }
    }

    @Test func wholeStripAndNarrowWindows() {
        let wide = Rect(x: -3000, y: 0, width: 8000, height: 66)
        expectSameFrames(layouts(slot: 4.5), rect: wide)
        expectSameFrames(layouts(slot: 2.3, width: 120))
        expectSameFrames(layouts(slot: 7.8, width: 1280, rate: 0))
    }

    @Test func benchmarkDocumentsAgree() {
        for n in [1, 2, 10, 200] {
            let mid = Double(n / 2)
            expectSameFrames(layouts(slot: mid, width: 1280, count: n))
            if n > 1 { expectSameFrames(layouts(slot: mid + 0.37, width: 1280, count: n)) }
        }
    }

    /// The article's cell updates (`config.updates`): deletes, inserts and the focus moving.
    @Test func duringEditorAnimations() {
        let deleting = SlotMap([5: CellTransition(visibility: 0.3, presence: 0.6)])
        expectSameFrames(layouts(slot: 5, slots: deleting))
        expectSameFrames(layouts(slot: 4.6, slots: deleting))
        let inserting = SlotMap([3: CellTransition(visibility: 0, presence: 0.5), 4: CellTransition(visibility: 0, presence: 0.5)])
        expectSameFrames(layouts(slot: 3.2, slots: inserting, focus: (6, 3, 0.5)))
        expectSameFrames(layouts(slot: 2.4, focus: (1, 6, 0.7)))
    }

    /// The workload the bench times: both methods see the same frames at every step.
    @Test func workloadsLayOutTheSameFrames() {
        let ours = LayoutWorkload(pageCount: 300, method: .visibleRange)
        let article = LayoutWorkload(pageCount: 300, method: .article)
        for k in [0, 1, 17, 50, 96, 97] {
            #expect(abs(ours.frame(k) - article.frame(k)) < 1e-6)
            let s = ours.slot(frame: k)
            #expect(s > 150 && s < 151)
        }
    }
}

@Suite struct BenchmarkHelperTests {
    @Test func percentilesByNearestRank() {
        let p = Percentiles((1...100).map(Double.init))
        #expect(p.p50 == 50)
        #expect(p.p99 == 99)
        #expect(p.max == 100)
        #expect(p.mean == 50.5)
        #expect(Percentiles([]).count == 0)
        #expect(Percentiles([7]).p99 == 7)
    }

    @Test func syntheticPagesAreVariedAndDeterministic() {
        let pages = BenchPages.synthetic(count: 50, paths: ["a.jpg", "b.jpg"])
        #expect(pages == BenchPages.synthetic(count: 50, paths: ["a.jpg", "b.jpg"]))
        #expect(Set(pages.map(\.id)).count == 50)
        #expect(Set(pages.map(\.aspectRatio)).count > 10)
        #expect(pages[3].path == "b.jpg")
    }

    @Test func flingSessionDeliversEveryStepOnce() {
        let session = FlingSession()
        #expect(session.frameCount == 180)
        let delivered = (0...session.frameCount).flatMap { session.steps(forFrame: $0) }
        #expect(delivered == session.steps)
        #expect(session.steps.allSatisfy { $0.time < session.duration })
    }

    @Test func flingSessionKeepsTheEditorMoving() {
        let session = FlingSession()
        var stepper = FrameStepper(scene: PhotosScene(documentName: "bench", pages: BenchPages.synthetic(count: 1000, paths: ["x"]),
                                                      windowSize: session.window))
        var moving = 0
        for k in 0..<session.frameCount {
            let t = Double(k) * FrameStepper<PhotosScene>.interval
            for step in session.steps(forFrame: k) { stepper.deliver(step.event, at: step.time) }
            if !stepper.step(at: t).isIdle { moving += 1 }
        }
        #expect(moving > session.frameCount * 3 / 4)
        #expect(stepper.scene.strips.focusIndex > 5)
    }

    @Test func tableAlignsColumns() {
        var table = TextTable(["N", "time"])
        table.add(["10", "1.00 us"])
        table.add(["100000", "12 ns"])
        #expect(table.rendered == "N          time\n------  -------\n10      1.00 us\n100000    12 ns")
        #expect(TextTable.duration(ns: 1234) == "1.23 us")
        #expect(TextTable.duration(ns: 12_345_678) == "12.3 ms")
        #expect(TextTable.format(0.05, 1) == "0.1")
        #expect(TextTable.format(-2.5, 2) == "-2.50")
    }
}
