import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// Selection (docs/headless.md, "Additions"): Ctrl+click toggles, Shift+click selects the range
/// from the page in focus, Ctrl+A selects all, Escape first clears; Delete, R / Shift+R, Alt+arrows
/// and Ctrl+Shift+S act on the selection, each one undo step. An 800 x 600 window: the thumbnail
/// strip spans y 526...592; page 0 is in focus, thumbnail k (k > 0) rests at x = 400 + 23.1 + 14 + 16.5 + 37 (k - 1).
@Suite struct SelectionTests {
    let y = 559.0
    func x(_ k: Int) -> Double { 400 + 66 * 0.7 / 2 + 14 + 16.5 + 37 * Double(k - 1) }
    func click(_ k: Int, at t: Int, _ modifiers: String) -> String {
        "at \(t) down \(x(k)) \(y) \(modifiers)\nat \(t + 30) up \(x(k)) \(y)\n"
    }

    func selected(_ trace: Trace) -> [Int] { (trace.json["selected"] as? [Int]) ?? [-1] }

    @Test func ctrlClickTogglesAndShiftClickSelectsTheRangeFromTheFocus() throws {
        let t = try SceneHarness.photos("window 800 600\nat 0 dump\n" + click(2, at: 100, "ctrl") + "at 200 dump\n"
            + click(4, at: 300, "ctrl") + "at 400 dump\n" + click(2, at: 500, "ctrl") + "at 600 dump\n"
            + click(3, at: 700, "shift") + "at 800 dump\n")
        #expect(selected(t[0]) == [])
        #expect(selected(t[1]) == [2])
        #expect(selected(t[2]) == [2, 4])
        #expect(selected(t[3]) == [4])
        #expect(selected(t[4]) == [0, 1, 2, 3])
        // Selecting moves nothing: page 0 stays in focus, the strips at rest.
        #expect(t.allSatisfy { $0.active == 0 })
        #expect(t[4].idle)
    }

    @Test func ctrlASelectsAllAndEscapeFirstClearsThenQuits() {
        var scene = PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600))
        scene.handle(.key(Key(.a, ctrl: true)), at: 0)
        #expect(scene.document.selection.indices == [0, 1, 2, 3, 4])
        #expect(scene.photosFrame?.selected == [0, 1, 2, 3, 4])
        scene.handle(.key(Key(.escape)), at: 0.1)
        #expect(scene.document.selection.isEmpty)
        #expect(!scene.wantsToQuit)
        scene.handle(.key(Key(.escape)), at: 0.2)
        #expect(scene.wantsToQuit)
    }

    @Test func aPlainClickGoesToThePageAndDropsTheSelection() throws {
        let t = try SceneHarness.photos("window 800 600\n" + click(1, at: 100, "ctrl") + click(3, at: 200, "") + "at 800 dump\n")
        #expect(selected(t[0]) == [])
        #expect(t[0].active == 3)
    }

    @Test func deleteRemovesTheSelectionAndOneUndoBringsItBack() throws {
        let t = try SceneHarness.photos("window 800 600\n" + click(1, at: 100, "ctrl") + click(3, at: 200, "ctrl")
            + "at 300 key Delete\nat 400 dump\nat 1000 dump\nat 1100 key ctrl+z\nat 1800 dump\n")
        // While the pages collapse the trace lists them still (the fuller document, as drawn);
        // the selection went with them at once.
        #expect(t[0].count == 5 && selected(t[0]) == [])
        #expect(t[1].pages == ["p0.png", "p2.png", "p4.png"])
        #expect(selected(t[1]) == [])
        #expect(t[1].active == 0 && t[1].idle)
        #expect(t[2].pages == SceneHarness.fivePages.map(\.id))
        #expect(selected(t[2]) == [1, 3])
        #expect(t[2].json["dirty"] as? Bool == false)
    }

    @Test func turningTurnsEverySelectedPageAndOneUndoTurnsThemBack() throws {
        let t = try SceneHarness.photos("window 800 600\nat 0 key ctrl+a\nat 100 key r\nat 600 dump\nat 700 key shift+r\n"
            + "at 1200 dump\nat 1300 key ctrl+z\nat 1800 dump\nat 1900 key ctrl+z\nat 2800 dump\n")
        func rotations(_ trace: Trace) -> [Int] {
            trace.cells("thumbnails").sorted { $0.index < $1.index }.map { ($0.json["rotation"] as? Int) ?? -1 }
        }
        #expect(rotations(t[0]) == [90, 90, 90, 90, 90])
        #expect(rotations(t[1]) == [0, 0, 0, 0, 0])
        #expect(rotations(t[2]) == [90, 90, 90, 90, 90])
        #expect(rotations(t[3]) == [0, 0, 0, 0, 0])
        #expect(t[3].json["dirty"] as? Bool == false)
        #expect(selected(t[3]) == [0, 1, 2, 3, 4])
    }

    @Test func altArrowsMoveTheBlockAndOneUndoPutsItBack() throws {
        let t = try SceneHarness.photos("window 800 600\n" + click(1, at: 100, "ctrl") + click(2, at: 200, "ctrl")
            + "at 300 key alt+Right\nat 400 dump\nat 800 dump\nat 900 key alt+Right\nat 1400 dump\n"
            + "at 1500 key alt+Right\nat 2000 dump\nat 2100 key ctrl+z\nat 3000 dump\n")
        #expect(t[0].pages == SceneHarness.fivePages.map(\.id))  // mid-move: the pages as they were
        // ... each travelling between its old place and its new one, the moving ones drawn last.
        let p1 = try #require(t[0].cells("thumbnails").first { $0.page == "p1.png" }).rect().midX
        let p3 = try #require(t[0].cells("thumbnails").first { $0.page == "p3.png" }).rect().midX
        let p1After = try #require(t[1].cells("thumbnails").first { $0.page == "p1.png" }).rect().midX
        #expect(p1 > x(1) + 5 && p1 < p1After - 5)
        #expect(p3 < x(3) - 5)
        #expect(Set(t[0].cells("thumbnails").suffix(3).map(\.page)) == ["p1.png", "p2.png", "p3.png"])
        #expect(t[1].pages == ["p0.png", "p3.png", "p1.png", "p2.png", "p4.png"])
        #expect(selected(t[1]) == [2, 3])  // the selection moved with its pages
        #expect(t[2].pages == ["p0.png", "p3.png", "p4.png", "p1.png", "p2.png"])
        // At the end the block stops: nothing moves, nothing is recorded.
        #expect(t[3].pages == t[2].pages)
        #expect(t[4].pages == ["p0.png", "p3.png", "p1.png", "p2.png", "p4.png"])
        #expect(selected(t[4]) == [2, 3])
    }

    @Test func aWholeLargeDocumentSelectedDeletesAndComesBackInOneStep() {
        let pages = SceneHarness.pages(Array(repeating: 0.7, count: 3000))
        var scene = PhotosScene(documentName: "T", pages: pages, windowSize: Size(width: 800, height: 600))
        scene.handle(.key(Key(.a, ctrl: true)), at: 0)
        scene.handle(.key(Key(.right, alt: true)), at: 0)  // the block is at the end: nothing moves
        #expect(scene.isIdle && !scene.isDirty)
        scene.handle(.key(Key(.delete)), at: 0)
        #expect(scene.pages.isEmpty)
        var t = 0.0
        while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        #expect(scene.strips.focusIndex == -1)
        scene.handle(.key(Key(.z, ctrl: true)), at: t)
        #expect(scene.pages == pages && scene.document.selection.indices.count == 3000)
    }

    @Test func ctrlShiftSSavesTheSelectionAndLeavesTheDocumentAsItIs() throws {
        var scene = PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600))
        scene.handle(.key(Key(.r)), at: 0)
        var t = 0.0
        while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        // Nothing selected: the page in focus.
        let one = scene.handle(.key(Key(.s, ctrl: true, shift: true)), at: t)
        guard let request = try #require(one.first).as(SaveRequest.self) else { Issue.record("no save"); return }
        #expect(request.scope == .selection && request.pages.map(\.id) == ["p0.png"])
        scene.handle(.host(.saved(SaveOutcome(path: "/tmp/one.pdf", request: request))), at: t)
        #expect(scene.isDirty)
        #expect(scene.notices.status?.text == "Saved 1 page to /tmp/one.pdf")
        scene.handle(.key(Key(.a, ctrl: true)), at: t)
        scene.handle(.key(Key(.escape)), at: t)
        for (k, index) in [2, 4].enumerated() {
            let centre = try #require(scene.thumbnailCells().first { $0.index == index }).frame.center
            scene.handle(.pointerDown(centre, [.ctrl]), at: t + 0.1 * Double(k))
            scene.handle(.pointerUp(centre), at: t + 0.1 * Double(k) + 0.03)
        }
        let two = scene.handle(.key(Key(.s, ctrl: true, shift: true)), at: t + 0.2)
        guard let selection = try #require(two.first).as(SaveRequest.self) else { Issue.record("no save"); return }
        #expect(selection.pages.map(\.id) == ["p2.png", "p4.png"])
        scene.handle(.host(.saved(SaveOutcome(path: "/tmp/two.pdf", request: selection))), at: t + 0.3)
        #expect(scene.isDirty && scene.pages.count == 5 && scene.document.selection.indices == [2, 4])
    }

    @Test func selectedPagesAreMarked() throws {
        var scene = PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600))
        scene.handle(.pointerDown(Point(x: x(1), y: y), [.ctrl]), at: 0)
        scene.handle(.pointerUp(Point(x: x(1), y: y)), at: 0.03)
        scene.handle(.pointerDown(Point(x: 400, y: 300), [.ctrl]), at: 0.1)  // the preview: the page in focus
        scene.handle(.pointerUp(Point(x: 400, y: 300)), at: 0.13)
        #expect(scene.document.selection.indices == [0, 1])
        let marks = scene.drawList().compactMap { item -> Rect? in
            if case .fill(let fill) = item, fill.color == SelectionMark.color { return fill.rect }
            return nil
        }
        let thumbnail = try #require(scene.thumbnailCells().first { $0.index == 1 }).frame
        // A ring just inside thumbnail 1 (its top edge), and around the preview's picture with a badge.
        #expect(marks.contains { $0.minX == thumbnail.minX && $0.maxX == thumbnail.maxX && $0.minY == thumbnail.minY && $0.height == 3 })
        let picture = try #require(scene.previewCells().first { $0.index == 0 }).picture
        #expect(marks.contains { $0.minX < picture.minX && $0.maxX > picture.maxX && $0.maxY <= picture.minY })
        #expect(marks.contains { picture.contains($0.center) })  // the badge
    }

    @Test func scriptsTakeModifiersOnAPressAndText() throws {
        let script = try Script.parse("at 0 down 1 2 shift ctrl\nat 1 text Hello, world  \nat 2 drop /tmp/a b.png")
        #expect(script.steps[0].command == .down(Point(x: 1, y: 2), [.shift, .ctrl]))
        #expect(script.steps[1].command == .text("Hello, world  "))
        #expect(script.steps[2].command == .drop(path: "/tmp/a b.png"))
        #expect(throws: ScriptError.self) { try Script.parse("at 0 down 1 2 meta") }
        #expect(throws: ScriptError.self) { try Script.parse("at 0 text") }
        #expect(throws: ScriptError.self) { try Script.parse("at 0 up 1 2 shift") }
    }
}
