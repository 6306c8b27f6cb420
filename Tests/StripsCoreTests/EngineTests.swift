import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// The one snapping function every strip comes to rest through.
@Suite struct SnappingPolicyTests {
    /// Five 1000 pt pages, as the preview strip lays them out.
    let pages = { () -> PreviewLayout in
        var l = PreviewLayout(itemCount: 5)
        l.viewport = Size(width: 1000, height: 700)
        return l
    }()

    @Test func pagingMovesAtMostOnePageFromWhereTheGestureBegan() {
        let paging = Snapping(.paging)
        // A 16,000 pt/s flick from page 1, released past page 2: page 2, never 3.
        #expect(paging.restingOffset(after: .fling(startOffset: 1000, velocity: 16_000), from: 2300,
                                     decelerationRate: Tuning.defaults.scroll.fastDeceleration, layout: pages) == 2000)
        // Slow releases go to the nearest page; 250 pt/s is the line between slow and a flick.
        #expect(paging.restingOffset(after: .fling(startOffset: 1000, velocity: 249), from: 1400,
                                     decelerationRate: Tuning.defaults.scroll.fastDeceleration, layout: pages) == 1000)
        #expect(paging.restingOffset(after: .fling(startOffset: 1000, velocity: 250), from: 1400,
                                     decelerationRate: Tuning.defaults.scroll.fastDeceleration, layout: pages) == 2000)
        // Never past the last page.
        #expect(paging.restingOffset(after: .fling(startOffset: 4000, velocity: 5000), from: 4100,
                                     decelerationRate: Tuning.defaults.scroll.fastDeceleration, layout: pages) == 4000)
    }

    @Test func aWheelGesturePagesInItsDirectionOnce() {
        let paging = Snapping(.paging)
        #expect(paging.restingOffset(after: .wheel(startOffset: 1000), from: 1048, decelerationRate: 0.99, layout: pages) == 2000)
        #expect(paging.restingOffset(after: .wheel(startOffset: 1000), from: 1000.5, decelerationRate: 0.99, layout: pages) == 1000)
        #expect(paging.wheelRange(start: 1000, within: 0...4000, layout: pages) == 0...2000)
        #expect(Snapping(.nearestItem).wheelRange(start: 1000, within: 0...4000, layout: pages) == 0...4000)
    }

    @Test func nearestItemUsesTheDecelerationsRestingPoint() {
        // At 0.99 per ms a 1100 pt/s fling from 1000 rests 1100 / 10.05 = 109 pt on: page 1.
        let nearest = Snapping(.nearestItem)
        #expect(nearest.restingOffset(after: .fling(startOffset: 0, velocity: 1100), from: 1000,
                                      decelerationRate: Tuning.defaults.scroll.fastDeceleration, layout: pages) == 1000)
        // At 0.998 the same fling rests 1100 / 2.002 = 549 pt on: page 1.55 rounds to 2.
        #expect(nearest.restingOffset(after: .fling(startOffset: 0, velocity: 1100), from: 1000,
                                      decelerationRate: Tuning.defaults.scroll.normalDeceleration, layout: pages) == 2000)
    }

    @Test func aWheelGestureMovesAtLeastOneItemWhenAsked() {
        let pizza = Snapping(.nearestItem, wheelMovesAtLeastOneItem: true)
        // One notch (48 pt) of a 1000 pt item would settle back; it moves one item instead.
        #expect(pizza.restingOffset(after: .wheel(startOffset: 1000), from: 1048, decelerationRate: 0.99, layout: pages) == 2000)
        #expect(pizza.restingOffset(after: .wheel(startOffset: 1000), from: 952, decelerationRate: 0.99, layout: pages) == 0)
        #expect(Snapping(.nearestItem).restingOffset(after: .wheel(startOffset: 1000), from: 1048, decelerationRate: 0.99, layout: pages) == 1000)
    }

    @Test func freeStripsCoast() {
        #expect(Snapping(.free).restingOffset(after: .fling(startOffset: 0, velocity: 900), from: 10, decelerationRate: 0.99, layout: pages) == nil)
    }
}

/// `Strip`: window <-> content points, cells in window points, hit-testing.
@Suite struct StripTests {
    let content = PageStripContent(aspects: [0.7, 1.5, 1, 0.5, 2])

    func thumbnails(slot: Double) -> Strip<ThumbnailLayout> {
        var strip = Strip(ThumbnailLayout(itemCount: 5), snapping: Snapping(.nearestItem))
        strip.place(in: Rect(x: 100, y: 500, width: 800, height: 66), showing: slot)
        return strip
    }

    @Test func convertsBetweenWindowAndContentPoints() {
        let strip = thumbnails(slot: 2)
        let offset = strip.offset
        #expect(strip.contentPoint(fromWindow: Point(x: 100, y: 500)) == Point(x: offset, y: 0))
        #expect(strip.windowPoint(fromContent: Point(x: offset + 10, y: 33)) == Point(x: 110, y: 533))
    }

    @Test func cellsAreInWindowPointsAndCentredOnTheFocus() throws {
        let strip = thumbnails(slot: 2)
        let cells = strip.cells(in: Rect(x: 0, y: 0, width: 1000, height: 700), content: content)
        let focused = try #require(cells.first { $0.index == 2 })
        #expect(abs(focused.frame.midX - 500) < 1e-9)  // the centre of a strip from x 100 to 900
        #expect(focused.frame.minY == 500 && focused.frame.height == 66)
        #expect(strip.cell(at: Point(x: 500, y: 530), content: content)?.index == 2)
        // Off any cell: nothing, unless the axis alone is asked (a click in a gap).
        #expect(strip.cell(at: Point(x: 500, y: 400), content: content) == nil)
        #expect(strip.cell(at: Point(x: 500, y: 400), content: content, alongAxis: true)?.index == 2)
        #expect(strip.cells(in: Rect(x: 0, y: 0, width: 10, height: 10), content: content).isEmpty)
    }

    @Test func placingKeepsThePositionAcrossSizes() {
        var strip = thumbnails(slot: 3)
        strip.place(in: Rect(x: 0, y: 0, width: 300, height: 66), showing: strip.position)
        #expect(abs(strip.position - 3) < 1e-9)
        #expect(strip.nearestIndex == 3)
    }
}

/// A frame decides how each picture is drawn from the state the renderer reports, on the
/// scene's clock: placeholder, fade, picture or error card.
@Suite struct DrawListTests {
    struct States: PictureLookup {
        var states: [String: PictureStatus]
        func status(of image: ImageRef) -> PictureStatus { states[image.path] ?? .missing }
    }

    func frame(at time: Double) -> Frame {
        let pages = SceneHarness.pages([0.7, 1.5])
        return PhotosScene(documentName: "D", pages: pages, windowSize: Size(width: 800, height: 600)).frame(at: time)
    }

    func pictures(_ list: DrawList) -> [ImageQuad] {
        list.items.compactMap { if case .image(let q) = $0 { return q } else { return nil } }
    }

    @Test func missingPicturesArePaperAndTheFrameWaits() {
        let list = DrawList(frame(at: 1), pictures: States(states: [:]))
        #expect(pictures(list).isEmpty)
        #expect(list.isWaiting && !list.isFading)
        #expect(list.items.contains { if case .fill(let f) = $0 { return f.color == .paper } else { return false } })
    }

    @Test func aDecodedPictureFadesInOverAHundredAndFiftyMilliseconds() throws {
        let ready = States(states: ["/nonexistent/p0.png": .ready(since: 0), "/nonexistent/p1.png": .ready(since: 0)])
        let half = DrawList(frame(at: Tuning.defaults.preview.pictureFadeDuration / 2), pictures: ready)
        #expect(half.isFading)
        #expect(pictures(half).allSatisfy { abs($0.alpha - 0.5) < 1e-9 })
        let done = DrawList(frame(at: Tuning.defaults.preview.pictureFadeDuration), pictures: ready)
        #expect(!done.isFading && !done.isWaiting)
        #expect(pictures(done).allSatisfy { $0.alpha == 1 })
    }

    @Test func aFailedPictureIsAnErrorCardWithItsReason() throws {
        let failed = States(states: ["/nonexistent/p0.png": .failed(reason: "the file is truncated")])
        let cards = DrawList(frame(at: 0), pictures: failed).items.compactMap { if case .errorCard(let c) = $0 { return c } else { return nil } }
        let card = try #require(cards.first)
        #expect(card.name == "p0.png" && card.reason == "the file is truncated")
    }

    @Test func theFrameAsksForWhatItDrawsFirstThenWhatComesNext() {
        let requests = frame(at: 0).pictures
        let drawn = requests.prefix { $0.drawnAt != nil }
        #expect(drawn.map(\.image) == [ImageRef(path: "/nonexistent/p0.png", variant: .full),
                                       ImageRef(path: "/nonexistent/p0.png", variant: .thumbnail),
                                       ImageRef(path: "/nonexistent/p1.png", variant: .thumbnail)])
        #expect(requests.dropFirst(drawn.count).allSatisfy { $0.drawnAt == nil })
        #expect(requests.contains { $0.drawnAt == nil && $0.image == ImageRef(path: "/nonexistent/p1.png", variant: .full) })
    }
}

@Suite struct FrameStepperTests {
    @Test func oneStepDeliversTicksAndBuildsTheFrame() {
        var stepper = FrameStepper(scene: PhotosScene(documentName: "D", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600)))
        stepper.deliver(.key(Key(.right)), at: 0)
        let moving = stepper.step(at: 0.1)
        #expect(!moving.isIdle && moving.time == 0.1 && moving.scene == "photos")
        let rested = stepper.step(at: 0.5)
        #expect(rested.isIdle && stepper.scene.strips.focusIndex == 1 && stepper.frameCount == 2)
        #expect(rested.title == "D - page 2 of 5")
    }
}
