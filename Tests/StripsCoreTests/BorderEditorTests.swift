import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// The border editor (issue 21): opening on a page, the detector's suggestion, dragging corners
/// and edges, keys, apply and cancel, undo and redo, re-opening, Shift+C, levelling.
@Suite struct BorderEditorTests {
    static let window = Size(width: 800, height: 600)
    /// A 1500 x 1000 photo with a page in it.
    static let photo = Page(id: "photo.jpg", path: "/nonexistent/photo.jpg", pixelSize: Size(width: 1500, height: 1000))
    static let found = Quad(topLeft: Point(x: 400, y: 150), topRight: Point(x: 1100, y: 120),
                            bottomRight: Point(x: 1150, y: 900), bottomLeft: Point(x: 350, y: 880))

    func scene(_ pages: [Page] = [photo, SceneHarness.fivePages[0], SceneHarness.fivePages[1]]) -> PhotosScene {
        var scene = PhotosScene(documentName: "T", pages: pages, windowSize: Self.window)
        scene.tick(at: 0)
        return scene
    }

    /// `c` at `time`, the host's suggestion answered, the animations run out.
    func open(_ scene: inout PhotosScene, at time: Double, suggestion: Quad? = found) -> [Effect] {
        let effects = scene.handle(.key(Key(.c)), at: time)
        if let request = effects.first?.as(BorderRequest.self), request.purpose == .suggest {
            scene.handle(.host(.bordersFound(BorderAnswer(purpose: .suggest, pages: [.init(pageID: request.pages[0].id, corners: suggestion, levelling: nil)]))), at: time + 0.05)
        }
        settle(&scene, from: time)
        return effects
    }

    func settle(_ scene: inout PhotosScene, from time: Double) {
        var t = time
        for _ in 0..<120 {
            t += 1.0 / 60
            scene.tick(at: t)
            if scene.isIdle { break }
        }
    }

    func session(_ scene: PhotosScene) throws -> BorderSession { try #require(scene.borderSession) }
    /// The editor as drawn once every animation has run out.
    func drawn(_ scene: PhotosScene) -> PhotosFrame? { scene.frame(at: 100).content as? PhotosFrame }
    func view(_ scene: PhotosScene) throws -> BorderView { try #require(drawn(scene)?.borders?.view) }

    @Test func cOpensTheWholePictureAndTheSuggestionGlidesIn() throws {
        var scene = scene()
        let effects = scene.handle(.key(Key(.c)), at: 1)
        #expect(effects == [.findBorders(BorderRequest(purpose: .suggest, pages: [Self.photo]))])
        // At once: the whole picture, not yet the suggestion.
        var s = try session(scene)
        #expect(s.corners == Quad(whole: Self.photo.pixelSize) && !s.detected && s.awaitingDetection)
        scene.handle(.host(.bordersFound(BorderAnswer(purpose: .suggest, pages: [.init(pageID: "photo.jpg", corners: Self.found, levelling: nil)]))), at: 1.1)
        s = try session(scene)
        #expect(s.corners == Self.found && s.detected)
        // It glides in: halfway through, the corners are between the picture's and the suggestion's.
        let mid = s.shownCorners(at: 1.1 + BorderSession.morphDuration / 2).topLeft
        #expect(mid.x > 0 && mid.x < Self.found.topLeft.x && mid.y > 0 && mid.y < Self.found.topLeft.y)
        settle(&scene, from: 1.1)
        // The trace: corners in window points over the fitted picture, source in pixels, detected.
        let frame = try #require(drawn(scene))
        let field = try #require(frame.borders?.traceField)
        #expect(field.0 == "crop")
        let v = try view(scene)
        #expect(v.fitted.width / v.fitted.height - 1.5 < 1e-9)
        for (w, p) in zip(v.corners, Self.found.corners) {
            #expect(abs(w.x - (v.fitted.minX + p.x * v.scale)) < 1e-9 && abs(w.y - (v.fitted.minY + p.y * v.scale)) < 1e-9)
        }
        let json = JSON.object(frame.traceFields()).serialized
        #expect(json.contains("\"crop\":{\"page\":\"photo.jpg\",\"corners\":") && json.contains("\"detected\":true"))
    }

    @Test func noPageFoundLeavesThePicturesCorners() throws {
        var scene = scene()
        _ = open(&scene, at: 1, suggestion: nil)
        let s = try session(scene)
        #expect(s.corners == Quad(whole: Self.photo.pixelSize) && !s.detected && !s.awaitingDetection)
        #expect(drawn(scene)?.borders?.help?.text.hasPrefix("No page found") == true)
    }

    @Test func draggingACornerMovesItAndAFoldIsRefused() throws {
        var scene = scene()
        _ = open(&scene, at: 1)
        let v = try view(scene)
        let corner = v.corners[0]
        scene.handle(.pointerDown(corner + Point(x: 3, y: 2), []), at: 2)
        scene.handle(.pointerMove(corner + Point(x: -17, y: -8)), at: 2.05)
        // The loupe shows the picture's own pixels around the held corner, with its crosshair on it.
        let loupe = try #require(drawn(scene)?.borders?.loupe)
        let s = try session(scene)
        let held = s.corners.topLeft
        #expect(abs(held.x - (Self.found.topLeft.x - 20 / v.scale)) < 1e-6 && abs(held.y - (Self.found.topLeft.y - 10 / v.scale)) < 1e-6)
        let centre = Point(x: (loupe.source.minX + loupe.source.width / 2) * 1500, y: (loupe.source.minY + loupe.source.height / 2) * 1000)
        #expect(centre.distance(to: held) < 1)
        #expect(loupe.source.width * 1500 < 100)  // magnified: far fewer pixels than it is points wide
        let item = (drawn(scene)?.drawItems() ?? []).compactMap { item -> ImageQuad? in
            if case .image(let quad) = item, quad.image.variant == .loupe { return quad }
            return nil
        }.first
        #expect(item?.source == loupe.source && item?.frame == loupe.frame && item?.image.recipe == .identity)
        // Over the opposite corner: the quad would fold, the corner stays where it last was convex.
        scene.handle(.pointerMove(v.corners[2] + Point(x: 40, y: 40)), at: 2.1)
        #expect(try session(scene).corners.topLeft == held)
        scene.handle(.pointerUp(v.corners[2] + Point(x: 40, y: 40)), at: 2.2)
        #expect(try session(scene).drag == nil && drawn(scene)?.borders?.loupe == nil)
        #expect(try session(scene).corners.isConvex && !(try session(scene).detected))
    }

    @Test func draggingAnEdgeMovesItsTwoCorners() throws {
        var scene = scene()
        _ = open(&scene, at: 1)
        let v = try view(scene)
        let mid = Point(x: (v.corners[1].x + v.corners[2].x) / 2, y: (v.corners[1].y + v.corners[2].y) / 2)
        scene.handle(.pointerDown(mid, []), at: 2)
        scene.handle(.pointerMove(mid + Point(x: 30, y: 0)), at: 2.05)
        scene.handle(.pointerUp(mid + Point(x: 30, y: 0)), at: 2.1)
        let c = try session(scene).corners
        let dx = 30 / v.scale
        #expect(abs(c.topRight.x - (Self.found.topRight.x + dx)) < 1e-6 && abs(c.bottomRight.x - (Self.found.bottomRight.x + dx)) < 1e-6)
        #expect(c.topLeft == Self.found.topLeft && c.bottomLeft == Self.found.bottomLeft)
        #expect(abs(c.topRight.y - Self.found.topRight.y) < 1e-9)
    }

    @Test func keysNudgeTurnAndReset() throws {
        var scene = scene()
        _ = open(&scene, at: 1)
        let v = try view(scene)
        // The pointer rests near the bottom-right corner: the arrows move that one.
        scene.handle(.pointerMove(v.corners[2] + Point(x: 5, y: 5)), at: 1.9)
        scene.handle(.key(Key(.left)), at: 2)
        scene.handle(.key(Key(.down, shift: true)), at: 2.1)
        var c = try session(scene).corners
        #expect(abs(c.bottomRight.x - (Self.found.bottomRight.x - 1 / v.scale)) < 1e-6)
        #expect(abs(c.bottomRight.y - (Self.found.bottomRight.y + 10 / v.scale)) < 1e-6)
        #expect(c.topLeft == Self.found.topLeft)
        scene.handle(.key(Key(.leftBracket)), at: 2.2)
        scene.handle(.key(Key(.leftBracket)), at: 2.3)
        scene.handle(.key(Key(.rightBracket)), at: 2.4)
        scene.handle(.key(Key(.leftBracket)), at: 2.5)
        #expect(try session(scene).straighten == 0.2)
        scene.handle(.key(Key(.backspace)), at: 2.6)
        c = try session(scene).corners
        #expect(c == Quad(whole: Self.photo.pixelSize))
    }

    @Test func returnAppliesOneUndoableEditAndReopeningShowsTheCorners() throws {
        var scene = scene()
        _ = open(&scene, at: 1)
        let effects = scene.handle(.key(Key(.return)), at: 2)
        // Applied at once; the host is asked for the angle that levels the flattened page.
        #expect(scene.pages[0].corrections.crop == Self.found)
        guard let level = try #require(effects.first).as(BorderRequest.self) else { Issue.record("no levelling asked"); return }
        #expect(level.purpose == .level && level.pages[0].corrections.crop == Self.found)
        settle(&scene, from: 2)
        #expect(scene.borderSession == nil && scene.isDirty)
        // The levelling angle joins the same undo step.
        scene.handle(.host(.bordersFound(BorderAnswer(purpose: .level, pages: [.init(pageID: "photo.jpg", corners: Self.found, levelling: 1.26)]))), at: 3)
        #expect(scene.pages[0].corrections.straighten == 1.3)
        #expect(scene.document.history.undoStack.count == 1)
        // The page is drawn flattened: its cell has the flattened page's shape and says how.
        let cell = try #require(scene.previewCells().first { $0.index == 0 })
        #expect(abs(cell.picture.width / cell.picture.height - scene.pages[0].pictureAspect) < 1e-9)
        let json = JSON.object(try #require(drawn(scene)).traceFields()).serialized
        #expect(json.contains("\"straighten\":1.3"))
        // Re-opened: the whole picture with the corners where they were, nothing detected.
        #expect(open(&scene, at: 4).isEmpty)
        var s = try session(scene)
        #expect(s.corners == Self.found && !s.detected && s.straighten == 1.3)
        scene.handle(.key(Key(.escape)), at: 5)
        settle(&scene, from: 5)
        // Undo: one step back to the photo as it was; redo brings crop and angle back.
        scene.handle(.key(Key(.z, ctrl: true)), at: 6)
        settle(&scene, from: 6)
        #expect(scene.pages[0].corrections == .none && !scene.isDirty)
        scene.handle(.key(Key(.z, ctrl: true, shift: true)), at: 7)
        settle(&scene, from: 7)
        #expect(scene.pages[0].corrections.crop == Self.found && scene.pages[0].corrections.straighten == 1.3)
        _ = open(&scene, at: 8)
        s = try session(scene)
        #expect(s.corners == Self.found)
    }

    @Test func escapeLeavesThePageAsItWas() throws {
        var scene = scene()
        _ = open(&scene, at: 1)
        scene.handle(.key(Key(.right)), at: 2)
        scene.handle(.key(Key(.escape)), at: 2.1)
        settle(&scene, from: 2.1)
        #expect(scene.borderSession == nil && scene.pages[0].corrections == .none && !scene.isDirty)
    }

    @Test func aTurnByHandIsNotLevelledAfterwards() throws {
        var scene = scene()
        _ = open(&scene, at: 1)
        scene.handle(.key(Key(.rightBracket)), at: 2)
        #expect(scene.handle(.key(Key(.return)), at: 2.1).isEmpty)
        #expect(scene.pages[0].corrections.straighten == -0.1 && scene.pages[0].corrections.crop == Self.found)
    }

    @Test func shiftCAppliesTheSuggestionsToTheSelectionInOneStep() throws {
        var scene = scene()
        scene.handle(.key(Key(.a, ctrl: true)), at: 0.5)
        let effects = scene.handle(.key(Key(.c, shift: true)), at: 1)
        guard let request = try #require(effects.first).as(BorderRequest.self) else { Issue.record("no request"); return }
        #expect(request.purpose == .apply && request.pages.map(\.id) == scene.pages.map(\.id))
        let second = Quad(rect: Rect(x: 50, y: 60, width: 500, height: 800))
        scene.handle(.host(.bordersFound(BorderAnswer(purpose: .apply, pages: [
            .init(pageID: "photo.jpg", corners: Self.found, levelling: -2),
            .init(pageID: "p0.png", corners: second, levelling: nil),
            .init(pageID: "p1.png", corners: nil, levelling: nil),
        ]))), at: 1.2)
        settle(&scene, from: 1.2)
        #expect(scene.pages[0].corrections.crop == Self.found && scene.pages[0].corrections.straighten == -2)
        #expect(scene.pages[1].corrections.crop == second && scene.pages[2].corrections == .none)
        #expect(scene.document.history.undoStack.count == 1)
        #expect(scene.notices.status?.text == "Borders found on 2 of 3 pages")
        scene.handle(.key(Key(.z, ctrl: true)), at: 2)
        settle(&scene, from: 2)
        #expect(scene.pages.allSatisfy { $0.corrections == .none })
    }

    @Test func shiftCMakesAnOpenBookItsTwoPagesInOneStep() throws {
        var scene = scene()
        scene.handle(.key(Key(.a, ctrl: true)), at: 0.5)
        scene.handle(.key(Key(.c, shift: true)), at: 1)
        let left = Quad(rect: Rect(x: 100, y: 100, width: 640, height: 800)), right = Quad(rect: Rect(x: 740, y: 100, width: 640, height: 800))
        let curve = PageCurve(columns: 2, rows: 2, vertical: [0, 0.01, 0.02, 0], lines: 20)
        let second = Quad(rect: Rect(x: 50, y: 60, width: 500, height: 800))
        scene.handle(.host(.bordersFound(BorderAnswer(purpose: .apply, pages: [
            .init(pageID: "photo.jpg", corners: Self.found, levelling: nil,
                  spread: .init(left: left, right: right, leftCurve: curve, rightCurve: nil)),
            .init(pageID: "p0.png", corners: second, levelling: 1.5),
            .init(pageID: "p1.png", corners: nil, levelling: nil),
        ]))), at: 1.2)
        settle(&scene, from: 1.2)
        // The photo's page is its two pages, left then right, each its half; the others as ever.
        #expect(scene.pages.map(\.id) == ["photo.jpg left", "photo.jpg right", "p0.png", "p1.png"])
        #expect(scene.pages[0].corrections.crop == left && scene.pages[0].corrections.dewarp == curve)
        #expect(scene.pages[1].corrections.crop == right && scene.pages[1].corrections.dewarp == nil)
        #expect(scene.pages[0].source == Self.photo.source && scene.pages[1].source == Self.photo.source)
        #expect(scene.pages[2].corrections.crop == second && scene.pages[2].corrections.straighten == 1.5)
        #expect(scene.document.history.undoStack.count == 1)
        // One undo brings the photo back, and redo the two pages.
        scene.handle(.key(Key(.z, ctrl: true)), at: 3)
        settle(&scene, from: 3)
        #expect(scene.pages.map(\.id) == ["photo.jpg", "p0.png", "p1.png"])
        #expect(scene.pages.allSatisfy { $0.corrections == .none })
        scene.handle(.key(Key(.y, ctrl: true)), at: 5)
        settle(&scene, from: 5)
        #expect(scene.pages.map(\.id) == ["photo.jpg left", "photo.jpg right", "p0.png", "p1.png"])
    }

    /// The photo with its found corners and a curve laid flat, as Shift+C leaves a book's page.
    func curvedScene() throws -> (PhotosScene, PageCurve) {
        var scene = scene()
        // The page's rows sag by 3 % of its height in the middle, none at the sides.
        let curve = try #require(PageCurve(columns: 3, rows: 2, vertical: [0, 0.03, 0, 0, 0.03, 0], lines: 24))
        scene.handle(.key(Key(.c, shift: true)), at: 1)
        scene.handle(.host(.bordersFound(BorderAnswer(purpose: .apply, pages: [
            .init(pageID: "photo.jpg", corners: Self.found, levelling: nil, curve: curve),
        ]))), at: 1.2)
        settle(&scene, from: 1.2)
        #expect(scene.pages[0].corrections.dewarp == curve)
        return (scene, curve)
    }

    @Test func theEditorDrawsTheCurveItFoundAndDTurnsItOff() throws {
        var (scene, _) = try curvedScene()
        _ = open(&scene, at: 2)
        let frame = try #require(drawn(scene)?.borders)
        // The laid-flat page's top edge, four rows between and its bottom edge, in the photo.
        #expect(frame.curve.count == BorderCurve.innerRows + 2)
        let top = try #require(frame.curve.first), bottom = try #require(frame.curve.last)
        // The edges start and end near the quad's corners (the curve is nothing at the sides)...
        let c = frame.view.corners
        #expect(top.first!.distance(to: c[0]) < 2 && top.last!.distance(to: c[1]) < 2)
        #expect(bottom.first!.distance(to: c[3]) < 2 && bottom.last!.distance(to: c[2]) < 2)
        // ...and bow in the middle: the page's text sagged by 3 % of its ~770 px height is taken
        // from above (the shift is undone), about 23 picture pixels, here at the view's scale.
        let sag = BorderCurve.sag(top)
        let expected = 0.03 * 770 * frame.view.scale
        #expect(sag > expected * 0.7 && sag < expected * 1.3, "sag \(sag) points, expected about \(expected)")
        let json = JSON.object([frame.traceField]).serialized
        #expect(json.contains("\"curve\":{\"lines\":24,\"top\":"))
        // The curve is drawn: orange strokes besides the blue quad.
        #expect(frame.drawItems().contains { if case .polygon(let p) = $0 { return p.color == BorderEditorFrame.curveColour }; return false })

        // D: not laid flat; the curve is no longer drawn; Return keeps it off in the recipe.
        scene.handle(.key(Key(.d)), at: 3)
        #expect(try #require(drawn(scene)?.borders).curve.isEmpty)
        #expect(scene.handle(.key(Key(.return)), at: 3.1).isEmpty)
        settle(&scene, from: 3.1)
        #expect(scene.pages[0].corrections.dewarp == nil && !scene.pages[0].corrections.laysFlat)
        #expect(scene.pages[0].corrections.crop == Self.found)
        #expect(scene.document.history.undoStack.count == 2)
        #expect(JSON.object(try #require(drawn(scene)).traceFields()).serialized.contains("\"dewarp\":\"off\""))
        // Reopened, D is still off.
        _ = open(&scene, at: 4)
        #expect(try !session(scene).laysFlat && (try #require(drawn(scene)?.borders)).curve.isEmpty)
        scene.handle(.key(Key(.escape)), at: 4.5)
        settle(&scene, from: 4.5)

        // Shift+C asks with the page as it is (off in its recipe); an answer with no curve keeps
        // it off and levels the page instead.
        let effects = scene.handle(.key(Key(.c, shift: true)), at: 5)
        guard let request = try #require(effects.first).as(BorderRequest.self) else { Issue.record("no request"); return }
        #expect(request.pages[0].corrections.laysFlat == false)
        scene.handle(.host(.bordersFound(BorderAnswer(purpose: .apply, pages: [
            .init(pageID: "photo.jpg", corners: Self.found, levelling: 0.84),
        ]))), at: 5.2)
        settle(&scene, from: 5.2)
        #expect(!scene.pages[0].corrections.laysFlat && scene.pages[0].corrections.straighten == 0.8)

        // Undo, step by step: the levelling, then D, back to the curve.
        scene.handle(.key(Key(.z, ctrl: true)), at: 6)
        settle(&scene, from: 6)
        #expect(!scene.pages[0].corrections.laysFlat && scene.pages[0].corrections.straighten == 0)
        scene.handle(.key(Key(.z, ctrl: true)), at: 7)
        settle(&scene, from: 7)
        #expect(scene.pages[0].corrections.laysFlat && scene.pages[0].corrections.dewarp != nil)
    }

    /// A book page filling the photo: no crop keeps its text, so the editor opens on the whole
    /// picture; Return there asks for the whole picture laid flat, which comes as an edit of its
    /// own (Ctrl+Z takes it back); a flat page's answer (no curve) changes nothing and says so.
    @Test func returnOnTheWholePictureLaysACurvedPageFlatAsAnEditOfItsOwn() throws {
        var scene = scene()
        let curve = try #require(PageCurve(columns: 3, rows: 2, vertical: [0, 0.03, 0, 0, 0.03, 0], lines: 24))
        _ = open(&scene, at: 1, suggestion: nil)
        let effects = scene.handle(.key(Key(.return)), at: 2)
        guard let request = try #require(effects.first).as(BorderRequest.self) else {
            Issue.record("nothing asked")
            return
        }
        #expect(request.purpose == .layFlat && request.pages.map(\.id) == ["photo.jpg"])
        scene.handle(.host(.bordersFound(BorderAnswer(purpose: .layFlat, pages: [
            .init(pageID: "photo.jpg", corners: nil, levelling: nil, curve: curve),
        ]))), at: 2.2)
        settle(&scene, from: 2.2)
        #expect(scene.pages[0].corrections.dewarp == curve && scene.pages[0].corrections.crop == nil)
        scene.handle(.key(Key(.z, ctrl: true)), at: 4)
        settle(&scene, from: 4)
        #expect(scene.pages[0].corrections.dewarp == nil)
        // Asked again, on a flat page: nothing changes, a line says why.
        _ = open(&scene, at: 5, suggestion: nil)
        _ = scene.handle(.key(Key(.return)), at: 6)
        scene.handle(.host(.bordersFound(BorderAnswer(purpose: .layFlat, pages: [
            .init(pageID: "photo.jpg", corners: nil, levelling: nil, curve: nil),
        ]))), at: 6.2)
        settle(&scene, from: 6.2)
        #expect(scene.pages[0].corrections == Corrections())
        #expect(scene.notices.status?.text == "No curve found: the page is left as it is")
    }

    /// Shift+C on a photo whose page fills it, the host sure of its curve (`BorderFinder.wholeCurve`):
    /// laid flat whole in one edit, the status line says it was done by itself, one Ctrl+Z undoes it.
    @Test func shiftCLaysAWholePhotoFlatWhenTheHostIsSureAndSaysSo() throws {
        var scene = scene()
        let curve = try #require(PageCurve(columns: 3, rows: 2, vertical: [0, 0.03, 0, 0, 0.03, 0], lines: 24))
        let effects = scene.handle(.key(Key(.c, shift: true)), at: 1)
        guard let request = try #require(effects.first).as(BorderRequest.self) else {
            Issue.record("nothing asked")
            return
        }
        #expect(request.purpose == .apply)
        scene.handle(.host(.bordersFound(BorderAnswer(purpose: .apply, pages: [
            .init(pageID: "photo.jpg", corners: nil, levelling: nil, curve: curve),
        ]))), at: 1.2)
        settle(&scene, from: 1.2)
        #expect(scene.pages[0].corrections.dewarp == curve && scene.pages[0].corrections.crop == nil)
        #expect(scene.notices.status?.text == "A curved page laid flat by itself (Ctrl+Z undoes)")
        scene.handle(.key(Key(.z, ctrl: true)), at: 3)
        settle(&scene, from: 3)
        #expect(scene.pages[0].corrections == Corrections())
    }

    @Test func dBackOnAsksForTheCurveAgain() throws {
        var (scene, curve) = try curvedScene()
        _ = open(&scene, at: 2)
        scene.handle(.key(Key(.d)), at: 3)
        _ = scene.handle(.key(Key(.return)), at: 3.1)
        settle(&scene, from: 3.1)
        _ = open(&scene, at: 4)
        scene.handle(.key(Key(.d)), at: 5)
        let effects = scene.handle(.key(Key(.return)), at: 5.1)
        guard let level = try #require(effects.first).as(BorderRequest.self) else { Issue.record("no levelling asked"); return }
        #expect(level.purpose == .level && level.pages[0].corrections.laysFlat)
        scene.handle(.host(.bordersFound(BorderAnswer(purpose: .level, pages: [
            .init(pageID: "photo.jpg", corners: Self.found, levelling: nil, curve: curve),
        ]))), at: 5.3)
        settle(&scene, from: 5.3)
        #expect(scene.pages[0].corrections.dewarp == curve)
    }

    @Test func aReplacementIsUndoneWhereTheOnesBeforeItMovedIt() {
        let pages = SceneHarness.fivePages
        var halves = [pages[1], pages[1]]
        halves[0].id = "a"; halves[1].id = "b"
        var triple = [pages[3], pages[3], pages[3]]
        for k in 0..<3 { triple[k].id = "t\(k)" }
        let edit = Edit.replace([PageReplacement(index: 1, before: [pages[1]], after: halves),
                                 PageReplacement(index: 3, before: [pages[3]], after: triple)])
        let after = edit.applied(to: pages)
        #expect(after.map(\.id) == [pages[0].id, "a", "b", pages[2].id, "t0", "t1", "t2", pages[4].id])
        #expect(edit.inverse.applied(to: after) == pages)
        #expect(edit.newIndices(of: [0, 1, 2, 3, 4], count: 5) == [0, 1, 3, 4, 7])
    }

    @Test func theOutsideIsDimmedExactlyOnce() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 80)
        let quad = [Point(x: 30, y: 10), Point(x: 90, y: 20), Point(x: 70, y: 70), Point(x: 5, y: 60)]
        let pieces = ConvexPolygons.outside(quad, within: rect, step: 0.25)
        let quadArea = Quad(corners: quad)?.area ?? 0
        // Row by row, the dimmed area is the rectangle's less the quad's (to the rows' resolution).
        let dimmed = pieces.map { $0.width * $0.height }.reduce(0, +)
        #expect(abs(dimmed - (8000 - quadArea)) < 2)
        // No two pieces overlap, and none reaches inside the quad.
        for (i, a) in pieces.enumerated() {
            for b in pieces[(i + 1)...] { #expect(a.intersection(b).isEmpty) }
        }
        let q = Quad(corners: quad)!
        #expect(pieces.allSatisfy { !q.contains($0.center) })
        // The rows above and below the quad are one rectangle each.
        #expect(pieces.first == Rect(x: 0, y: 0, width: 100, height: 10))
    }
}

@Suite struct CopyBordersTests {
    @Test func altCGivesTheFocusedPagesMarginsToTheSelectionInOneStep() throws {
        let pages = [BorderEditorTests.photo, Page(id: "b.jpg", path: "/nonexistent/b.jpg", pixelSize: Size(width: 3000, height: 2000)),
                     Page(id: "c.jpg", path: "/nonexistent/c.jpg", pixelSize: Size(width: 750, height: 500))]
        var scene = PhotosScene(documentName: "T", pages: pages, windowSize: BorderEditorTests.window)
        scene.tick(at: 0)
        scene.handle(.host(.bordersFound(BorderAnswer(purpose: .apply, pages: [.init(pageID: "photo.jpg", corners: BorderEditorTests.found, levelling: 0.7)]))), at: 0.1)
        var t = 0.1
        while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        scene.handle(.key(Key(.a, ctrl: true)), at: t + 0.1)
        scene.handle(.key(Key(.c, alt: true)), at: t + 0.2)
        let b = try #require(scene.pages[1].corrections.crop), c = try #require(scene.pages[2].corrections.crop)
        #expect(b.topLeft == Point(x: 800, y: 300) && b.bottomRight == Point(x: 2300, y: 1800))
        #expect(c.topRight == Point(x: 550, y: 60))
        #expect(scene.pages[1].corrections.straighten == 0.7 && scene.pages[0].corrections.crop == BorderEditorTests.found)
        #expect(scene.document.history.undoStack.count == 2)
        while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        scene.handle(.key(Key(.z, ctrl: true)), at: t + 1)
        while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t + 1) }
        #expect(scene.pages[1].corrections == .none && scene.pages[2].corrections == .none && scene.pages[0].corrections.crop != nil)
    }
}

/// The contract through a script (docs/headless.md): `c`, the trace's `crop`, a drag of one of its
/// `corners`, Return, the cells' `crop`.
@Suite struct BorderScriptTests {
    func points(_ value: Any?) -> [[Double]] {
        (value as? [[NSNumber]])?.map { $0.map(\.doubleValue) } ?? []
    }

    @Test func aScriptDragsACornerOfTheTracesCornersAndAppliesIt() throws {
        let pages = [BorderEditorTests.photo]
        let opened = try SceneHarness.photos("window 800 600\nat 0 key c\nat 500 dump\n", pages: pages)
        let crop = try #require(opened[0].json["crop"] as? [String: Any])
        #expect(crop["page"] as? String == "photo.jpg" && crop["detected"] as? Bool == false)
        let corners = points(crop["corners"])
        #expect(points(crop["source"]) == [[0, 0], [1500, 0], [1500, 1000], [0, 1000]])
        let c = try #require(corners.first)
        let scale = (corners[1][0] - corners[0][0]) / 1500
        let t = try SceneHarness.photos("window 800 600\nat 0 key c\nat 500 down \(c[0] + 2) \(c[1] + 2)\nat 520 move \(c[0] + 60) \(c[1] + 40)\n"
            + "at 540 up \(c[0] + 60) \(c[1] + 40)\nat 600 dump\nat 700 key Return\nat 1200 dump\n", pages: pages)
        let dragged = try #require(t[0].json["crop"] as? [String: Any])
        let source = points(dragged["source"])
        // The trace rounds to a thousandth.
        #expect(abs(source[0][0] - 58 / scale) < 0.01 && abs(source[0][1] - 38 / scale) < 0.01)
        #expect(source[2] == [1500, 1000])
        #expect(t[1].json["crop"] == nil && t[1].json["dirty"] as? Bool == true)
        let cell = try #require(t[1].cells("preview").first)
        #expect(points(cell.json["crop"]) == source)
    }
}

@Suite struct TurnedPageBorderTests {
    @Test func aTurnedPageIsEditedAsItIsShown() throws {
        var page = BorderEditorTests.photo
        page.corrections.quarterTurns = 1
        var scene = PhotosScene(documentName: "T", pages: [page], windowSize: BorderEditorTests.window)
        scene.tick(at: 0)
        scene.handle(.key(Key(.c)), at: 1)
        scene.handle(.host(.bordersFound(BorderAnswer(purpose: .suggest, pages: [.init(pageID: "photo.jpg", corners: BorderEditorTests.found, levelling: nil)]))), at: 1.05)
        var t = 1.05
        while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        let frame = try #require(scene.frame(at: 100).content as? PhotosFrame)
        let view = try #require(frame.borders?.view)
        // Shown a quarter turn clockwise: 1000 wide, 1500 high; the upright picture's point (x, y)
        // is at (1000 - y, x).
        #expect(abs(view.fitted.width / view.fitted.height - 1000.0 / 1500) < 1e-9)
        let tl = BorderEditorTests.found.topLeft
        #expect(abs(view.corners[0].x - (view.fitted.minX + (1000 - tl.y) * view.scale)) < 1e-9)
        #expect(abs(view.corners[0].y - (view.fitted.minY + tl.x * view.scale)) < 1e-9)
        // The picture is drawn turned; a drag to the right on screen moves the corner up the
        // upright picture.
        let image = frame.borders?.drawItems().compactMap { if case .image(let q) = $0 { return q } else { return nil } }.first
        #expect(image?.rotation == 90 && image?.frame.center == view.fitted.center)
        scene.handle(.pointerDown(view.corners[0], []), at: t + 1)
        scene.handle(.pointerMove(view.corners[0] + Point(x: 12, y: 0)), at: t + 1.05)
        scene.handle(.pointerUp(view.corners[0] + Point(x: 12, y: 0)), at: t + 1.1)
        let moved = try #require(scene.borderSession).corners.topLeft
        #expect(abs(moved.x - tl.x) < 1e-6 && abs(moved.y - (tl.y - 12 / view.scale)) < 1e-6)
        // So does the Right arrow, a point at a time.
        scene.handle(.key(Key(.right)), at: t + 1.2)
        let nudged = try #require(scene.borderSession).corners.topLeft
        #expect(abs(nudged.x - tl.x) < 1e-6 && abs(nudged.y - (tl.y - 13 / view.scale)) < 1e-6)
    }
}
