import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// Taking pages by themselves (issue 27), at the numbers the design names: a page lying still for
/// half a second is taken once, within a frame of its rest's end; a page moving, or with a hand
/// over it, is not; the same page lying there (or put back after a hand passed) never twice; the
/// next page of a book, at the same corners, is.
@Suite struct CameraWatchTests {
    static let diagonal = 734.0  // a 640x360 frame
    static let frame = 1.0 / 30

    static func quad(dx: Double = 0, dy: Double = 0) -> Quad {
        Quad(topLeft: Point(x: 200 + dx, y: 40 + dy), topRight: Point(x: 420 + dx, y: 52 + dy),
             bottomRight: Point(x: 410 + dx, y: 330 + dy), bottomLeft: Point(x: 190 + dx, y: 320 + dy))
    }

    /// A page's content: cells from a seeded pattern (`page` picks which page).
    static func signature(page: Int, noise: Double = 0, seed: UInt64 = 1) -> PageSignature {
        var pattern = SeededRandom(seed: UInt64(page) &* 7919 &+ 11)
        var jitter = SeededRandom(seed: seed)
        let levels = (0..<(PageSignature.columns * PageSignature.rows)).map { _ -> Double in
            let ink = pattern.next() % 3 == 0 ? 40.0 : 230.0
            return ink + noise * (Double(jitter.next() % 1000) / 500 - 1)
        }
        return PageSignature(levels: levels)!
    }

    /// Looks every frame from `start` for `seconds`; the times at which a take was due.
    static func feed(_ watch: inout PageWatch, from start: Double, seconds: Double, quad: (Double) -> Quad?,
                     signature: (Double) -> PageSignature?) -> [Double] {
        var takes: [Double] = []
        var t = start
        while t < start + seconds - 1e-9 {
            if watch.look(quad(t), signature: signature(t), diagonal: diagonal, at: t) { takes.append(t) }
            t += frame
        }
        return takes
    }

    @Test func aPageLyingStillIsTakenOnceHalfASecondIntoItsRest() {
        var watch = PageWatch()
        var jitter = SeededRandom(seed: 3)
        let takes = Self.feed(&watch, from: 0, seconds: 3, quad: { _ in
            // The detector's own wobble on a still page: a few tenths of a pixel.
            Self.quad(dx: Double(jitter.next() % 100) / 150 - 0.33, dy: Double(jitter.next() % 100) / 150 - 0.33)
        }, signature: { t in Self.signature(page: 1, noise: 6, seed: UInt64(t * 1000)) })
        #expect(takes.count == 1)
        let at = takes.first ?? -1
        #expect(at >= watch.numbers.restDuration - 1e-9 && at <= watch.numbers.restDuration + Self.frame + 1e-9)
        #expect(watch.isSteady(at: 3))
    }

    @Test func aPageThatKeepsMovingIsNeverTaken() {
        var watch = PageWatch()
        // Slowly: 1.5 % of the diagonal a second, round and round.
        let speed = 0.015 * Self.diagonal
        let takes = Self.feed(&watch, from: 0, seconds: 8, quad: { t in
            Self.quad(dx: speed * 3 * cos(t / 3), dy: speed * 3 * sin(t / 3))
        }, signature: { _ in Self.signature(page: 1) })
        #expect(takes.isEmpty)
    }

    @Test func theSamePageLyingThereOrPutBackAfterAHandIsNotTakenTwice() {
        var watch = PageWatch()
        let same: (Double) -> PageSignature? = { t in Self.signature(page: 1, noise: 6, seed: UInt64(t * 1000)) }
        var takes = Self.feed(&watch, from: 0, seconds: 2, quad: { _ in Self.quad() }, signature: same)
        #expect(takes.count == 1)
        // A hand passes: the page is not found, then found again, a pixel or two from before.
        takes = Self.feed(&watch, from: 2, seconds: 0.4, quad: { _ in nil }, signature: { _ in nil })
        takes += Self.feed(&watch, from: 2.4, seconds: 3, quad: { _ in Self.quad(dx: 1.5, dy: -1) }, signature: same)
        #expect(takes.isEmpty)
        #expect(watch.isSteady(at: 5.3))
    }

    @Test func aHandOverTheRestingPageStartsItsRestAgain() {
        var watch = PageWatch()
        // Untouched for 0.4 s, then a hand over its middle for 0.3 s (the corners stay, the content
        // changes frame by frame as the hand moves), then untouched again.
        let takes = Self.feed(&watch, from: 0, seconds: 2, quad: { _ in Self.quad() }, signature: { t in
            t >= 0.4 && t < 0.7 ? Self.signature(page: 100 + Int(t * 30)) : Self.signature(page: 1)
        })
        #expect(takes.count == 1)
        // Not at 0.5 s (the hand was there): half a second after it left.
        #expect((takes.first ?? 0) >= 0.7 + watch.numbers.restDuration - 1e-9)
    }

    @Test func aBookPageTurnedAtTheSameCornersIsANewPage() {
        var watch = PageWatch()
        let takes = Self.feed(&watch, from: 0, seconds: 4.5, quad: { t in
            // The leaf lifts (its corners move), then the next page lies where the last one did.
            t > 1.2 && t < 1.8 || t > 2.8 && t < 3.4 ? Self.quad(dx: -60 * sin((t - 1.2) * 5)) : Self.quad()
        }, signature: { t in Self.signature(page: t < 1.5 ? 1 : t < 3.1 ? 2 : 3) })
        #expect(takes.count == 3)
    }

    @Test func aTakeByHandCountsAsTheLastPage() {
        var watch = PageWatch()
        _ = Self.feed(&watch, from: 0, seconds: 0.2, quad: { _ in Self.quad() }, signature: { _ in Self.signature(page: 1) })
        watch.tookByHand(Self.signature(page: 1))
        let takes = Self.feed(&watch, from: 0.2, seconds: 2, quad: { _ in Self.quad() }, signature: { _ in Self.signature(page: 1) })
        #expect(takes.isEmpty)
    }

    @Test func noPageFoundIsNeverSteady() {
        var watch = PageWatch()
        let takes = Self.feed(&watch, from: 0, seconds: 2, quad: { _ in nil }, signature: { _ in Self.signature(page: 1) })
        #expect(takes.isEmpty && !watch.isSteady(at: 2))
    }

    @Test func signaturesIgnoreLightAndTellPagesApart() throws {
        let a = Self.signature(page: 1)
        // The same cells, twice as bright and shifted: the same page under other light.
        let brighter = try #require(PageSignature(levels: a.cells.map { Double($0) * 2 + 50 }))
        #expect(a.similarity(to: brighter) > 0.99)
        #expect(a.similarity(to: Self.signature(page: 2)) < 0.3)
        let flat = try #require(PageSignature(levels: Array(repeating: 128, count: PageSignature.columns * PageSignature.rows)))
        #expect(flat.isFlat && flat.similarity(to: flat) == 1 && flat.similarity(to: a) == 0)
        #expect(PageSignature(levels: [1, 2, 3]) == nil)
    }

    @Test func theOutlineHoldsStillThroughJitterFollowsAMoveAndFadesWhenThePageGoes() {
        var outline = QuadOutline()
        outline.follow(Self.quad(), diagonal: Self.diagonal, at: 0)
        // A pixel of jitter: the outline moves a fraction of it in a frame.
        outline.follow(Self.quad(dx: 1), diagonal: Self.diagonal, at: Self.frame)
        let jittered = outline.quad?.topLeft.x ?? 0
        #expect(jittered > 200 && jittered < 200.4)
        // A real move (20 px): most of the way within three frames.
        for k in 2...4 { outline.follow(Self.quad(dx: 21), diagonal: Self.diagonal, at: Double(k) * Self.frame) }
        #expect((outline.quad?.topLeft.x ?? 0) > 218)
        // Another page far away: no glide across the picture.
        outline.follow(Self.quad(dx: 150), diagonal: Self.diagonal, at: 5 * Self.frame)
        #expect(outline.quad?.topLeft.x == 350)
        // Lost: held a moment, then faded out.
        outline.follow(nil, diagonal: Self.diagonal, at: 6 * Self.frame)
        #expect(outline.alpha(at: 5 * Self.frame + QuadOutline.hold) == 1)
        #expect(outline.alpha(at: 5 * Self.frame + QuadOutline.hold + QuadOutline.fade) == 0)
    }
}
