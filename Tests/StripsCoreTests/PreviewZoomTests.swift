import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// Zooming the preview, scripted in an 800 x 600 window: the preview is 800 x 478 under the 40 pt
/// toolbar. The first page is a 3000 x 4000 scan: at fit it is 358.5 x 478, centred at x 220.75;
/// its close-up is its own pixels (3000 / 358.5 = 8.37x fit) and the deepest zoom twice that.
@Suite struct PreviewZoomTests {
    static let scan = Page(id: "scan.jpg", path: "/nonexistent/scan.jpg", pixelSize: Size(width: 3000, height: 4000))
    static let pages = [scan] + SceneHarness.pages([1.5, 1.0])
    static let box = EditorGeometry(window: Size(width: 800, height: 600)).preview
    static let fit = Rect(x: (800 - box.height * 0.75) / 2, y: box.minY, width: box.height * 0.75, height: box.height)

    func run(_ body: String, everyFrame: Bool = false) throws -> [Trace] {
        try SceneHarness.photos("window 800 600\n" + body, pages: Self.pages, everyFrame: everyFrame)
    }

    func focused(_ trace: Trace) throws -> Trace.Cell {
        try #require(trace.cells("preview").first { $0.index == trace.active })
    }

    /// The fraction of the picture (0...1 each way) under window point `p`.
    func fraction(of p: Point, in image: Rect) -> Point {
        Point(x: (p.x - image.minX) / image.width, y: (p.y - image.minY) / image.height)
    }

    func doubleClick(at p: Point, from t: Int) -> String {
        "at \(t) down \(p.x) \(p.y)\nat \(t + 50) up \(p.x) \(p.y)\nat \(t + 150) down \(p.x) \(p.y)\nat \(t + 200) up \(p.x) \(p.y)\n"
    }

    @Test func doubleClickZoomsToTheCloseUpAboutTheClick() throws {
        let click = Point(x: 350, y: 200)
        let trace = try run("at 0 dump\n" + doubleClick(at: click, from: 100) + "at 400 dump\nat 700 dump\n")
        let before = try focused(trace[0]), during = try focused(trace[1]), after = try focused(trace[2])
        #expect(before.zoom == 1)
        #expect(before.rect("image") == Self.fit)
        let u = fraction(of: click, in: Self.fit)
        #expect(during.zoom > 1 && during.zoom < 3000 / Self.fit.width)
        #expect(!trace[1].idle)
        #expect(abs(after.zoom - (3000 / Self.fit.width * 1000).rounded() / 1000) < 1e-3)
        #expect(trace[2].idle)
        for cell in [during, after] {
            // The picture point under the cursor stays put, through the animation and at its end.
            let image = cell.rect("image")
            #expect(abs(image.minX + u.x * image.width - click.x) < 0.01)
            #expect(abs(image.minY + u.y * image.height - click.y) < 0.01)
        }
        #expect(abs(after.rect("image").width - 3000) < 0.01)
        #expect(trace[2].offset("preview") == 0)
    }

    @Test func aSecondDoubleClickGoesBackToFitAndPagingResumes() throws {
        let click = Point(x: 350, y: 200)
        let trace = try run(doubleClick(at: click, from: 100) + "at 600 dump\n" + doubleClick(at: click, from: 700) + """
            at 1300 dump
            at 1400 down 700 300
            at 1416 move 600 300
            at 1433 move 500 300
            at 1450 up 480 300
            at 2500 dump
            """)
        #expect(try focused(trace[0]).zoom > 7)
        #expect(try focused(trace[1]).zoom == 1)
        #expect(try focused(trace[1]).rect("image") == Self.fit)
        #expect(trace[1].idle)
        #expect(trace[2].active == 1)  // a fling pages again
        #expect(trace[2].offset("preview") == 800)
    }

    @Test func draggingWhileZoomedPansAndDoesNotPage() throws {
        let trace = try run("""
            at 0 move 400 559
            at 0 key +
            at 0 key +
            at 0 key +
            at 500 dump
            at 600 down 500 300
            at 700 move 480 220
            at 800 move 470 150
            at 900 move 470 150
            at 900 dump
            at 1300 up 470 150
            at 2500 dump
            """)
        let zoomed = try focused(trace[0]), dragged = try focused(trace[1]), rest = try focused(trace[2])
        #expect(abs(zoomed.zoom - 3.375) < 1e-9)
        let a = zoomed.rect("image"), b = dragged.rect("image")
        #expect(abs(b.minX - (a.minX - 30)) < 1e-3)
        #expect(abs(b.minY - (a.minY - 150)) < 1e-3)
        #expect(b.size == a.size)
        for t in trace {
            #expect(t.offset("preview") == 0)
            #expect(t.active == 0)
        }
        #expect(trace[2].idle)
        #expect(rest.rect("image") == b)  // held still before letting go: no fling
    }

    @Test func aFlingWhileZoomedDeceleratesAndBouncesInsideThePicture() throws {
        // At 2.25x the picture is 806.6 x 1075.5 in an 800 x 478 preview: x pans 0...6.6, y 0...597.5.
        let trace = try run("""
            at 0 key 0
            at 0 key +
            at 0 key +
            at 500 down 400 300
            at 516 move 400 250
            at 533 move 400 200
            at 550 up 400 150
            at 560 dump
            at 4000 dump
            """)
        let release = try focused(trace[0]).rect("image"), rest = try focused(trace[1]).rect("image")
        #expect(!trace[0].idle)
        #expect(trace[1].idle)
        #expect(rest.minY < release.minY - 100)  // it carried on after the release
        #expect(rest.minY >= Self.box.maxY - rest.height - 1e-3)  // and came to rest inside the picture
        #expect(trace[1].active == 0 && trace[1].offset("preview") == 0)
    }

    @Test func draggingPastTheEdgeStretchesThenSpringsBack() throws {
        let trace = try run("""
            at 0 key +
            at 500 down 400 300
            at 600 move 500 300
            at 700 move 700 300
            at 800 move 700 300
            at 800 dump
            at 1200 up 700 300
            at 3000 dump
            """)
        // At 1.5x the picture is 582.75 wide, narrower than the preview: x stays centred.
        let pulled = try focused(trace[0]).rect("image"), rest = try focused(trace[1]).rect("image")
        let centred = (800 - pulled.width) / 2
        #expect(pulled.minX > centred + 10)
        #expect(pulled.minX < centred + 300)  // the rubber band gives less than the pull
        #expect(abs(rest.minX - centred) < 0.3)
        #expect(trace[1].idle)
    }

    @Test func ctrlWheelAndPinchZoomAboutThePointWithinOneAndTheMaximum() throws {
        let p = Point(x: 300, y: 150)
        let trace = try run("""
            at 0 move \(p.x) \(p.y)
            at 100 wheel 0 1 ctrl
            at 100 dump
            at 200 wheel 0 -4 ctrl
            at 200 dump
            at 300 pinch \(p.x) \(p.y) 2
            at 300 dump
            at 400 pinch \(p.x) \(p.y) 50
            at 400 pinch \(p.x) \(p.y) 50
            at 400 dump
            at 500 pinch \(p.x) \(p.y) 0.01
            at 500 dump
            """)
        let u = fraction(of: p, in: Self.fit)
        let one = try focused(trace[0])
        #expect(abs(one.zoom - 1.25) < 1e-9)
        let image = one.rect("image")
        #expect(abs(image.midX - 400) < 1e-3)  // narrower than the preview: it stays centred
        #expect(abs(image.minY + u.y * image.height - p.y) < 1e-3)
        #expect(try focused(trace[1]).zoom == 1)  // never below fit
        let pinched = try focused(trace[2])
        #expect(pinched.zoom == 2)
        #expect(abs(pinched.rect("image").minY + u.y * pinched.rect("image").height - p.y) < 1e-3)
        // The deepest zoom: the picture at twice its own pixels.
        let deepest = try focused(trace[3])
        #expect(abs(deepest.rect("image").width - 6000) < 1e-3)
        #expect(abs(deepest.rect("image").height - 8000) < 1e-3)
        #expect(try focused(trace[4]).zoom == 1)
        #expect(try focused(trace[4]).rect("image") == Self.fit)
    }

    @Test func aPinchTakesOverTheFingerThatWasDraggingThePreview() throws {
        let trace = try run("""
            at 0 down 500 300
            at 50 move 470 300
            at 100 pinch 400 \(Self.box.midY) 2
            at 150 move 200 300
            at 200 up 100 300
            at 200 dump
            at 1500 dump
            """)
        for t in trace {
            #expect(t.offset("preview") == 0 && t.active == 0)  // the finger's drag neither moved nor paged
            #expect(try focused(t).zoom == 2)
        }
        #expect(trace[1].idle)
    }

    @Test func thePreviewDoesNotZoomWhilePagingOrOnTheThumbnails() throws {
        let trace = try run("""
            at 0 down 700 300
            at 16 move 600 300
            at 33 move 500 300
            at 50 up 480 300
            at 60 wheel 0 2 ctrl
            at 60 pinch 400 \(Self.box.midY) 2
            at 70 key +
            at 80 move 400 559
            at 90 pinch 400 559 2
            at 2000 dump
            """)
        #expect(trace[0].active == 1)
        #expect(trace[0].isAtFit)
    }

    @Test func plusMinusAndZeroAnimateAboutThePointerOrTheCentre() throws {
        let trace = try run("""
            at 0 move 400 559
            at 0 key +
            at 150 dump
            at 400 dump
            at 500 key +
            at 510 key +
            at 1000 dump
            at 1100 key -
            at 1500 dump
            at 1600 key 0
            at 2000 dump
            """)
        #expect(try focused(trace[0]).zoom > 1 && focused(trace[0]).zoom < 1.5)
        #expect(abs(try focused(trace[1]).zoom - 1.5) < 1e-9)
        let centre = Self.box.center
        let image = try focused(trace[1]).rect("image")
        #expect(abs(image.midX - centre.x) < 1e-3 && abs(image.midY - centre.y) < 1e-3)
        #expect(abs(try focused(trace[2]).zoom - 1.5 * 1.5 * 1.5) < 1e-9)  // presses add up
        #expect(abs(try focused(trace[3]).zoom - 1.5 * 1.5) < 1e-9)
        #expect(try focused(trace[4]).zoom == 1)
        #expect(trace[4].idle)
    }

    @Test func aPlainWheelPansTheZoomedPicture() throws {
        let trace = try run("""
            at 0 move 400 300
            at 0 key +
            at 0 key +
            at 500 dump
            at 600 wheel 0 -2
            at 1000 dump
            """)
        let a = try focused(trace[0]).rect("image"), b = try focused(trace[1]).rect("image")
        #expect(abs(b.minY - (a.minY - 2 * Tuning.defaults.scroll.wheelStep)) < 1e-3)
        #expect(trace[1].active == 0 && trace[1].offset("preview") == 0 && trace[1].idle)
    }

    @Test func anotherPageOrAnEditEndsTheZoom() throws {
        let trace = try run("""
            at 0 key +
            at 400 key Right
            at 1000 dump
            at 1100 key +
            at 1500 key Delete
            at 2200 dump
            """)
        #expect(trace[0].active == 1)
        #expect(trace[0].isAtFit)
        #expect(trace[1].count == 2)
        #expect(trace[1].isAtFit)
    }

    @Test func resizingKeepsTheZoomAndThePointInTheMiddle() throws {
        let trace = try run("""
            at 0 move 400 559
            at 0 key +
            at 0 key +
            at 500 dump
            at 600 resize 1000 700
            at 700 dump
            """)
        let a = try focused(trace[0]), b = try focused(trace[1])
        #expect(b.zoom == a.zoom)
        let before = fraction(of: Self.box.center, in: a.rect("image"))
        let after = fraction(of: EditorGeometry(window: Size(width: 1000, height: 700)).preview.center, in: b.rect("image"))
        #expect(abs(before.x - after.x) < 1e-3 && abs(before.y - after.y) < 1e-3)
    }

    @Test func everyPreviewCellEndsWithItsZoom() throws {
        let line = try run("at 0 dump")[0].line
        #expect(line.contains(#""alpha":1,"rotation":0,"zoom":1}"#))
    }

    @Test func scriptLinesForCtrlWheelAndPinch() throws {
        let script = try Script.parse("at 0 wheel 1 -2 ctrl\nat 1 pinch 10 20 1.5\nat 2 wheel 1 2")
        #expect(script.steps.map(\.command) == [.ctrlWheel(dx: 1, dy: -2), .pinch(center: Point(x: 10, y: 20), scale: 1.5), .wheel(dx: 1, dy: 2)])
        for bad in ["at 0 pinch 1 2 0", "at 0 pinch 1 2", "at 0 pinch 1 2 1e9", "at 0 wheel 1 2 alt", "at 0 pinch 1 2 nan"] {
            #expect(throws: ScriptError.self) { try Script.parse(bad) }
        }
    }
}

extension Trace.Cell {
    var zoom: Double { (json["zoom"] as? NSNumber)?.doubleValue ?? .nan }
}

extension Trace {
    /// Every preview cell at fit: nothing zoomed.
    var isAtFit: Bool { cells("preview").allSatisfy { $0.zoom == 1 } }
}
