import Testing
@testable import StripsCore
@testable import StripsPhotos

/// Navigation keys during a glide (issue 20, item 6): a key pressed while the strips glide
/// retargets the glide from where it is, so a held key pages as fast as it repeats and stops
/// soon after it is released; edits still wait, in order, for the one in flight.
@Suite struct HeldKeyTests {
    static let pages = SceneHarness.pages(Array(repeating: 0.75, count: 40))

    func run(_ body: String) throws -> [Trace] {
        try SceneHarness.photos("window 800 600\n" + body, pages: Self.pages, everyFrame: true)
    }

    @Test func thirtyPressesThirtyMillisecondsApartPageThirtyAndStop() throws {
        let presses = (0..<30).map { "at \(100 + 30 * $0) key Right" }.joined(separator: "\n")
        let last = 100.0 + 30 * 29
        let trace = try run(presses + "\nat 3000 end")
        // 0.6 s after the last press the strips are at rest on page 30 (index 30 from 0).
        let after = try #require(trace.first { $0.t >= last + 600 })
        #expect(after.active == 30)
        #expect(after.idle)
        #expect(after.offset("preview") == 30 * 800)
        // ... and every frame from then on: nothing queued pages on.
        #expect(trace.filter { $0.t >= last + 600 }.allSatisfy { $0.active == 30 && $0.idle })
        // While the key repeats the strips keep up: within a few pages of the key, never behind
        // by more than the pages pressed in the last 0.3 s.
        let during = try #require(trace.first { $0.t >= last })
        #expect(during.offset("preview") / 800 > 30 - 12)
    }

    @Test func aKeyDuringAGlideRetargetsItWithoutAJump() throws {
        let trace = try run("at 100 key Right\nat 200 key Right\nat 1500 end")
        let single = try run("at 100 key Right\nat 1500 end")
        let offsets = trace.map { $0.offset("preview") }
        // Up to the second press the strip is where a single glide has it; then it carries on,
        // never backwards, its speed changing no more abruptly than a glide's own easing does.
        let i = try #require(trace.firstIndex { $0.t >= 200 })
        #expect(Array(offsets.prefix(i + 1)) == single.prefix(i + 1).map { $0.offset("preview") })
        for (a, b) in zip(offsets, offsets.dropFirst()) { #expect(b >= a) }
        func maxSecondDifference(_ o: [Double]) -> Double {
            zip(zip(o, o.dropFirst()), o.dropFirst(2)).map { abs($0.1 - 2 * $0.0.1 + $0.0.0) }.max() ?? 0
        }
        #expect(maxSecondDifference(offsets) <= 1.5 * maxSecondDifference(single.map { $0.offset("preview") }))
        // It lands one further: page 2, at rest 0.3 s after the second press.
        let rest = try #require(trace.first { $0.t >= 500 + 1000.0 / 60 })
        #expect(rest.active == 2 && rest.idle && rest.offset("preview") == 1600)
        #expect(!trace.contains { $0.t < 500 && $0.idle && $0.t > 100 })
    }

    @Test func fromRestAKeyGlidesAsBefore() throws {
        // One press from rest: 0.3 s ease in and out, the page in focus changing at the end.
        let trace = try run("at 100 key Right\nat 1000 end")
        let mid = try #require(trace.first { $0.t >= 250 })
        #expect(mid.active == 0)
        #expect(abs(mid.offset("preview") - 800 * 0.5) < 800 * 0.06)
        #expect(try #require(trace.first { $0.t >= 400 }).active == 1)
    }

    @Test func editsStillRunInOrderAfterTheOneInFlight() throws {
        // Right (glide), Delete while it glides: the delete waits; the Right after the Delete
        // waits for it too (it does not retarget the glide past the queued edit).
        let trace = try run("at 100 key Right\nat 150 key Delete\nat 160 key Right\nat 2000 end")
        let end = try #require(trace.last)
        #expect(end.pages.count == 39)
        #expect(!end.pages.contains("p1.png"))  // page 1 was deleted, after the glide reached it
        #expect(end.active == 2)  // then one to the right of where the delete left the focus
        #expect(end.idle)
        // The delete started only once the glide had ended.
        let deleting = try #require(trace.first { $0.count == 39 || $0.cells("thumbnails").contains { $0.page == "p1.png" && $0.alpha < 1 } })
        #expect(deleting.t >= 400)
    }

    @Test func aHeldKeysRepeatsPageButOtherKeysRepeatOnlyAtRest() {
        var scene = PhotosScene(documentName: "T", pages: Self.pages, windowSize: Size(width: 800, height: 600))
        scene.handle(.key(Key(.right)), at: 0)
        scene.tick(at: 0.05)
        scene.handle(.key(Key(.right, isRepeat: true)), at: 0.05)
        scene.handle(.key(Key(.delete, isRepeat: true)), at: 0.06)
        var t = 0.06
        while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        #expect(scene.strips.focusIndex == 2)
        #expect(scene.pages.count == 40)
        // At rest a repeat of Delete deletes (the window used to pass repeats only at rest).
        scene.handle(.key(Key(.delete, isRepeat: true)), at: t)
        #expect(scene.pages.count == 39)
    }
}
