import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// Pages turned upright by themselves, with a host that answers the judges from a table (the real
/// judge on real pages: StripsAppTests' UprightWindowTests): one undo step for the pages judged
/// together, the trace's `upright` and `rotation`, never again after Ctrl+Z or a user's turn, the
/// badge drawn and the menu's notes.
@Suite struct UprightingTests {
    static let pages = SceneHarness.pages(Array(repeating: 0.77, count: 5))
    /// p1 read a quarter turned and sure; p3 three quarters, checked by reading it again; p2 upright;
    /// p4 unsure (a turn found, with no confidence: `UprightPages` answers 0 turns then).
    static let judgements: [String: PageJudgement] = [
        "p1.png": PageJudgement(blank: false, upright: UprightFinding(turns: 1, confidence: 4.24)),
        "p2.png": PageJudgement(blank: false, upright: UprightFinding(turns: 0, confidence: 6)),
        "p3.png": PageJudgement(blank: false, upright: UprightFinding(turns: 3, confidence: 1.46, checked: true)),
        "p4.png": PageJudgement(blank: false, upright: UprightFinding(turns: 0, confidence: 0.4)),
    ]

    static func run(_ script: String, judgements: [String: PageJudgement] = judgements) throws -> [Trace] {
        var asked: [String] = [], saved: [SaveRequest] = []
        return try BatchesTests.run(script, pages: pages, judgements: judgements, asked: &asked, saved: &saved)
    }

    static func cells(_ trace: Trace) -> [(page: String, rotation: Int, upright: Int?)] {
        (trace.strip("thumbnails")["cells"] as? [[String: Any]] ?? []).map { ($0["page"] as? String ?? "", $0["rotation"] as? Int ?? -1, $0["upright"] as? Int) }
    }

    @Test func pagesReadTurnedAreTurnedInOneUndoStepThatCtrlZTakesBackForGood() throws {
        let traces = try Self.run("""
            at 1000 dump
            at 1100 key ctrl+z
            at 2500 dump
            at 2600 key ctrl+y
            at 4000 dump
            """)
        try #require(traces.count == 3)
        #expect(Self.cells(traces[0]).map(\.upright) == [nil, 90, nil, 270, nil])
        #expect(Self.cells(traces[0]).map(\.rotation) == [0, 0, 0, 0, 0])
        #expect(traces[0].json["dirty"] as? Bool == true)
        // One Ctrl+Z: both back as they were, and the judgements (still known) turn nothing again.
        #expect(Self.cells(traces[1]).map(\.upright) == [nil, nil, nil, nil, nil])
        #expect(traces[1].json["dirty"] as? Bool == false)
        // Redo is the user's: the turns come back.
        #expect(Self.cells(traces[2]).map(\.upright) == [nil, 90, nil, 270, nil])
    }

    @Test func aUsersTurnStaysTheirsBeforeAndAfter() throws {
        // R on p0 before its judgement lands (it reads turned too): the user's turn stands,
        // nothing is added to it.
        var judgements = Self.judgements
        judgements["p0.png"] = PageJudgement(blank: false, upright: UprightFinding(turns: 2, confidence: 8))
        let before = try Self.run("""
            at 0 key r
            at 1500 dump
            """, judgements: judgements)
        #expect(Self.cells(try #require(before.first)).map(\.rotation) == [90, 0, 0, 0, 0])
        #expect(Self.cells(try #require(before.first)).map(\.upright) == [nil, 90, nil, 270, nil])
        // R after the page was turned upright: `rotation` is the user's turn on top of `upright`.
        let after = try Self.run("""
            at 1000 key Right
            at 1500 key r
            at 2500 dump
            """)
        let cells = Self.cells(try #require(after.first))
        #expect(cells[1].rotation == 90)
        #expect(cells[1].upright == 90)
    }

    @Test func theRoomsTurnsWaitForTheStripsToRestThenComeAsAnEditAndALine() {
        var state = Uprighting()
        let page = Self.pages[1]
        let turned = JudgedPage(key: page.textKey, judgement: PageJudgement(blank: false, upright: UprightFinding(turns: 2, confidence: 3)))
        #expect(UprightingFeature.reduce(into: &state, action: .judged([turned]), context: .init(stripsRest: false)).isEmpty)
        // The strips move: the turn waits.
        #expect(UprightingFeature.reduce(into: &state, action: .apply(pages: Self.pages), context: .init(stripsRest: false)).isEmpty)
        #expect(state.hasPending)
        let outputs = UprightingFeature.reduce(into: &state, action: .apply(pages: Self.pages), context: .init(stripsRest: true))
        #expect(described(outputs).count == 2 && described(outputs).last == "notice: p1.png turned upright (Ctrl+Z turns it back)")
        guard case .edit(.correct(let changes))? = outputs.first else {
            Issue.record("\(described(outputs))")
            return
        }
        #expect(changes.map(\.index) == [1] && changes.first?.after.quarterTurns == 2)
        #expect(!state.hasPending)
    }

    @Test func theReducerTurnsAPageOnceAtMost() {
        var state = Uprighting()
        var page = Self.pages[1]
        let turned = JudgedPage(key: page.textKey, judgement: PageJudgement(blank: false, upright: UprightFinding(turns: 2, confidence: 3)))
        #expect(Uprighting.reduce(into: &state, .judged([turned])).isEmpty)
        #expect(state.hasPending)
        let changes = Uprighting.reduce(into: &state, .apply(pages: [Self.pages[0], page]))
        #expect(changes.map(\.index) == [1])
        #expect(changes.first?.after.quarterTurns == 2)
        #expect(changes.first?.after.upright == 2)
        #expect(changes.first?.after.userTurns == 0)
        #expect(!state.hasPending)
        // The same finding again (the page judged anew after Ctrl+Z): it is settled.
        _ = Uprighting.reduce(into: &state, .judged([turned]))
        #expect(Uprighting.reduce(into: &state, .apply(pages: [page])).isEmpty)
        // Another page the user turned before its finding came: left, and settled.
        page = Self.pages[2].turned(1)
        let other = JudgedPage(key: page.textKey, judgement: PageJudgement(blank: false, upright: UprightFinding(turns: 3, confidence: 5)))
        _ = Uprighting.reduce(into: &state, .judged([other]))
        #expect(Uprighting.reduce(into: &state, .apply(pages: [page])).isEmpty)
        #expect(state.settled == ["p1.png", "p2.png"])
        // A finding of no turn (upright, or unsure) turns nothing and settles nothing.
        let upright = JudgedPage(key: Self.pages[3].textKey, judgement: PageJudgement(blank: false, upright: UprightFinding(turns: 0, confidence: 9)))
        _ = Uprighting.reduce(into: &state, .judged([upright]))
        #expect(!state.hasPending)
    }

    @Test func theThumbnailCarriesABadgeAndTheMenuSaysWhy() throws {
        var scene = PhotosScene(documentName: "Upright", pages: Self.pages, windowSize: Size(width: 1024, height: 768))
        scene.handle(.host(.judged(Self.pages.map { JudgedPage(key: $0.textKey, judgement: Self.judgements[$0.id] ?? .ordinary) })), at: 0)
        scene.tick(at: 2)
        let frame = scene.frame(at: 2)
        let arrows = frame.content.drawItems().filter { if case .text(let run) = $0 { return run.text == "↻" } else { return false } }
        #expect(arrows.count == 2)
        let notes = scene.menuItems(for: 3).prefix(while: \.isNote)
        #expect(notes.map(\.title) == ["Turned upright: 270° clockwise", "The text read turned (confidence 1.5), and upright once turned"])
        #expect(scene.menuItems(for: 1).prefix(while: \.isNote).map(\.title) == ["Turned upright: 90° clockwise", "The text read turned (confidence 4.2)"])
        #expect(scene.menuItems(for: 2).prefix(while: \.isNote).isEmpty)
        #expect(scene.menuItems(for: 4).prefix(while: \.isNote).isEmpty)
    }

    @Test func aPageTakenByTheCameraIsTurnedUprightUnderTheOpenView() {
        let camera = CameraViewTests()
        var scene = camera.scene()
        var t = 0.0, frame = 0
        _ = scene.handle(.key(Key(.k, ctrl: true)), at: t)
        scene.handle(.host(.camera(.opened(CameraInfo(source: "/dev/video0", size: CameraViewTests.size, rate: 30, label: "MJPEG")))), at: t)
        _ = camera.watch(&scene, from: &t, seconds: 1.5, frame: &frame)
        for _ in 0..<60 { t += 1.0 / 60; scene.tick(at: t) }
        let taken = scene.pages[1]
        #expect(taken.id == "Camera 1")
        // Its judgement: upside down, sure. It turns with the view still open; its crop stays.
        let finding = PageJudgement(blank: false, upright: UprightFinding(turns: 2, confidence: 3.1))
        scene.handle(.host(.judged([JudgedPage(key: taken.textKey, judgement: finding)])), at: t)
        #expect(scene.isCameraOpen)
        #expect(scene.pages[1].corrections.upright == 2)
        #expect(scene.pages[1].corrections.quarterTurns == 2)
        #expect(scene.pages[1].corrections.crop == taken.corrections.crop)
    }
}
