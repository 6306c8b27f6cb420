import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos
@testable import StripsPizza

/// A tuning change is an input event: each number it names shows in the trace, and the default
/// tuning changes nothing.
@Suite struct TuningAppliedTests {
    /// Runs a script as `strips --script --tuning` does: the tuning delivered before the first frame.
    static func photos(_ script: String, tuning: Tuning? = nil, everyFrame: Bool = false) throws -> [Trace] {
        let parsed = try Script.parse(script)
        var runner = HeadlessRunner(script: parsed, scene: PhotosScene(documentName: "Test", pages: SceneHarness.fivePages,
                                                                       windowSize: parsed.window), traceEveryFrame: everyFrame)
        if let tuning { runner.stepper.deliver(.tune(tuning), at: 0) }
        return try SceneHarness.run(runner)
    }

    static func pizza(_ script: String, tuning: Tuning?, everyFrame: Bool = false) throws -> [Trace] {
        let parsed = try Script.parse(script)
        var runner = HeadlessRunner(script: parsed, scene: PizzaScene(menu: PizzaSceneTests.menu, windowSize: parsed.window),
                                    traceEveryFrame: everyFrame)
        if let tuning { runner.stepper.deliver(.tune(tuning), at: 0) }
        return try SceneHarness.run(runner)
    }

    /// Dragged 320 pt to the left and held: page 1 is 0.6875 of a page from the centre.
    static let heldDrag = "at 100 down 800 300\nat 116 move 650 300\nat 133 move 480 300\nat 150 dump\nat 150 end"

    /// How far page 1 has drifted from where it would sit without parallax.
    static func drift(_ trace: Trace) throws -> Double {
        let cell = try #require(trace.cells("preview").first { $0.index == 1 })
        return cell.rect().minX - (1024 - trace.offset("preview"))
    }

    @Test func parallaxOf88DoublesTheDrift() throws {
        var tuning = Tuning.defaults
        tuning.preview.parallaxSpacing = 88
        let plain = try #require(try Self.photos(Self.heldDrag).first)
        let tuned = try #require(try Self.photos(Self.heldDrag, tuning: tuning).first)
        #expect(plain.offset("preview") == 320 && tuned.offset("preview") == 320)
        #expect(abs(try Self.drift(plain) - 0.6875 * 44) < 1e-6)
        #expect(abs(try Self.drift(tuned) - 0.6875 * 88) < 1e-6)
    }

    @Test func defaultTuningChangesNothing() throws {
        let script = Self.heldDrag.replacingOccurrences(of: "at 150 end", with: "at 400 up 470 300\nat 1500 end")
        #expect(try Self.photos(script, tuning: .defaults, everyFrame: true).map(\.line)
                == Self.photos(script, everyFrame: true).map(\.line))
        let pizza = "at 100 down 300 300\nat 120 move 300 250\nat 140 move 300 150\nat 160 up 300 100\nat 200 key d\nat 1500 end"
        #expect(try Self.pizza(pizza, tuning: .defaults, everyFrame: true).map(\.line)
                == Self.pizza(pizza, tuning: nil, everyFrame: true).map(\.line))
    }

    @Test func pizzaSizeAndPanelHeightShowInTheLayout() throws {
        var tuning = Tuning.defaults
        tuning.pizza.size = 200
        tuning.pizza.panelHeight = 68
        let trace = try #require(try Self.pizza("at 0 dump\nat 0 end", tuning: tuning).first)
        // 700 pt above the panel: the centre pizza (index 0) is 200 tall, centred at y 350.
        let centre = try #require(trace.cells("left").first { $0.index == 0 })
        #expect(centre.rect().height == 200 && centre.rect().midY == 350)
        #expect(trace.offset("left") == 100 - 350)
    }

    @Test func thumbnailStripHeightAndRatioShowInTheCells() throws {
        var tuning = Tuning.defaults
        tuning.thumbnails.stripHeight = 100
        tuning.thumbnails.margin = 10
        let trace = try #require(try Self.photos("at 0 dump\nat 0 end", tuning: tuning).first)
        let resting = try #require(trace.cells("thumbnails").first { $0.index == 2 })
        #expect(resting.rect() .height == 100 && resting.rect().width == 50)
        #expect(resting.rect().minY == 768 - 10 - 100)
        // The preview gives up the band and the toolbar: 768 - (100 + 2 * 10) - 40.
        #expect(trace.cells("preview").first?.rect().height == 768 - 120 - Toolbar.height)
    }

    /// Frames during which the scene was not idle, for a delete at 100 ms.
    static func busyFrames(_ traces: [Trace]) -> Int { traces.filter { !$0.idle }.count }

    @Test func editorPhaseDurationTimesTheDelete() throws {
        var tuning = Tuning.defaults
        tuning.editor.phaseDuration = 0.3
        let script = "at 100 key Delete\nat 1500 end"
        #expect(Self.busyFrames(try Self.photos(script, everyFrame: true)) == 18)
        #expect(Self.busyFrames(try Self.photos(script, tuning: tuning, everyFrame: true)) == 36)
    }

    @Test func pizzaScaleFactorShowsInTheNeighboursScale() throws {
        var tuning = Tuning.defaults
        tuning.pizza.scaleFactor = 0.3
        let trace = try #require(try Self.pizza("at 0 dump\nat 0 end", tuning: tuning).first)
        let cells = try #require(trace.strip("left")["cells"] as? [[String: Any]])
        let neighbour = try #require(cells.first { ($0["index"] as? NSNumber)?.intValue == 1 })
        #expect(abs(((neighbour["scale"] as? NSNumber)?.doubleValue ?? 0) - 0.7) < 1e-9)
    }

    @Test func wheelStepMovesThePreviewByTheTunedAmount() throws {
        var tuning = Tuning.defaults
        tuning.scroll.wheelStep = 10
        let script = "at 0 move 500 300\nat 100 wheel 1 0\nat 100 dump\nat 100 end"
        #expect(try Self.photos(script).first?.offset("preview") == 48)
        #expect(try Self.photos(script, tuning: tuning).first?.offset("preview") == 10)
    }
}
