import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// What the editor asks the host to read (issue 29): the pages around the focus, sent as a
/// change when that window moves and never more than the window, at 10 pages as at 20,000; a
/// search asks once for every page not read yet, its hits growing as the answers come.
@Suite struct TextReadingTests {
    static func scene(pages count: Int, focus: Int = 0) -> PhotosScene {
        let pages = SceneHarness.pages(Array(repeating: 0.7, count: count))
        return PhotosScene(documentName: "T", pages: pages, windowSize: Size(width: 1024, height: 768), focusedPage: "p\(focus).png")
    }

    /// The near request `effectsDue` makes after a tick at `t`; nil when it asks nothing (the
    /// pages it asks to be judged are another feature's: left out).
    static func asked(_ scene: inout PhotosScene, at t: Double) -> TextRequest? {
        scene.tick(at: t)
        let requests: [TextRequest] = scene.effectsDue(at: t).compactMap { effect in
            if let request = effect.as(TextRequest.self) { request } else { nil }
        }
        #expect(requests.count <= 1)
        return requests.first
    }

    static func index(_ page: Page) -> Int { Int(page.id.dropFirst().dropLast(4)) ?? -1 }

    @Test func theFocusAndItsNeighboursAreAskedForNearestFirstAndOnlyOnce() throws {
        var scene = Self.scene(pages: 100, focus: 50)
        let first = try #require(Self.asked(&scene, at: 0))
        let reach = TextReading.reach
        #expect(first.purpose == .near)
        var nearestFirst = [50]
        for step in 1...reach { nearestFirst += [50 + step, 50 - step] }
        #expect(first.pages.map(Self.index) == nearestFirst)
        // Nothing moved: nothing more is asked, answers or not.
        #expect(Self.asked(&scene, at: 0.1) == nil)
        scene.handle(.host(.text(.recognised([RecognisedText(key: first.pages[0].textKey, words: .empty)]))), at: 0.2)
        scene.handle(.host(.text(.textless([first.pages[1].textKey]))), at: 0.2)
        #expect(Self.asked(&scene, at: 0.3) == nil)
        // One page on: the window moves by one, and what is asked leaves out what was answered.
        scene.handle(.key(Key(.right)), at: 0.4)
        var moved: TextRequest?
        var t = 0.4
        while moved == nil, t < 2 {
            t += 1.0 / 60
            moved = Self.asked(&scene, at: t)
        }
        let next = try #require(moved).pages.map(Self.index)
        #expect(next.first == 52 && !next.contains(50) && !next.contains(51))
        #expect(next.count == 2 * reach + 1 - 2 && Set(next) == Set(35...67).subtracting([50, 51]))
    }

    @Test func aShortDocumentIsAskedForWholeAndAnAnsweredOneNotAgain() throws {
        var scene = Self.scene(pages: 5)
        let first = try #require(Self.asked(&scene, at: 0))
        #expect(first.pages.map(Self.index) == [0, 1, 2, 3, 4])
        for page in first.pages { scene.handle(.host(.text(.textless([page.textKey]))), at: 0.1) }
        scene.handle(.key(Key(.end)), at: 0.2)
        // Moving over them asks for nothing (at most that nothing near needs reading now).
        for k in 1...120 { #expect(Self.asked(&scene, at: 0.2 + Double(k) / 60)?.pages.isEmpty ?? true) }
    }

    /// Flinging the thumbnails across 20,000 pages, as a script does (the hook's probe): nothing is
    /// asked while the strips move, and where they rest, the window around the focus at most.
    @Test func flingingTwentyThousandPagesAsksOnlyWhereTheStripsRestAndNoMoreThanTheWindow() throws {
        var script = "window 1024 768\n"
        for k in 0..<8 {
            let t = 300 + 1500 * k
            script += "at \(t) down 800 735\nat \(t + 16) move 550 735\nat \(t + 32) move 300 735\nat \(t + 33) up 300 735\n"
        }
        script += "at 13000 end\n"
        var runner = HeadlessRunner(script: try Script.parse(script), scene: Self.scene(pages: 20_000, focus: 100), traceEveryFrame: false)
        // Each request with whether the frame it was made for was at rest.
        var requests: [(TextRequest, idle: Bool)] = []
        var made: [TextRequest] = []
        var idle = true
        try runner.run(resolveKey: { _, _, _ in nil }, emit: { _ in }, screenshot: { _, _ in },
                       frameDone: { frame, _ in
                           idle = frame.isIdle
                           requests += made.map { ($0, frame.isIdle) }
                           made = []
                       },
                       host: { effect, _ in
                           if let request = effect.as(TextRequest.self) { made.append(request) }
                           return []
                       })
        #expect(idle)
        // The first frame, then once where each fling came to rest.
        #expect(requests.count == 9, "\(requests.count) requests")
        #expect(requests.allSatisfy { $0.idle && $0.0.pages.count == 2 * TextReading.reach + 1 })
        // The flings went far: the window followed the focus all the way.
        #expect(runner.scene.strips.focusIndex > 400)
        #expect(requests.last?.0.pages.first.map(Self.index) == runner.scene.strips.focusIndex)
    }

    @Test func aSearchAsksOnceForEveryPageNotReadAndItsHitsGrowAsTheyArrive() throws {
        var scene = Self.scene(pages: 60)
        _ = Self.asked(&scene, at: 0)
        _ = scene.handle(.key(Key(.f, ctrl: true)), at: 0.1)
        let typed = scene.handle(.text("ecole"), at: 0.2)
        guard let request = typed.first?.as(TextRequest.self) else {
            Issue.record("typing asked nothing: \(typed)")
            return
        }
        #expect(request.purpose == .search && request.pages.count == 60 && request.pages.first?.id == "p0.png")
        #expect(scene.interaction.search?.countText == "No matches (60 to read)")
        // More typing asks nothing more.
        #expect(scene.handle(.text("s"), at: 0.3).isEmpty)
        _ = scene.handle(.key(Key(.backspace)), at: 0.35)
        // Page 40 has the word; the others have no text.
        let words = PageWords(words: [PageWords.Word(text: "École", box: Rect(x: 0.1, y: 0.1, width: 0.2, height: 0.05), line: 0)], text: "École")
        let pages = scene.pages
        scene.handle(.host(.text(.textless(pages[0..<40].map(\.textKey)))), at: 0.4)
        #expect(scene.interaction.search?.countText == "No matches (20 to read)")
        scene.handle(.host(.text(.recognised([RecognisedText(key: pages[40].textKey, words: words)]))), at: 0.5)
        scene.handle(.host(.text(.textless(pages[41...].map(\.textKey)))), at: 0.5)
        let search = try #require(scene.interaction.search)
        #expect(search.countText == "1 of 1" && search.currentHit?.pageID == "p40.png")
        // The first hit to arrive is brought into view.
        var t = 0.5
        while scene.strips.focusIndex != 40, t < 5 {
            t += 1.0 / 60
            scene.tick(at: t)
        }
        #expect(scene.strips.focusIndex == 40)
        // Escape: the pages still waited for are no longer asked for.
        #expect(scene.handle(.key(Key(.escape)), at: t) == [.readText(TextRequest(purpose: .search, pages: []))])
    }
}
