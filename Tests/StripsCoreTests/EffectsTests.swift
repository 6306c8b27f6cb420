import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// Effects are values the scene returns; the host's answers come back as events on the scene's
/// clock; the instrument keys are the core's, so a script presses them as the window does.
@Suite struct EffectsTests {
    func scene() -> PhotosScene { PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600)) }

    @Test func ctrlSReturnsASaveAndTheAnswerMarksTheDocumentSaved() throws {
        var scene = scene()
        scene.judgedOrdinary()
        scene.handle(.key(Key(.delete)), at: 0)
        let effects = scene.handle(.key(Key(.s, ctrl: true)), at: 0.1)
        guard let request = try #require(effects.first).as(SaveRequest.self) else { Issue.record("no save"); return }
        #expect(request.scope == .document && request.pages.count == 4)
        // Asked again while the host is at it: one line, no second save.
        #expect(scene.handle(.key(Key(.s, ctrl: true)), at: 0.2).isEmpty)
        #expect(scene.notices.status?.text == "Already saving…")
        scene.handle(.host(.saveProgress(done: 2, total: 4)), at: 0.3)
        #expect(scene.photosFrame?.decorations.status?.text == "Saving… 2 of 4 pages")
        scene.handle(.host(.saved(SaveOutcome(path: "/tmp/d.pdf", request: request))), at: 0.4)
        #expect(!scene.isDirty)
        #expect(scene.notices.status?.text == "Saved to /tmp/d.pdf")
    }

    /// Issue 31: the save says how much it wrote, on the status line and in the trace, and keeps
    /// saying it in the trace until the next save.
    @Test func theSaveReportsTheSizeItWrote() throws {
        var scene = scene()
        scene.judgedOrdinary()
        let effects = scene.handle(.key(Key(.s, ctrl: true)), at: 0.1)
        guard let request = try #require(effects.first).as(SaveRequest.self) else { Issue.record("no save"); return }
        #expect(scene.photosFrame?.saved == nil)
        scene.handle(.host(.saved(SaveOutcome(path: "/tmp/d.pdf", request: request, bytes: 1_234_567))), at: 0.4)
        #expect(scene.notices.status?.text == "Saved to /tmp/d.pdf (1.2 MB, 247 KB a page)")
        let frame = try #require(scene.photosFrame)
        #expect(frame.saved == SaveReport(path: "/tmp/d.pdf", bytes: 1_234_567, pages: 5))
        let saved = frame.traceFields().first { $0.0 == "saved" }
        #expect(saved.map { JSON.object([$0]).serialized } == #"{"saved":{"path":"/tmp/d.pdf","bytes":1234567,"pages":5}}"#)
        // One page, a few bytes, a size unknown.
        #expect(SaveReport(path: "a", bytes: 94_082, pages: 1).size == "94 KB")
        #expect(SaveReport(path: "a", bytes: 640, pages: 1).size == "640 bytes")
        #expect(SaveReport(path: "a", bytes: 31_500_000, pages: 300).size == "32 MB, 105 KB a page")
        #expect(SaveReport(path: "a", bytes: 0, pages: 3).size == "")
        scene.handle(.host(.saved(SaveOutcome(path: "/tmp/e.pdf", request: request))), at: 1)
        #expect(scene.notices.status?.text == "Saved to /tmp/e.pdf")
    }

    /// The "Saved to" line fades on the scene's clock, the one it is drawn with, also after slow
    /// motion (the host used to stamp it with real time).
    @Test func theStatusLineFadesOnTheSceneClockAfterSlowMotion() throws {
        var stepper = FrameStepper(scene: scene())
        stepper.scene.judgedOrdinary()
        stepper.instruments.setSlow(true, at: 0)
        _ = stepper.step(at: 10)
        stepper.instruments.setSlow(false, at: 10)
        let effects = stepper.deliver(.key(Key(.s, ctrl: true)), at: 10)
        guard let request = try #require(effects.first).as(SaveRequest.self) else { Issue.record("no save"); return }
        stepper.deliver(.host(.saved(SaveOutcome(path: "/tmp/x.pdf", request: request))), at: 10)
        // Scene time at real 10 s after 10 s at a tenth of the speed: 1 s.
        #expect(abs((stepper.scene.notices.status?.since ?? .nan) - 1) < 1e-9)
        func alpha(_ real: Double) -> Double { (stepper.step(at: real).content as? PhotosFrame)?.decorations.status?.alpha ?? 0 }
        let hold = Tuning.defaults.editor.statusHold, fade = Tuning.defaults.editor.counterFade
        #expect(alpha(10 + hold - 0.01) == 1)
        #expect(abs(alpha(10 + hold + fade / 2) - 0.5) < 1e-6)
        #expect(alpha(10 + hold + fade + 0.01) == 0)
    }

    @Test func droppedFilesAreAnEffectAndTheirPagesAnAnswer() throws {
        var scene = scene()
        let effects = scene.handle(.drop(["/tmp/a.jpg", "/tmp/folder"]), at: 0)
        #expect(effects == [.load(paths: ["/tmp/a.jpg", "/tmp/folder"])])
        scene.handle(.host(.pagesLoaded(SceneHarness.pages([1, 1]).map { Page(id: "new-" + $0.id, path: $0.path, pixelSize: $0.pixelSize) })), at: 0)
        #expect(scene.pages.map(\.id) == ["p0.png", "new-p0.png", "new-p1.png", "p1.png", "p2.png", "p3.png", "p4.png"])
        // While the quit prompt is up a drop asks for nothing.
        scene.handle(.key(Key(.escape)), at: 0.1)
        #expect(scene.handle(.drop(["/tmp/b.jpg"]), at: 0.2).isEmpty)
    }

    @Test func instrumentKeysAreTheCoresInEveryHost() {
        var stepper = FrameStepper(scene: scene())
        #expect(stepper.deliver(.key(Key(.r, ctrl: true)), at: 0) == [.toggleRecording])
        #expect(stepper.deliver(.key(Key(.r, ctrl: true, isRepeat: true)), at: 0.1).isEmpty)
        #expect(!stepper.instruments.showsFrameStats)
        stepper.deliver(.key(Key(.f)), at: 0.2)
        #expect(stepper.instruments.showsFrameStats)
        stepper.deliver(.key(Key(.f, isRepeat: true)), at: 0.3)
        #expect(stepper.instruments.showsFrameStats)  // a held key toggles once
        // Neither reached the scene: nothing turned, nothing moved.
        #expect(stepper.scene.pages.allSatisfy { $0.rotation == 0 } && stepper.scene.isIdle)
    }
}
