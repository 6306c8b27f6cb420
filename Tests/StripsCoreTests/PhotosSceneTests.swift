import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// Scripted scenes of the editor in an 800 x 600 window: the thumbnail strip spans y 526...592.
@Suite struct PhotosSceneTests {
    let thumbY = 559.0

    func thumbnailOffset(slot: Double, width: Double = 800) -> Double { slot * 37 - (width - 33) / 2 }

    @Test func thumbnailFlingSnapsToACentre() throws {
        let trace = try SceneHarness.photos("""
            window 800 600
            at 100 down 600 \(thumbY)
            at 110 move 560 \(thumbY)
            at 120 move 520 \(thumbY)
            at 130 move 480 \(thumbY)
            at 140 up 470 \(thumbY)
            at 160 dump
            at 3000 dump
            """)
        let during = trace[0], rest = trace[1]
        #expect(during.expanding < 1)  // dragging the strip evens the thumbnails out
        #expect(!during.idle)
        #expect(rest.idle)
        #expect(rest.expanding == 1)
        let slot = (rest.offset("thumbnails") + (800 - 33) / 2) / 37
        #expect(abs(slot - slot.rounded()) < 1e-3)
        #expect(rest.active == Int(slot.rounded()))
        #expect(rest.active >= 2)
        #expect(rest.offset("preview") == Double(rest.active) * 800)
        let focused = try #require(rest.cells("thumbnails").first { $0.index == rest.active })
        #expect(abs(focused.rect().midX - 400) < 1e-3)
    }

    @Test func previewPagingDragsTheThumbnailsAlong() throws {
        let trace = try SceneHarness.photos("""
            window 800 600
            at 100 down 700 300
            at 200 move 500 300
            at 300 move 300 300
            at 320 dump
            at 400 up 300 300
            at 2000 dump
            """)
        let mid = trace[0], rest = trace[1]
        #expect(mid.offset("preview") == 400)
        #expect(abs(mid.offset("thumbnails") - thumbnailOffset(slot: 0.5)) < 1e-3)
        #expect(mid.expanding == 1)  // the preview keeps the rate at 1: the thumbnails breathe
        let cells = mid.cells("thumbnails")
        let first = try #require(cells.first { $0.index == 0 }), second = try #require(cells.first { $0.index == 1 })
        #expect(abs(first.rect().width - (33 + (66 * 0.7 - 33) / 2)) < 1e-3)
        #expect(abs(second.rect().width - (33 + (66 * 1.5 - 33) / 2)) < 1e-3)
        #expect(rest.active == 1)
        #expect(rest.offset("preview") == 800)
        #expect(abs(rest.offset("thumbnails") - thumbnailOffset(slot: 1)) < 1e-3)
    }

    @Test func clickingAThumbnailMovesToItInAThirdOfASecond() throws {
        // Thumbnail 3 rests at x = 400 + 46.2/2 + 14 + 33 + 4 + 33 + 4 ... find it from the first frame.
        let first = try SceneHarness.photos("window 800 600\nat 0 dump")[0]
        let target = try #require(first.cells("thumbnails").first { $0.index == 3 }).rect()
        let trace = try SceneHarness.photos("""
            window 800 600
            at 100 down \(target.midX) \(thumbY)
            at 150 up \(target.midX) \(thumbY)
            at 300 dump
            at 460 dump
            """)
        #expect(!trace[0].idle)
        #expect(trace[0].offset("preview") > 0 && trace[0].offset("preview") < 2400)
        #expect(trace[1].idle)
        #expect(trace[1].active == 3)
        #expect(trace[1].offset("preview") == 2400)
    }

    @Test func deleteInTheMiddleCollapsesThenTheRightNeighbourSlidesIn() throws {
        let trace = try SceneHarness.photos("""
            window 800 600
            at 0 key Right
            at 400 key Right
            at 800 key Delete
            at 880 dump
            at 1000 dump
            at 1200 dump
            """)
        let collapsing = trace[0], closing = trace[1], done = trace[2]
        #expect(collapsing.count == 5)
        let cell = try #require(collapsing.cells("thumbnails").first { $0.index == 2 })
        #expect(cell.alpha > 0 && cell.alpha < 1)
        #expect(closing.count == 5)  // the document changes only at the end
        #expect(done.count == 4)
        #expect(done.pages == ["p0.png", "p1.png", "p3.png", "p4.png"])
        #expect(done.active == 2)
        #expect(done.idle)
        let focused = try #require(done.cells("thumbnails").first { $0.index == 2 })
        #expect(focused.page == "p3.png")
        #expect(abs(focused.rect().width - 66 * 3) < 1e-3)
        #expect(abs(focused.rect().midX - 400) < 1e-3)
    }

    @Test func deletingTheLastPageFocusesTheLeftNeighbour() throws {
        let trace = try SceneHarness.photos("""
            window 800 600
            at 0 key End
            at 400 key Delete
            at 800 dump
            """)
        #expect(trace[0].pages == ["p0.png", "p1.png", "p2.png", "p3.png"])
        #expect(trace[0].active == 3)
        #expect(trace[0].offset("preview") == 2400)
    }

    @Test func keysDuringAnimationsRunAfterInOrderDownToZeroPages() throws {
        var script = "window 800 600\n"
        for i in 0..<6 { script += "at \(10 + i) key Delete\n" }
        script += "at 200 dump\nat 5000 dump\n"
        let trace = try SceneHarness.photos(script)
        #expect(trace[0].count == 5)  // the first delete is still animating
        #expect(trace[1].count == 0)
        #expect(trace[1].active == -1)
        #expect(trace[1].idle)
        #expect(trace[1].cells("preview").isEmpty && trace[1].cells("thumbnails").isEmpty)
    }

    @Test func undoAndRedoRestoreOrderAndFocus() throws {
        let trace = try SceneHarness.photos("""
            window 800 600
            at 0 key Right
            at 0 key Right
            at 0 key Delete
            at 0 key Right
            at 0 key Delete
            at 1700 dump
            at 1800 key ctrl+z
            at 2200 dump
            at 2300 key ctrl+z
            at 2700 dump
            at 2800 key ctrl+shift+z
            at 3700 dump
            at 3800 key ctrl+y
            at 4700 dump
            """)
        #expect(trace[0].pages == ["p0.png", "p1.png", "p3.png"])
        #expect(trace[1].pages == ["p0.png", "p1.png", "p3.png", "p4.png"])
        #expect(trace[1].active == 3)
        #expect(trace[2].pages == SceneHarness.fivePages.map(\.id))
        #expect(trace[2].active == 2)
        #expect(trace[2].idle)
        #expect(trace[3].pages == ["p0.png", "p1.png", "p3.png", "p4.png"])
        #expect(trace[4].pages == ["p0.png", "p1.png", "p3.png"])
    }

    @Test func undoFromZeroPagesBringsThePageBack() throws {
        let trace = try SceneHarness.photos("""
            window 800 600
            at 0 key Delete
            at 500 key ctrl+z
            at 600 dump
            at 1000 dump
            """, pages: SceneHarness.pages([0.7]))
        // While it grows back, the page is already the one in focus: never count 1 with active -1.
        #expect(trace[0].count == 1)
        #expect(trace[0].active == 0)
        #expect(trace[1].active == 0)
        #expect(trace[1].cells("preview").count == 1)
    }

    @Test func thumbnailsExpandAgainWhenTheirGlideIsInterrupted() throws {
        // A fling on the thumbnails (rate -> 0), then a press on the preview stops it.
        for interruption in ["at 80 down 500 300\nat 96 up 500 300", "at 80 key Right", "at 80 move 500 300\nat 90 wheel 1 0"] {
            let trace = try SceneHarness.photos("""
                window 800 600
                at 0 down 500 \(thumbY)
                at 16 move 450 \(thumbY)
                at 33 move 400 \(thumbY)
                at 50 up 380 \(thumbY)
                \(interruption)
                at 3000 dump
                """)
            #expect(trace[0].idle)
            #expect(trace[0].expanding == 1, "\(interruption)")
            let focused = try #require(trace[0].cells("thumbnails").first { $0.index == trace[0].active })
            #expect(focused.rect().width != 33)
        }
    }

    @Test func absurdInputsDoNotBreakTheScene() throws {
        let trace = try SceneHarness.photos("""
            window 800 600
            at 0 down 500 300
            at 16 move -999999 300
            at 20 up -999999 300
            at 30 resize 16384 16384
            at 40 key d
            at 50 resize 1 16384
            at 60 resize 800 600
            at 3000 dump
            """)
        #expect(trace[0].idle)
        #expect(trace[0].offset("preview") == Double(trace[0].active) * 800)
    }

    @Test func resizeKeepsTheFocusedPage() throws {
        let trace = try SceneHarness.photos("""
            window 800 600
            at 0 key Right
            at 400 key Right
            at 500 key Right
            at 1000 resize 500 400
            at 1100 dump
            at 1200 resize 0 0
            at 1300 resize 640 480
            at 1400 dump
            """)
        for (line, width) in [(trace[0], 500.0), (trace[1], 640.0)] {
            #expect(line.active == 3)
            #expect(line.offset("preview") == 3 * width)
            #expect(abs(line.offset("thumbnails") - thumbnailOffset(slot: 3, width: width)) < 1e-3)
        }
    }

    @Test func resizeDuringAFlingEndsCentred() throws {
        let trace = try SceneHarness.photos("""
            window 800 600
            at 100 down 600 \(thumbY)
            at 110 move 500 \(thumbY)
            at 120 up 400 \(thumbY)
            at 200 resize 1000 700
            at 2000 dump
            """)
        let rest = trace[0]
        #expect(rest.idle)
        #expect(rest.offset("preview") == Double(rest.active) * 1000)
        let focused = try #require(rest.cells("thumbnails").first { $0.index == rest.active })
        #expect(abs(focused.rect().midX - 500) < 1e-3)
    }

    @Test func sameScriptSameTrace() throws {
        let script = """
            window 900 700
            at 50 down 700 300
            at 70 move 600 300
            at 90 move 420 300
            at 100 up 400 300
            at 600 key Delete
            at 1200 key ctrl+z
            at 1300 wheel 0 -1
            """
        let a = try SceneHarness.photos(script, everyFrame: true).map(\.line)
        let b = try SceneHarness.photos(script, everyFrame: true).map(\.line)
        #expect(a.count > 100)
        #expect(a == b)
    }

    @Test func framesAreAtSixtyHertzAndEventsArriveBeforeTheirFrame() throws {
        let trace = try SceneHarness.photos("window 800 600\nat 20 dump\nat 34 dump\nat 100 end", everyFrame: false)
        #expect(trace.map { Int($0.number("frame")) } == [2, 3])
        #expect(abs(trace[0].t - 2000.0 / 60) < 1e-3)
    }
}

@Suite struct ScriptParsingTests {
    @Test func readsEveryCommand() throws {
        let script = try Script.parse("""
            # a comment
            window 640 480

            at 0 down 1 2   # trailing comment
            at 5 move 3 4
            at 5 up 5 6
            at 6 wheel -1.5 2
            at 7 key ctrl+shift+z
            at 8 resize 100 50
            at 9 screenshot out/a b.png
            at 10 dump
            at 11 end
            """)
        #expect(script.window == Size(width: 640, height: 480))
        #expect(script.steps.map(\.command) == [
            .down(Point(x: 1, y: 2)), .move(Point(x: 3, y: 4)), .up(Point(x: 5, y: 6)), .wheel(dx: -1.5, dy: 2),
            .key(name: "z", ctrl: true, shift: true), .resize(Size(width: 100, height: 50)),
            .screenshot(path: "out/a b.png"), .dump, .end,
        ])
        #expect(script.endTime == 11)
    }

    @Test func endDefaultsToTwoSecondsAfterTheLastEvent() throws {
        #expect(try Script.parse("at 500 key Right").endTime == 2500)
        #expect(try Script.parse("").endTime == 2000)
    }

    @Test(arguments: [
        ("at 10 jump 1 2", 1, "unknown event"),
        ("at x down 1 2", 1, "time must be a number"),
        ("at 10 down 1", 1, "expected 'at T down X Y'"),
        ("at 10 dump\nat 5 dump", 2, "earlier"),
        ("at 10 dump\nwindow 10 10", 2, "before the first"),
        ("hello", 1, "unknown command"),
        ("at -5 dump", 1, "negative"),
        ("window 0 10", 1, "at least"),
        ("window 1e10 100", 1, "at most"),
        ("at 0 resize 1e21 500", 1, "at most"),
        ("at 1e300 dump", 1, "at most"),
        ("at 0 move -1.7e308 300", 1, "within"),
        ("at 0 wheel 1e9 0", 1, "within"),
    ])
    func rejectsBadLinesNamingThem(text: String, line: Int, message: String) {
        #expect {
            try Script.parse(text)
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }
}

@Suite struct AddPagesTests {
    @Test func droppedPagesGoAfterTheFocusWithTheInsertAnimation() {
        var scene = PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600))
        scene.handle(.key(Key(.right)), at: 0)
        var t = 0.0
        while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        let dropped = SceneHarness.pages([2.0, 0.5]).map { Page(id: $0.id == "p0.png" ? "p0.png" : "new.png", path: $0.path, pixelSize: $0.pixelSize) }
        scene.handle(.host(.pagesLoaded(dropped)), at: t)
        // The document holds them at once; the gap opens over the first phase.
        #expect(scene.pages.map(\.id) == ["p0.png", "p1.png", "p0.png (2)", "new.png", "p2.png", "p3.png", "p4.png"])
        #expect(!scene.isIdle)
        scene.tick(at: t + 0.075)
        let opening = scene.thumbnailCells()
        #expect(opening.contains { $0.index == 2 } == false || opening.first { $0.index == 2 }!.alpha == 0)
        while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        #expect(scene.strips.focusIndex == 2)
        #expect(scene.strips.preview.offset == 1600)
        let focused = scene.thumbnailCells().first { $0.index == 2 }
        #expect(focused.map { abs($0.frame.midX - 400) < 1e-6 } == true)
        #expect(focused.map { abs($0.frame.width - 132) < 1e-6 } == true)
        #expect(scene.thumbnailCells().first { $0.index == 3 }.map { $0.alpha == 1 } == true)
    }

    @Test func droppingIntoAnEmptyDocument() {
        var scene = PhotosScene(documentName: "T", pages: [], windowSize: Size(width: 800, height: 600))
        #expect(scene.strips.focusIndex == -1)
        scene.handle(.host(.pagesLoaded(SceneHarness.pages([1, 1, 1]))), at: 0)
        var t = 0.0
        while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        #expect(scene.pages.count == 3)
        #expect(scene.strips.focusIndex == 0)
        #expect(scene.strips.preview.offset == 0)
    }
}
