import StripsCore
@testable import StripsPictures
import Testing

/// What a frame decodes, at what size, in which order and within what budget: the plan the
/// renderer follows, without a renderer (a 1000 x 800 window at scale 1).
@Suite struct DecodePlanTests {
    let window = PixelLimit(width: 1000, height: 800)

    func full(_ name: String) -> ImageRef { ImageRef(path: "/pages/\(name).jpg", variant: .full) }
    func thumb(_ name: String) -> ImageRef { ImageRef(path: "/pages/\(name).jpg", variant: .thumbnail) }

    /// A full picture drawn in a `width` x `height` box centred at `x`, `y`.
    func drawn(_ ref: ImageRef, x: Double, y: Double = 400, width: Double = 600, height: Double = 500) -> PictureRequest {
        let box = Rect(center: Point(x: x, y: y), size: Size(width: width, height: height))
        return PictureRequest(image: ref, size: box.size, drawnAt: box)
    }

    func plan(_ requests: [PictureRequest], onWorkers: Bool = true, budget: Int = 100 << 20, held: [ImageRef: Int] = [:]) -> DecodePlan {
        DecodePlan(requests: requests, onWorkers: onWorkers, pixels: window, scale: 1, budget: budget, heldBytes: { held[$0] })
    }

    @Test func workersGetQuickLooksThenLandingThenDrawnNearestTheMiddleThenAhead() {
        let requests = [
            drawn(full("far"), x: 900),
            drawn(full("middle"), x: 500),
            PictureRequest(image: thumb("t"), size: nil, drawnAt: Rect(x: 480, y: 700, width: 60, height: 60)),
            PictureRequest(image: full("ahead"), size: Size(width: 600, height: 500)),
            PictureRequest(image: full("rest"), size: Size(width: 600, height: 500), landing: true),
        ]
        var plan = plan(requests)
        for (i, request) in requests.enumerated() {
            let step = plan.place(request, at: i, held: nil, failed: false)
            #expect(step.decodeNow == nil)
        }
        #expect(plan.jobs.map(\.ref) == [thumb("t"), full("rest"), full("middle"), full("far"), full("ahead")])
        // A thumbnail's first job is a quick look at the thumbnail size; full pictures are decoded
        // at the size they are drawn.
        #expect(plan.jobs[0].stage == .quick && plan.jobs[0].limit == DecodePlan.thumbnailLimit)
        #expect(plan.jobs[2].limit == PixelLimit(width: 600, height: 500))
    }

    @Test func nothingIsDecodedAheadOnceWhatTheFrameWantsFillsFourFifthsOfTheBudget() {
        let requests = [drawn(full("a"), x: 500), PictureRequest(image: full("ahead"), size: Size(width: 600, height: 500)),
                        PictureRequest(image: full("rest"), size: Size(width: 600, height: 500), landing: true)]
        // 80 bytes held of a 100-byte budget: no room; 79: room.
        for (held, expected) in [(80, [full("rest")]), (79, [full("rest"), full("ahead")])] {
            var plan = plan(requests, budget: 100, held: [full("a"): held])
            #expect(plan.roomToPrefetch == (held < 80))
            for (i, request) in requests.enumerated() {
                _ = plan.place(request, at: i, held: i == 0 ? HeldPicture(width: 600, height: 500, limited: true, provisional: false, lastWant: nil) : nil,
                               failed: false)
            }
            #expect(plan.jobs.map(\.ref) == expected)
        }
    }

    @Test func onTheSpotEachDrawnPictureIsDecodedAtOnceAtMostWindowSizedAndNothingAhead() {
        var plan = plan([], onWorkers: false)
        let big = drawn(full("big"), x: 500, width: 2000, height: 1600)
        #expect(plan.place(big, at: 0, held: nil, failed: false).decodeNow == DecodeQueue.Job(ref: full("big"), limit: window))
        let thumbnail = PictureRequest(image: thumb("t"), size: nil, drawnAt: Rect(x: 0, y: 700, width: 60, height: 60))
        // The best thumbnail at once, never a quick look's stand-in.
        #expect(plan.place(thumbnail, at: 1, held: nil, failed: false).decodeNow?.stage == .best)
        #expect(plan.place(PictureRequest(image: full("ahead"), size: Size(width: 10, height: 10)), at: 2, held: nil, failed: false).decodeNow == nil)
        // A picture that cannot be decoded is not tried again.
        #expect(plan.place(drawn(full("bad"), x: 500), at: 3, held: nil, failed: true).decodeNow == nil)
        #expect(plan.jobs.isEmpty)
    }

    @Test func aHeldPictureIsDecodedAgainOnlyOnceItsDrawnSizeHoldsAndDiffers() {
        let request = drawn(full("p"), x: 500, width: 800, height: 600)
        let want = PixelLimit(width: 800, height: 600)
        var held = HeldPicture(width: 400, height: 300, limited: true, provisional: false, lastWant: nil)
        var plan = plan([request], onWorkers: false)
        // First frame at this size: only noted (an animation may still be changing it).
        var step = plan.place(request, at: 0, held: held, failed: false)
        #expect(step.decodeNow == nil && step.drawn == .some(want) && step.detailWant == want)
        held.lastWant = want
        #expect(plan.place(request, at: 0, held: held, failed: false).decodeNow == DecodeQueue.Job(ref: full("p"), limit: want))
        // Not while that very size is on its way, and not upward from a file with no more pixels.
        #expect(plan.place(request, at: 0, held: held, failed: false, uploading: want).decodeNow == nil)
        held.limited = false
        #expect(plan.place(request, at: 0, held: held, failed: false).decodeNow == nil)
        // Within rounding of the texture: nothing.
        held = HeldPicture(width: 798, height: 601, limited: true, provisional: false, lastWant: want)
        step = plan.place(request, at: 0, held: held, failed: false)
        #expect(step.decodeNow == nil)
    }

    @Test func standInsAreRefinedAfterEverythingElse() {
        let stand = PictureRequest(image: thumb("s"), size: nil, drawnAt: Rect(x: 480, y: 380, width: 60, height: 60))
        let other = drawn(full("o"), x: 100)
        var plan = plan([stand, other])
        _ = plan.place(stand, at: 0, held: HeldPicture(width: 100, height: 160, limited: true, provisional: true, lastWant: nil), failed: false)
        _ = plan.place(other, at: 1, held: nil, failed: false)
        #expect(plan.jobs.map(\.ref) == [full("o"), thumb("s")])
        #expect(plan.jobs[1].stage == .decode)
    }

    @Test func theLeastWantedTexturesNotDrawnGoFirstUntilTheBudgetHolds() {
        let rank = [full("b"): 3, full("c"): 7]
        let candidates = [DecodePlan.Evictable(ref: full("b"), bytes: 40, lastUsed: 9),
                          DecodePlan.Evictable(ref: full("old"), bytes: 30, lastUsed: 2),
                          DecodePlan.Evictable(ref: full("c"), bytes: 40, lastUsed: 9),
                          DecodePlan.Evictable(ref: full("older"), bytes: 30, lastUsed: 1)]
        // Not asked for (oldest first), then asked for, least wanted first; stops once it fits.
        #expect(DecodePlan.evictions(candidates, rank: rank, held: 200, budget: 100) == [full("older"), full("old"), full("c")])
        #expect(DecodePlan.evictions(candidates, rank: rank, held: 200, budget: 140) == [full("older"), full("old")])
        #expect(DecodePlan.evictions(candidates, rank: rank, held: 100, budget: 100).isEmpty)
    }

    @Test func theBudgetIsSixScreensOfTheWindowPlusTheThumbnails() {
        #expect(DecodePlan.budget(forWindow: window) == 6 * 1000 * 800 * 4 + 48 * 1024 * 1024)
    }

    @Test func aZoomedPageDecodesThePartInViewWithAMarginOnceItsSizeHolds() throws {
        // The page drawn 4000 x 3000 about the window's middle: the window shows its middle 1000 x 800.
        let box = Rect(center: Point(x: 500, y: 400), size: Size(width: 4000, height: 3000))
        let request = PictureRequest(image: full("z"), size: box.size, drawnAt: box)
        let want = PixelLimit(width: 4000, height: 3000)
        let base = (width: Int32(1000), height: Int32(750), limited: true)
        var parts = ZoomParts()
        let view = Size(width: 1000, height: 800)
        #expect(parts.job(for: request, want: want, base: base, view: view, waitForSettle: true, held: nil, uploading: nil) == nil)
        let job = parts.job(for: request, want: want, base: base, view: view, waitForSettle: true, held: nil, uploading: nil)
        let region = try #require(job?.region)
        // In view: x 0.375...0.625, y 0.3667...0.6333; a quarter of that again on each side.
        #expect(abs(region.minX - 0.3125) < 1e-9 && abs(region.width - 0.375) < 1e-9)
        #expect(abs(region.minY - 0.3) < 1e-9 && abs(region.height - 0.4) < 1e-9)
        #expect(job?.limit == want && parts.drawn.contains(full("z")))
        // A part held that covers the view: nothing more; a base texture as sharp as drawn: nothing.
        #expect(parts.job(for: request, want: want, base: base, view: view, waitForSettle: true,
                          held: ZoomParts.Part(region: region, limit: want), uploading: nil) == nil)
        #expect(parts.job(for: request, want: want, base: (4000, 3000, true), view: view, waitForSettle: false, held: nil, uploading: nil) == nil)
    }
}
