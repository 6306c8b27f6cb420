import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// Issue 13's edits at their numbers, in an 800 x 600 window (thumbnail strip y 526...592, pitch
/// 37 pt): reorder by press and hold, Alt+arrows, rotation, the page counter, the unsaved flag,
/// and undo / redo of every edit.
@Suite struct EditingTests {
    let y = 559.0
    /// Page 2's thumbnail centre with page 0 in focus: two pitches right of the centre, pushed
    /// by page 0's expansion ((66 * 0.7 - 33 + 20) / 2).
    let page2X = 400 + 74 + 16.6

    func cell(_ trace: Trace, _ index: Int) throws -> Trace.Cell {
        try #require(trace.cells("thumbnails").first { $0.index == index })
    }

    func rotations(_ trace: Trace, _ strip: String) -> [Int: Int] {
        Dictionary(trace.cells(strip).map { ($0.index, ($0.json["rotation"] as? Int) ?? -1) }) { a, _ in a }
    }

    @Test func holdingAThumbnailLiftsItAfterFourTenthsOfASecond() throws {
        let t = try SceneHarness.photos("""
            window 800 600
            at 100 down \(page2X) \(y)
            at 480 dump
            at 700 dump
            """)
        let before = try cell(t[0], 2), lifted = try cell(t[1], 2)
        #expect(before.rect().height == 66)
        #expect(t[0].cells("thumbnails").last?.index != 2)
        // Lifted: 15% larger, listed (drawn) last, above the others, still under the pointer.
        #expect(abs(lifted.rect().height - 66 * 1.15) < 1e-3)
        #expect(t[1].cells("thumbnails").last?.index == 2)
        #expect(abs(lifted.rect().midX - page2X) < 0.01)
        #expect(!t[1].idle)
    }

    @Test func aPressThatMovesAtOnceScrollsInstead() throws {
        let t = try SceneHarness.photos("""
            window 800 600
            at 100 down \(page2X) \(y)
            at 116 move \(page2X - 20) \(y)
            at 133 move \(page2X - 40) \(y)
            at 700 dump
            at 900 up \(page2X - 40) \(y)
            at 3000 dump
            """)
        #expect(t[0].cells("thumbnails").allSatisfy { $0.rect().height == 66 })
        #expect(t[0].offset("thumbnails") > -383.5 + 30)
        #expect(t[1].pages == ["p0.png", "p1.png", "p2.png", "p3.png", "p4.png"])
        #expect(t[1].json["dirty"] as? Bool == false)
    }

    @Test func draggingOpensTheSlotAndDropReorders() throws {
        let t = try SceneHarness.photos("""
            window 800 600
            at 100 down \(page2X) \(y)
            at 1000 dump
            at 1100 move \(page2X + 35) \(y)
            at 1150 move \(page2X + 70) \(y)
            at 1400 dump
            at 1500 up \(page2X + 70) \(y)
            at 1520 dump
            at 2200 dump
            """)
        let held = t[0], moved = t[1]
        // The carried thumbnail follows the pointer exactly.
        #expect(abs(try cell(moved, 2).rect().midX - cell(held, 2).rect().midX - 70) < 1e-3)
        // Pages 3 and 4 slid one pitch left to open slot 4; page 1 stayed.
        #expect(abs(try cell(held, 3).rect().midX - cell(moved, 3).rect().midX - 37) < 1e-3)
        #expect(abs(try cell(held, 4).rect().midX - cell(moved, 4).rect().midX - 37) < 1e-3)
        #expect(abs(try cell(held, 1).rect().midX - cell(moved, 1).rect().midX) < 1e-3)
        #expect(t[2].pages == ["p0.png", "p1.png", "p2.png", "p3.png", "p4.png"])  // settling first
        // The preview starts from the page it showed (page 0), then follows the dropped page.
        #expect(t[2].offset("preview") < 40)
        #expect(t[2].cells("preview").contains { $0.index == 0 && abs($0.rect().minX) < 40 })
        #expect(t[3].pages == ["p0.png", "p1.png", "p3.png", "p4.png", "p2.png"])
        #expect(t[3].active == 4)  // the preview follows the dropped page
        #expect(t[3].offset("preview") == 4 * 800)
        #expect(t[3].json["dirty"] as? Bool == true)
        #expect(t[3].idle)
    }

    @Test func carryingNearAnEndScrollsTheStrip() throws {
        let t = try SceneHarness.photos("""
            window 800 600
            at 100 down \(page2X) \(y)
            at 600 move 700 \(y)
            at 650 move 790 \(y)
            at 700 dump
            at 1200 dump
            at 1300 up 790 \(y)
            at 2000 dump
            """)
        // 10 pt from the right end: 700 * (1 - 10 / 48) pt a second, stopping at the last page.
        #expect(t[1].offset("thumbnails") > t[0].offset("thumbnails") + 100)
        #expect(t[2].pages == ["p0.png", "p1.png", "p3.png", "p4.png", "p2.png"])
        #expect(t[2].active == 4)
    }

    @Test func altArrowsMoveThePageInFocusAndUndoPutsItBack() throws {
        let t = try SceneHarness.photos("""
            window 800 600
            at 100 key alt+Right
            at 220 dump
            at 600 dump
            at 700 key alt+Right
            at 1100 dump
            at 1200 key ctrl+z
            at 1300 key ctrl+z
            at 2200 dump
            at 2300 key ctrl+shift+z
            at 2900 dump
            """)
        #expect(t[0].pages == ["p0.png", "p1.png", "p2.png", "p3.png", "p4.png"])
        // Mid-move the page in focus passes over its neighbour (it is listed last: on top).
        #expect(t[0].cells("preview").last?.index == 0)
        #expect(t[1].pages == ["p1.png", "p0.png", "p2.png", "p3.png", "p4.png"])
        #expect(t[1].active == 1)
        #expect(t[2].pages == ["p1.png", "p2.png", "p0.png", "p3.png", "p4.png"])
        #expect(t[2].active == 2)
        #expect(t[3].pages == ["p0.png", "p1.png", "p2.png", "p3.png", "p4.png"])
        #expect(t[3].active == 0)
        #expect(t[3].json["dirty"] as? Bool == false)
        #expect(t[4].pages == ["p1.png", "p0.png", "p2.png", "p3.png", "p4.png"])
    }

    @Test func rotatingSwapsTheThumbnailAspectAndUndoTurnsItBack() throws {
        let t = try SceneHarness.photos("""
            window 800 600
            at 0 dump
            at 100 key r
            at 250 dump
            at 500 dump
            at 600 key shift+r
            at 1000 dump
            at 1100 key r
            at 1500 key ctrl+z
            at 2000 dump
            """)
        let width = { (i: Int) throws -> Double in try cell(t[i], 0).rect().width }
        #expect(abs(try width(0) - 66 * 0.7) < 1e-3)
        // Mid-turn the thumbnail eases between the two shapes; the trace names the page's rotation.
        #expect(try width(1) > 66 * 0.7 && width(1) < 66 / 0.7)
        #expect(rotations(t[1], "thumbnails")[0] == 90)
        #expect(abs(try width(2) - 66 / 0.7) < 1e-3)
        #expect(rotations(t[2], "preview")[0] == 90)
        // The neighbour made room: pushed by the wider page.
        #expect(abs(try cell(t[2], 1).rect().midX - cell(t[0], 1).rect().midX - (66 / 0.7 - 66 * 0.7) / 2) < 1e-3)
        // The preview's picture takes the turned shape: wider than high.
        let image = try #require(t[2].cells("preview").first).rect("image")
        #expect(abs(image.width / image.height - 1 / 0.7) < 1e-3)
        #expect(rotations(t[3], "thumbnails")[0] == 0)
        #expect(abs(try cell(t[3], 0).rect().width - 66 * 0.7) < 1e-3)
        #expect(t[3].json["dirty"] as? Bool == true)  // turned there and back: still two edits
        #expect(rotations(t[4], "thumbnails")[0] == 0)
    }

    @Test func undoAndRedoCoverDeleteAndInsert() throws {
        var stepper = FrameStepper(scene: PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600)))
        func at(_ t: Double) -> PhotosScene {
            _ = stepper.step(at: t)
            return stepper.scene
        }
        stepper.deliver(.key(Key(.delete)), at: 0.1)
        #expect(at(1).pages.map(\.id) == ["p1.png", "p2.png", "p3.png", "p4.png"])
        #expect(stepper.scene.isDirty)
        stepper.scene.handle(.host(.pagesLoaded(SceneHarness.pages([2, 0.5]))), at: 1.1)
        #expect(at(2).pages.map(\.id) == ["p1.png", "p0.png", "p1.png (2)", "p2.png", "p3.png", "p4.png"])
        stepper.deliver(.key(Key(.z, ctrl: true)), at: 2.1)
        #expect(at(3).pages.map(\.id) == ["p1.png", "p2.png", "p3.png", "p4.png"])
        stepper.deliver(.key(Key(.z, ctrl: true)), at: 3.1)
        #expect(at(4).pages.map(\.id) == ["p0.png", "p1.png", "p2.png", "p3.png", "p4.png"])
        #expect(!stepper.scene.isDirty)
        stepper.deliver(.key(Key(.y, ctrl: true)), at: 4.1)
        stepper.deliver(.key(Key(.y, ctrl: true)), at: 4.2)
        #expect(at(6).pages.map(\.id) == ["p1.png", "p0.png", "p1.png (2)", "p2.png", "p3.png", "p4.png"])
        #expect(stepper.scene.title == "*T - page 2 of 6")
    }

    @Test func theCounterStaysWhileMovingAndFadesAfterASecondAndAHalf() throws {
        var stepper = FrameStepper(scene: PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600)))
        func counter(_ t: Double) -> TextRun? { (stepper.step(at: t).content as? PhotosFrame)?.decorations.counter }
        #expect(counter(0) == nil)  // nothing has moved yet
        stepper.deliver(.key(Key(.right)), at: 0.1)
        #expect(counter(0.2)?.text == "1 / 5")
        #expect(counter(0.2)?.alpha == 1)
        // The move (0.3 s) ends at 0.4 s: the last moving frame; the counter names the new page.
        _ = counter(0.4)
        #expect(counter(1.8)?.text == "2 / 5")
        #expect(counter(1.8)?.alpha == 1)
        #expect(abs((counter(2.05)?.alpha ?? 0) - 0.5) < 1e-9)
        #expect(counter(2.3) == nil)
        #expect(!stepper.scene.needsFrames)
    }

    /// S is slow motion, except while the quit prompt is up: there it means Save.
    @Test func thePromptsKeysAreNotTakenByTheInstruments() throws {
        var stepper = FrameStepper(scene: PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600)))
        stepper.scene.judgedOrdinary()
        stepper.deliver(.key(Key(.s)), at: 0)
        #expect(stepper.instruments.isSlow)
        stepper.deliver(.key(Key(.s)), at: 0.1)
        #expect(!stepper.instruments.isSlow)
        stepper.deliver(.key(Key(.r)), at: 0.2)
        _ = stepper.step(at: 1)
        stepper.deliver(.key(Key(.escape)), at: 1)
        #expect(stepper.scene.interaction.isAskingToQuit)
        let effects = stepper.deliver(.key(Key(.s)), at: 1.1)
        #expect(!stepper.instruments.isSlow)
        #expect(effects.count == 1)
        if let request = effects.first?.as(SaveRequest.self) { #expect(request.scope == .document) } else { Issue.record("no save asked for") }
    }

    /// Return answers the quit prompt with its highlighted button, Save.
    @Test func returnInTheQuitPromptSaves() {
        var scene = PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600))
        scene.judgedOrdinary()
        scene.handle(.key(Key(.r)), at: 0)
        scene.tick(at: 1)
        scene.handle(.key(Key(.escape)), at: 1)
        #expect(scene.interaction.isAskingToQuit)
        let saved = scene.handle(.key(Key(.return)), at: 1.1)
        if let request = saved.first?.as(SaveRequest.self) { #expect(request.scope == .document) } else { Issue.record("Return did not save: \(saved)") }
        #expect(!scene.interaction.isAskingToQuit)
    }

    @Test func unsavedEditsAskBeforeQuitting() throws {
        var scene = PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600))
        scene.judgedOrdinary()
        scene.handle(.key(Key(.r)), at: 0)
        scene.tick(at: 1)
        scene.handle(.key(Key(.escape)), at: 1)
        #expect(!scene.wantsToQuit)
        #expect(scene.interaction.isAskingToQuit)
        scene.handle(.key(Key(.escape)), at: 1.1)  // keep editing
        #expect(!scene.interaction.isAskingToQuit && !scene.wantsToQuit)
        let mayClose = scene.closeRequested(at: 1.2)
        #expect(!mayClose)
        // The prompt's Save button: the host is asked to save; its answer that it saved quits.
        let prompt = try #require(scene.photosFrame?.decorations.prompt)
        let effects = scene.handle(.pointerDown(prompt.buttons[0].frame.center), at: 1.3)
        guard let request = try #require(effects.first).as(SaveRequest.self) else { Issue.record("no save asked for"); return }
        #expect(request.pages[0].quarterTurns == 1)
        scene.handle(.host(.saved(SaveOutcome(path: "/tmp/x.pdf", request: request))), at: 1.4)
        #expect(scene.wantsToQuit)
        #expect(!scene.isDirty)
        // D quits without saving.
        var other = PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600))
        other.handle(.key(Key(.delete)), at: 0)
        other.tick(at: 1)
        other.handle(.key(Key(.q)), at: 1)
        other.handle(.key(Key(.d)), at: 1.1)
        #expect(other.wantsToQuit)
    }

    @Test func aFailedSaveLeavesTheDocumentUnsaved() {
        var scene = PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600))
        scene.judgedOrdinary()
        scene.handle(.key(Key(.r)), at: 0)
        let effects = scene.handle(.key(Key(.s, ctrl: true)), at: 0.5)
        #expect(effects.count == 1)
        scene.handle(.host(.saveFailed(HostMessage(trLater("Not saved: %s: %s"), arguments: [.text("x.pdf"), .message(HostMessage(trLater("the disk is full")))]))), at: 0.6)
        #expect(scene.isDirty)
        #expect(scene.photosFrame?.decorations.status?.text == "Not saved: x.pdf: the disk is full")
    }

    @Test func scriptKeysTakeAnAltPrefix() throws {
        let script = try Script.parse("at 0 key alt+Left\nat 1 key ctrl+shift+z")
        #expect(script.steps[0].command == .key(name: "Left", ctrl: false, shift: false, alt: true))
        #expect(script.steps[1].command == .key(name: "z", ctrl: true, shift: true))
    }
}

/// Turned pages as the renderer gets them: the picture's own rectangle and an angle.
@Suite struct TurnedPictureTests {
    @Test func aQuarterTurnDrawsThePictureSidewaysFillingTheTurnedBox() throws {
        var scene = PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Size(width: 800, height: 600))
        scene.handle(.key(Key(.r)), at: 0)
        scene.tick(at: 1)
        let frame = try #require(scene.frame(at: 1).content as? PhotosFrame)
        let quads = frame.drawItems().compactMap { item -> ImageQuad? in
            if case .image(let quad) = item, quad.image.path == "/nonexistent/p0.png" { return quad }
            return nil
        }
        let preview = try #require(quads.first { $0.image.variant == .full })
        let box = try #require(frame.preview.first { $0.index == 0 }).picture
        #expect(preview.rotation == 90)
        // The picture (0.7 wide) turned a quarter exactly covers the box (1 / 0.7 wide).
        #expect(abs(preview.frame.width - box.height) < 1e-9 && abs(preview.frame.height - box.width) < 1e-9)
        #expect(preview.drawnBounds == box)
        let thumbnail = try #require(quads.first { $0.image.variant == .thumbnail })
        #expect(thumbnail.rotation == 90)
        #expect(abs(thumbnail.frame.width - 66) < 1e-9)
    }

    @Test func midTurnThePictureStaysInsideItsBox() {
        let box = Rect(x: 0, y: 0, width: 300, height: 200)
        for degrees in stride(from: 0.0, through: 90, by: 15) {
            let picture = box.aspectFit(0.7, turnedBy: degrees)
            let bounds = picture.turned(degrees: degrees)
            #expect(bounds.width <= box.width + 1e-9 && bounds.height <= box.height + 1e-9)
            #expect(abs(picture.width / picture.height - 0.7) < 1e-9)
        }
    }
}
