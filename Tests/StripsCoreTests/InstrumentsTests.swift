import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos
@testable import StripsPizza

/// Slow motion, the x-ray and the messages, as the frame stepper applies them.
@Suite struct SlowMotionTests {
    @Test func sceneClockIsContinuousWhenTheRateChanges() {
        var clock = SceneClock()
        #expect(clock.sceneTime(at: 2.5) == 2.5)
        clock.setRate(0.1, at: 1)
        #expect(clock.sceneTime(at: 1) == 1)
        #expect(abs(clock.sceneTime(at: 3) - 1.2) < 1e-12)
        clock.setRate(1, at: 3)
        #expect(abs(clock.sceneTime(at: 4) - 2.2) < 1e-12)
    }

    /// S at 0, Delete at 1 s real (0.1 s of scene time, when the plain run deletes): every frame
    /// of the slowed delete is the plain delete's frame of a tenth of the real time.
    @Test func deleteAnimationTakesTenTimesLonger() throws {
        let plain = try SceneHarness.photos("at 100 key Delete\nat 1000 end", everyFrame: true)
        let slow = try SceneHarness.photos("at 0 key s\nat 1000 key Delete\nat 5000 end", everyFrame: true)
        let plainBusy = plain.filter { !$0.idle }, slowBusy = slow.filter { !$0.idle }
        #expect(plainBusy.count == 18)
        #expect(slowBusy.count == 180)
        // The trace's t stays real time (written to the microsecond).
        for (n, trace) in slow.enumerated() { #expect(abs(trace.t - Double(n) * 1000 / 60) < 0.001) }
        for m in 6...24 {
            let a = plain[m].cells("preview"), b = slow[10 * m].cells("preview")
            #expect(a.count == b.count)
            for (x, y) in zip(a, b) {
                #expect(abs(x.alpha - y.alpha) < 1e-9 && abs(x.rect().minX - y.rect().minX) < 1e-6 && abs(x.rect().width - y.rect().width) < 1e-6)
            }
        }
    }

    @Test func flingVelocityIsKeptInSceneUnits() throws {
        // The same fling in real time at full speed and in slow motion lands on the same page.
        let fling = "at 100 down 800 300\nat 116 move 650 300\nat 133 move 480 300\nat 150 up 470 300"
        let plain = try SceneHarness.photos(fling + "\nat 3000 dump\nat 3000 end")
        let slow = try SceneHarness.photos("at 0 key s\n" + fling + "\nat 30000 dump\nat 30000 end")
        #expect(plain.last?.active == 1 && slow.last?.active == 1)
        #expect(plain.last?.offset("preview") == slow.last?.offset("preview"))
    }

    @Test func badgeShowsOnlyWhileSlow() {
        var stepper = FrameStepper(scene: PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Script.defaultWindow))
        #expect(Self.texts(stepper.step(at: 0)).isEmpty)
        stepper.deliver(.key(Key(.s)), at: 0.5)
        #expect(Self.texts(stepper.step(at: 1)) == ["slow x0.1"])
        #expect(abs(stepper.sceneTime(at: 1.5) - 0.6) < 1e-12)
        stepper.deliver(.key(Key(.s)), at: 2)
        #expect(Self.texts(stepper.step(at: 2)).isEmpty)
    }

    static func texts(_ frame: Frame) -> [String] {
        frame.overlay.compactMap { if case .text(let run) = $0 { return run.text } else { return nil } }
    }
}

@Suite struct XRayTests {
    static func fills(_ items: [DrawItem]) -> [Rect] {
        items.compactMap { if case .fill(let f) = $0 { return f.rect } else { return nil } }
    }

    /// Mid-fling, x-ray on: every mark is made of the frame's own numbers.
    @Test func photosOverlayComesFromTheFrame() throws {
        var stepper = FrameStepper(scene: PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Script.defaultWindow))
        for (t, x) in [(0.1, 800.0), (0.116, 650), (0.133, 480)] {
            stepper.deliver(t == 0.1 ? .pointerDown(Point(x: x, y: 300)) : .pointerMove(Point(x: x, y: 300)), at: t)
        }
        stepper.deliver(.pointerUp(Point(x: 470, y: 300)), at: 0.15)
        let plain = stepper.step(at: 0.2)
        #expect(plain.overlay.isEmpty)
        stepper.deliver(.key(Key(.x)), at: 0.2)
        let frame = stepper.step(at: 0.25)
        let content = try #require(frame.content as? PhotosFrame)
        let texts = SlowMotionTests.texts(frame), fills = Self.fills(frame.overlay)
        for p in content.preview {
            #expect(texts.contains { $0.hasPrefix("page \(p.index)  parallax \((p.cell.parallax ?? 0).fixed(3))") })
            #expect(fills.contains(Rect(x: p.frame.minX, y: p.frame.minY, width: p.frame.width, height: 2)))
        }
        for (cell, e) in zip(content.thumbnails, content.thumbnailExpanding) {
            #expect(texts.contains("\(cell.index)"))
            #expect(fills.contains(Rect(x: cell.frame.minX, y: cell.frame.minY, width: cell.frame.width, height: 1)))
            if e > 0.005 { #expect(texts.contains("e \(e.fixed(2))")) }
        }
        let preview = try #require(content.strips.first { $0.name == "preview" })
        #expect(preview.velocity > 500 && preview.restingIndex == 1 && abs((preview.restingOffset ?? 0) - 1024) < 1e-6)
        let box = EditorGeometry(window: Size(width: 1024, height: 768)).preview
        #expect(preview.visible == Rect(x: preview.offset, y: 0, width: 1024, height: box.height))
        #expect(texts.contains { $0.hasPrefix("preview  offset \(preview.offset.fixed(1))") && $0.hasSuffix("-> page 1 at 1024.0") })
        // The resting target is marked where page 1's centre is now, before the strip gets there.
        let mark = preview.windowCoordinate(ofOffset: preview.restingOffset ?? 0)
        #expect(abs(mark - (1024 + 512 - preview.offset)) < 1e-6)
        #expect(fills.contains(Rect(x: mark - 1.5, y: box.minY, width: 3, height: box.height)))
        #expect(texts.contains("rest page 1"))
        // The trace is the same with the x-ray on.
        #expect(frame.traceLine(t: 0, number: 0) == stepper.scene.frame(at: stepper.sceneTime(at: 0.25)).traceLine(t: 0, number: 0))
    }

    @Test func pizzaOverlayShowsNormAndScalePerHalf() throws {
        var stepper = FrameStepper(scene: PizzaScene(menu: PizzaSceneTests.menu, windowSize: Script.defaultWindow))
        stepper.deliver(.key(Key(.x)), at: 0)
        let frame = stepper.step(at: 0)
        let content = try #require(frame.content as? PizzaFrame)
        let texts = SlowMotionTests.texts(frame)
        for s in content.strips {
            #expect(s.norms.count == s.cells.count && !s.cells.isEmpty)
            for (cell, norm) in zip(s.cells, s.norms) {
                #expect(texts.contains("#\(cell.index) n \(norm.fixed(2)) s \(cell.scale.fixed(2))"))
            }
            #expect(texts.contains { $0.hasPrefix("\(s.half.rawValue)  offset -192.0  visible [0, -192, 512, 684]  v 0 pt/s") })
        }
        #expect(texts.contains("#1 n 1.00 s 0.40"))
    }

    @Test func messagesFadeOnRealTime() {
        var instruments = Instruments()
        instruments.note("strips.toml: unknown key preview.paralax", at: 10, tuning: Tuning.defaults.instruments)
        let frame = PhotosScene(documentName: "T", pages: [], windowSize: Script.defaultWindow).frame(at: 0)
        func alpha(at t: Double) -> Double? {
            for item in instruments.overlay(for: frame, at: t, measurer: ApproximateTextMeasurer(), tuning: Tuning.defaults.instruments) {
                if case .text(let run) = item, run.text.hasSuffix("preview.paralax") { return run.alpha }
            }
            return nil
        }
        #expect(alpha(at: 11) == 1)
        #expect(abs((alpha(at: 14.5) ?? 0) - 0.5) < 1e-9)
        #expect(alpha(at: 15) == nil)
        #expect(instruments.isAnimating(at: 14.9, tuning: Tuning.defaults.instruments) && !instruments.isAnimating(at: 15, tuning: Tuning.defaults.instruments))
    }
}
