import Foundation
import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// Issue 32: the toolbar, the keys overlay, context menus, opening files, the empty document.
@Suite struct WindowTests {
    static let window = Size(width: 1024, height: 768)

    func scene(_ pages: [Page] = SceneHarness.fivePages, window: Size = Self.window) -> PhotosScene {
        var scene = PhotosScene(documentName: "T", pages: pages, windowSize: window)
        scene.tick(at: 0)
        return scene
    }

    /// Ticks on to `time` (60 Hz), returning the trace line there.
    func run(_ scene: inout PhotosScene, to time: Double, from start: Double) -> String {
        var t = start
        while t < time {
            t = min(time, t + 1.0 / 60)
            scene.tick(at: t)
        }
        return scene.frame(at: time).traceLine(t: 0, number: 0)
    }

    func button(_ name: String, in scene: PhotosScene) throws -> Rect {
        try #require(scene.frame(at: 0).content as? PhotosFrame).toolbar.flatMap { $0.buttons.first { $0.name == name }?.frame }
            ?? { throw CancellationError() }()
    }

    // MARK: Toolbar

    @Test(arguments: Toolbar.buttons.map(\.name))
    func clickingAButtonDoesWhatItsKeyDoes(_ name: String) throws {
        let entry = try #require(Toolbar.buttons.first { $0.name == name })
        let key = try #require(EditorKey.table.row(for: entry.action)).chord.press
        // A document where every button can act: a delete done (undo), another undone (redo).
        var base = scene()
        _ = base.handle(.key(Key(.delete)), at: 0.1)
        _ = run(&base, to: 1, from: 0.1)
        _ = base.handle(.key(Key(.right)), at: 1)
        _ = run(&base, to: 1.6, from: 1)
        _ = base.handle(.key(Key(.delete)), at: 1.6)
        _ = run(&base, to: 2.4, from: 1.6)
        _ = base.handle(.key(Key(.z, ctrl: true)), at: 2.4)
        _ = run(&base, to: 3.5, from: 2.4)
        let frame = try button(name, in: base)
        let enabled = try #require(base.photosFrame?.toolbar?.buttons.first { $0.name == name }?.enabled)
        #expect(enabled, "\(name) can act")

        var clicked = base, pressed = base
        let down = clicked.handle(.pointerDown(frame.center), at: 3.5)
        let byClick = down + clicked.handle(.pointerUp(frame.center), at: 3.55)
        let byKey = pressed.handle(.key(key), at: 3.55)
        #expect(byClick == byKey, "\(name): the same effects")
        #expect(run(&clicked, to: 5, from: 3.55) == run(&pressed, to: 5, from: 3.55), "\(name): the same trace")
        // And it did something a user can see or the host is asked for.
        var untouched = base
        let before = run(&untouched, to: 5, from: 3.5)
        #expect(!byKey.isEmpty || run(&pressed, to: 5, from: 5) != before || pressed.interaction.dialog != nil, "\(name) acts")
    }

    @Test func buttonsGreyOutWhenTheyCannotActAndAGreyButtonDoesNothing() throws {
        var s = scene()
        let buttons = try #require(s.photosFrame?.toolbar?.buttons)
        #expect(buttons.first { $0.name == "undo" }?.enabled == false)
        #expect(buttons.first { $0.name == "redo" }?.enabled == false)
        #expect(buttons.first { $0.name == "save" }?.enabled == true)
        let undo = try button("undo", in: s)
        _ = s.handle(.pointerDown(undo.center), at: 0.1)
        #expect(s.handle(.pointerUp(undo.center), at: 0.15).isEmpty)
        #expect(s.rooms.pointer.toolbar.pressed == nil)
        // A press let go off its button does nothing either.
        let delete = try button("delete", in: s)
        _ = s.handle(.pointerDown(delete.center), at: 0.2)
        _ = s.handle(.pointerUp(Point(x: delete.center.x, y: 300)), at: 0.25)
        _ = run(&s, to: 1, from: 0.25)
        #expect(s.pages.count == 5)
        // An empty document: only what brings pages is on.
        var empty = scene([])
        let on = Set(try #require(empty.photosFrame?.toolbar?.buttons).filter(\.enabled).map(\.name))
        #expect(on == ["open", "scan", "camera", "help"])
        _ = run(&empty, to: 0.1, from: 0)
    }

    @Test func theToolbarIsAlongTheTopAndThePreviewUnderIt() throws {
        let s = scene()
        let frame = try #require(s.photosFrame)
        let bar = try #require(frame.toolbar)
        #expect(bar.bar == Rect(x: 0, y: 0, width: 1024, height: Toolbar.height))
        #expect(bar.buttons.map(\.name) == Toolbar.buttons.map(\.name))
        for cell in frame.preview { #expect(cell.frame.minY == Toolbar.height) }
        // The thumbnails keep their place along the bottom.
        #expect(frame.thumbnailStrip == Rect(x: 0, y: 768 - 8 - 66, width: 1024, height: 66))
    }

    @Test(arguments: [1024.0, 600, 420, 300, 200, 120, 60, 40, 1])
    func narrowWindowsKeepFewerButtonsThatNeverOverlap(_ width: Double) throws {
        var s = scene(window: Size(width: width, height: 500))
        _ = s.handle(.resize(Size(width: width, height: 500)), at: 0.1)
        let buttons = s.photosFrame?.toolbar?.buttons ?? []
        let bar = s.geometry.toolbar
        for (i, a) in buttons.enumerated() {
            #expect(a.frame.minX >= 0 && a.frame.maxX <= width && a.frame.maxY <= bar.maxY)
            for b in buttons[(i + 1)...] { #expect(a.frame.intersection(b.frame).isEmpty, "\(a.name) and \(b.name)") }
        }
        #expect(s.geometry.preview.minY == bar.maxY)
        if width >= 60 { #expect(buttons.contains { $0.name == "help" }) }
        if width >= 600 { #expect(buttons.count == Toolbar.buttons.count) }
        // The priorities decide: what is left out is never more wanted than what is kept.
        let kept = Set(buttons.map(\.name))
        let dropped = Toolbar.buttons.filter { !kept.contains($0.name) }
        for d in dropped { for k in Toolbar.buttons where kept.contains(k.name) { #expect(d.priority <= k.priority) } }
    }

    @Test func aWindowTooShortForTheBarLeavesItOutAndTinyWindowsDoNotBreak() throws {
        for size in [Size(width: 1024, height: 150), Size(width: 1, height: 1), Size(width: 0, height: 0)] {
            var s = scene()
            _ = s.handle(.resize(size), at: 0.1)
            #expect(s.geometry.toolbar.height == 0)
            #expect(s.photosFrame?.toolbar == nil)
            _ = s.handle(.pointerDown(Point(x: 0, y: 0)), at: 0.2)
            _ = s.handle(.pointerUp(Point(x: 0, y: 0)), at: 0.25)
            _ = run(&s, to: 1, from: 0.25)
        }
    }

    @Test func restingOnAButtonShowsItsTooltipWithItsKey() throws {
        var s = scene()
        let undo = try button("save", in: s)
        _ = s.handle(.pointerMove(undo.center), at: 1)
        _ = run(&s, to: 1.3, from: 1)
        #expect(s.photosFrame?.toolbar?.tooltip == nil)
        #expect(s.needsFrames)  // the tooltip is on its way
        _ = run(&s, to: 1 + Toolbar.tooltipDelay + 0.02, from: 1.3)
        #expect(s.frame(at: 1.6).content is PhotosFrame)
        let tip = try #require((s.frame(at: 1.6).content as? PhotosFrame)?.toolbar?.tooltip)
        #expect(tip.text == "Save (Ctrl+S)")
        // The next button's shows at once; off the bar, none.
        let help = try button("help", in: s)
        _ = s.handle(.pointerMove(help.center), at: 1.7)
        #expect((s.frame(at: 1.7).content as? PhotosFrame)?.toolbar?.tooltip?.text == "Keys (F1)")
        _ = s.handle(.pointerMove(Point(x: 500, y: 300)), at: 1.8)
        #expect((s.frame(at: 1.8).content as? PhotosFrame)?.toolbar?.tooltip == nil)
    }

    @Test func everyTooltipNamesItsKeyFromTheTable() {
        for b in Toolbar.buttons {
            let row = EditorKey.table.row(for: b.action)
            #expect(row != nil, "\(b.name) has a key")
            if let row { #expect(b.tooltip == "\(row.row.title) (\(row.chord.label))") }
        }
    }

    // MARK: Keys overlay

    @Test func theOverlayListsEveryKeyOfTheTables() throws {
        let trace = try SceneHarness.photos("at 0 key F1\nat 100 dump\nat 200 key Escape\nat 300 dump\nat 400 key ?\nat 500 dump\nat 600 key F1\nat 700 dump")
        let help = try #require(trace[0].json["help"] as? [String])
        #expect(trace[1].json["help"] == nil && trace[3].json["help"] == nil)
        #expect(trace[2].json["help"] as? [String] == help)
        func rows<A>(_ table: KeyTable<A>) -> [(String, [String])] { table.rows.map { ($0.help, $0.bindings.map(\.chord.label)) } }
        let all = rows(EditorKey.table) + rows(BorderKey.table) + rows(SearchKey.table) + rows(ScanPanelKey.table) + rows(MenuKey.table) + rows(CameraCommand.table)
            + rows(OverlayKey.table) + rows(InstrumentKey.table)
        #expect(help.count == all.count)
        for (words, chords) in all {
            let line = help.first { $0.hasSuffix(": \(words)") }
            #expect(line != nil, "\(words) is listed")
            for chord in chords { #expect(line?.contains(chord) == true, "\(chord) in '\(line ?? "")'") }
        }
        // Every group has its lines, in the overlay's order.
        let groups = KeysOverlay.entries.map(\.group)
        #expect(groups == groups.sorted { KeyGroup.allCases.firstIndex(of: $0)! < KeyGroup.allCases.firstIndex(of: $1)! })
        #expect(Set(groups) == Set(KeyGroup.allCases))
    }

    @Test func theTableAnswersKeysAsTheyWereAnswered() {
        // A key matches the row its modifiers ask for, and no other.
        #expect(EditorKey(Key(.left, alt: true)) == .command(.shift(-1)))
        #expect(EditorKey(Key(.left)) == .command(.go(.step(-1))))
        #expect(EditorKey(Key(.home, alt: true)) == .command(.moveToEnd(false)))
        #expect(EditorKey(Key(.r, shift: true)) == .command(.rotate(-1)))
        #expect(EditorKey(Key(.r, ctrl: true)) == nil)
        #expect(EditorKey(Key(.z, ctrl: true, shift: true)) == .command(.redo))
        #expect(EditorKey(Key(.c, ctrl: true, alt: true)) == .feature(FeatureKey(CopyTextFeature.Action.copy)))
        #expect(EditorKey(Key(.c, alt: true)) == .copyBorders)
        #expect(EditorKey(Key(.c, shift: true)) == .applyDetectedBorders)
        #expect(EditorKey(Key(.o, ctrl: true)) == .open)
        #expect(EditorKey(Key(.o)) == .command(.upright))
        #expect(EditorKey(Key(.slash, shift: true)) == .help)
        #expect(EditorKey(Key(.slash)) == nil)
        #expect(EditorKey(Key(.f10, shift: true)) == .contextMenu)
        #expect(InstrumentKey.table.action(for: Key(.s)) == .slow)
        #expect(InstrumentKey.table.action(for: Key(.s, ctrl: true)) == nil)
        // No chord of the editor's matches two rows.
        for row in EditorKey.table.rows {
            for b in row.bindings { #expect(EditorKey.table.action(for: b.chord.press) == b.action, "\(b.chord.label)") }
        }
    }

    @Test func theOverlayScrollsWithinTheListAndAClickPutsItAway() throws {
        var s = scene(window: Size(width: 500, height: 400))
        _ = s.handle(.key(Key(.f1)), at: 0.1)
        let card = try #require(s.photosFrame?.decorations.keys)
        #expect(card.maxScroll > 0)
        for _ in 0..<200 { _ = s.handle(.key(Key(.pagedown)), at: 0.2) }
        #expect(s.photosFrame?.decorations.keys?.scroll == card.maxScroll)
        _ = s.handle(.wheel(dx: 0, dy: 1000), at: 0.3)
        #expect(s.photosFrame?.decorations.keys?.scroll == 0)
        _ = s.handle(.pointerDown(Point(x: 250, y: 200)), at: 0.4)
        _ = s.handle(.pointerUp(Point(x: 250, y: 200)), at: 0.45)
        #expect(s.interaction.dialog == nil)
        #expect(s.pages.count == 5)
    }

    // MARK: Context menus

    func menu(_ trace: Trace) throws -> (items: [(name: String, rect: Rect, enabled: Bool)], page: String) {
        let menu = try #require(trace.json["menu"] as? [String: Any])
        let items = (menu["items"] as? [[String: Any]] ?? []).map { item -> (String, Rect, Bool) in
            let v = (item["rect"] as? [NSNumber] ?? []).map(\.doubleValue)
            return (item["name"] as? String ?? "", Rect(x: v[0], y: v[1], width: v[2], height: v[3]), item["enabled"] as? Bool ?? false)
        }
        return (items, menu["page"] as? String ?? "")
    }

    func thumbnailCentre(_ trace: Trace, index: Int) throws -> Point {
        try #require(trace.cells("thumbnails").first { $0.index == index }).rect().center
    }

    @Test func aMenuItemActsOnItsPage() throws {
        let first = try SceneHarness.photos("at 0 dump")
        let p = try thumbnailCentre(first[0], index: 2)
        let opened = try SceneHarness.photos("at 0 down \(p.x) \(p.y) right\nat 50 up \(p.x) \(p.y) right\nat 500 dump")
        let m = try menu(opened[0])
        #expect(m.page == "p2.png")
        #expect(opened[0].active == 2)  // the page came into focus
        let rotate = try #require(m.items.first { $0.name == "rotate right" })
        let done = try SceneHarness.photos("""
            at 0 down \(p.x) \(p.y) right
            at 50 up \(p.x) \(p.y) right
            at 500 down \(rotate.rect.midX) \(rotate.rect.midY)
            at 550 up \(rotate.rect.midX) \(rotate.rect.midY)
            at 1500 dump
            """)
        #expect(done[0].json["menu"] == nil)
        let rotations = done[0].cells("thumbnails").map { ($0.index, ($0.json["rotation"] as? NSNumber)?.intValue ?? -1) }
        for (index, rotation) in rotations { #expect(rotation == (index == 2 ? 90 : 0), "page \(index)") }
    }

    @Test func aMenuOnASelectedPageActsOnTheSelectionAndOutsideItOnItsPageAlone() throws {
        let first = try SceneHarness.photos("at 0 dump")
        let one = try thumbnailCentre(first[0], index: 1), two = try thumbnailCentre(first[0], index: 2)
        // Select pages 0 and 1, then a menu on page 1: delete takes both.
        var s = scene()
        _ = s.handle(.pointerDown(one, [.ctrl]), at: 0.1)
        _ = s.handle(.pointerUp(one), at: 0.15)
        _ = s.handle(.pointerDown(first[0].cells("thumbnails").first { $0.index == 0 }!.rect().center, [.ctrl]), at: 0.3)
        _ = s.handle(.pointerUp(first[0].cells("thumbnails").first { $0.index == 0 }!.rect().center), at: 0.35)
        #expect(s.document.selection.indices == [0, 1])
        var onSelected = s
        _ = onSelected.handle(.secondaryDown(one), at: 1)
        _ = onSelected.handle(.secondaryUp(one), at: 1.05)
        var deleteTitle: String?
        if case .menu(let m)? = onSelected.interaction.dialog { deleteTitle = m.items.first { $0.name == "delete" }?.title }
        #expect(deleteTitle == "Delete 2 pages")
        let deleteKey = Key(.down)
        for _ in 0..<5 { _ = onSelected.handle(.key(deleteKey), at: 1.1) }  // rotate r, rotate l, borders, look, delete
        _ = onSelected.handle(.key(Key(.return)), at: 1.2)
        _ = run(&onSelected, to: 3, from: 1.2)
        #expect(onSelected.pages.map(\.id) == ["p2.png", "p3.png", "p4.png"])
        // Outside the selection: the selection goes, and only that page is deleted.
        _ = s.handle(.secondaryDown(two), at: 1)
        _ = s.handle(.secondaryUp(two), at: 1.05)
        #expect(s.document.selection.isEmpty)
        for _ in 0..<5 { _ = s.handle(.key(deleteKey), at: 1.1) }
        _ = s.handle(.key(Key(.return)), at: 1.2)
        _ = run(&s, to: 3, from: 1.2)
        #expect(s.pages.map(\.id) == ["p0.png", "p1.png", "p3.png", "p4.png"])
    }

    @Test func theMenuIsKeyboardNavigableWithItsLookSubmenu() throws {
        var s = scene()
        _ = s.handle(.key(Key(.f10, shift: true)), at: 0.1)
        guard case .menu(let opened)? = s.interaction.dialog else { Issue.record("no menu"); return }
        #expect(opened.highlight == 0 && opened.pageID == "p0.png")
        for _ in 0..<3 { _ = s.handle(.key(Key(.down)), at: 0.2) }  // to Look
        _ = s.handle(.key(Key(.right)), at: 0.3)
        let trace = try Trace(line: s.frame(at: 0.3).traceLine(t: 0, number: 0))
        let sub = try #require((trace.json["menu"] as? [String: Any])?["submenu"] as? [String: Any])
        #expect(((sub["items"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String } == ["original", "colour", "grey", "bw"])
        _ = s.handle(.key(Key(.down)), at: 0.4)  // original -> colour
        _ = s.handle(.key(Key(.return)), at: 0.5)
        _ = run(&s, to: 2, from: 0.5)
        #expect(s.pages[0].corrections.look == .colour)
        #expect(s.pages[1].corrections.look == .original)
        // Escape closes without acting; move to end moves the page.
        _ = s.handle(.key(Key(.f10, shift: true)), at: 2.1)
        _ = s.handle(.key(Key(.escape)), at: 2.2)
        #expect(s.interaction.dialog == nil && s.pages.count == 5)
        _ = s.handle(.key(Key(.end, alt: true)), at: 2.3)
        _ = run(&s, to: 4, from: 2.3)
        #expect(s.pages.last?.id == "p0.png")
        #expect(s.photosFrame?.toolbar?.buttons.first { $0.name == "undo" }?.enabled == true)
    }

    @Test func aPressDraggedOntoAnItemAndReleasedDoesIt() throws {
        var s = scene()
        let p = Point(x: 300, y: 200)
        _ = s.handle(.secondaryDown(p), at: 0.1)
        guard case .menu(let m)? = s.interaction.dialog, let card = s.photosFrame?.decorations.menu else { Issue.record("no menu"); return }
        #expect(m.pageID == "p0.png")
        // Released where it was pressed: the menu stays for a click.
        var stays = s
        _ = stays.handle(.secondaryUp(p), at: 0.15)
        #expect(stays.interaction.dialog != nil)
        let item = card.itemFrames[0].center
        _ = s.handle(.pointerMove(item), at: 0.2)
        _ = s.handle(.secondaryUp(item), at: 0.25)
        _ = run(&s, to: 1.5, from: 0.25)
        #expect(s.interaction.dialog == nil)
        #expect(s.pages[0].rotation == 90)
    }

    @Test func rightButtonScriptLines() throws {
        let script = try Script.parse("at 0 down 10 20 shift ctrl right\nat 10 up 10 20 right\nat 20 down 1 2\nat 30 up 1 2")
        #expect(script.steps.map(\.command) == [.rightDown(Point(x: 10, y: 20), [.shift, .ctrl]), .rightUp(Point(x: 10, y: 20)),
                                                .down(Point(x: 1, y: 2), []), .up(Point(x: 1, y: 2))])
        #expect(throws: ScriptError.self) { try Script.parse("at 0 down 1 2 right ctrl") }
        #expect(throws: ScriptError.self) { try Script.parse("at 0 up 1 2 left") }
        #expect(throws: ScriptError.self) { try Script.parse("at 0 move 1 2 right") }
    }

    // MARK: Opening, the empty document, progress

    @Test func ctrlOAsksTheHostForTheChooserAndTheFilesChosenAreInserted() throws {
        var s = scene()
        #expect(s.handle(.key(Key(.o, ctrl: true)), at: 0.1) == [.chooseFiles(folder: "/nonexistent")])
        #expect(s.photosFrame?.decorations.status?.text == "Choose files to open…")
        #expect(s.photosFrame?.toolbar?.buttons.first { $0.name == "open" }?.enabled == false)
        #expect(s.handle(.key(Key(.o, ctrl: true)), at: 0.2).isEmpty)  // one chooser at a time
        #expect(s.handle(.host(.filesChosen(["/a.jpg", "/b.pdf"])), at: 0.3) == [.load(paths: ["/a.jpg", "/b.pdf"])])
        #expect(s.handle(.key(Key(.o, ctrl: true)), at: 0.4).count == 1)
        #expect(s.handle(.host(.filesChosen([])), at: 0.5).isEmpty)  // cancelled: nothing
        _ = s.handle(.key(Key(.o, ctrl: true)), at: 0.6)
        _ = s.handle(.host(.openFailed(HostMessage(trLater("Cannot open files: %s; drop them on the window instead"), "no chooser"))), at: 0.7)
        #expect(s.photosFrame?.decorations.status?.text == "Cannot open files: no chooser; drop them on the window instead")
    }

    @Test func anEmptyDocumentShowsWhatToDoAndItsButtonsDoIt() throws {
        var s = scene([])
        let empty = try #require(s.photosFrame?.emptyState)
        #expect(empty.buttons.map(\.way.name) == EmptyDocument.waysIn.map(\.name))
        let texts = s.drawList().compactMap { if case .text(let run) = $0 { run.text } else { nil } }
        #expect(texts.contains("No pages") && texts.contains("Drop pictures, PDFs or folders here"))
        #expect(texts.contains("  Ctrl+O") && texts.contains("  Ctrl+N"))
        let open = try #require(empty.buttons.first { $0.way.name == "open" }).frame.center
        #expect(s.handle(.pointerDown(open), at: 0.1) == [.chooseFiles(folder: nil)])
        _ = s.handle(.pointerUp(open), at: 0.15)
        let scan = try #require(empty.buttons.first { $0.way.name == "scan" }).frame.center
        guard s.handle(.pointerDown(scan), at: 0.2).first?.as(ScanEffect.self) != nil else { Issue.record("scan button"); return }
        // Deleting every page brings it, with the way back.
        var all = scene(SceneHarness.pages([1]))
        _ = all.handle(.key(Key(.delete)), at: 0.1)
        _ = run(&all, to: 1, from: 0.1)
        let words = all.drawList().compactMap { if case .text(let run) = $0 { run.text } else { nil } }
        #expect(words.contains("Ctrl+Z brings back the last page deleted"))
    }

    @Test func readingTextShowsOnTheSearchButtonWhileASearchReads() throws {
        var s = scene()
        #expect(s.photosFrame?.toolbar?.reading == nil)
        _ = s.handle(.key(Key(.f, ctrl: true)), at: 0.1)
        guard let request = s.handle(.text("hello"), at: 0.2).first?.as(TextRequest.self) else {
            Issue.record("typing asked nothing to read")
            return
        }
        #expect(request.purpose == .search && request.pages.count == 5)
        s.tick(at: 0.25)
        #expect(s.photosFrame?.toolbar?.reading == ReadingProgress(known: 0, of: 5))
        let words = PageWords(words: [], text: "hello")
        _ = s.handle(.host(.text(.recognised([RecognisedText(key: s.pages[0].textKey, words: words), RecognisedText(key: s.pages[3].textKey, words: words)]))), at: 0.3)
        s.tick(at: 0.4)
        #expect(s.photosFrame?.toolbar?.reading == ReadingProgress(known: 2, of: 5))
        _ = s.handle(.host(.text(.textless([s.pages[1].textKey, s.pages[2].textKey, s.pages[4].textKey]))), at: 0.5)
        s.tick(at: 0.6)
        #expect(s.photosFrame?.toolbar?.reading == nil)
    }

    @Test func savingShowsABarOfPagesDone() throws {
        var s = scene()
        _ = s.handle(.key(Key(.s, ctrl: true)), at: 0.1)
        _ = s.handle(.host(.saveProgress(done: 2, total: 5)), at: 0.2)
        let d = try #require(s.photosFrame?.decorations)
        #expect(d.status?.text == "Saving… 2 of 5 pages")
        #expect(d.progress == 0.4)
        let bars = d.drawItems().compactMap { if case .fill(let f) = $0, f.color == ToolbarFrame.accent { f.rect } else { nil } }
        let tracks = d.drawItems().compactMap { if case .fill(let f) = $0, f.alpha == 0.2 { f.rect } else { nil } }
        #expect(bars.count == 1 && tracks.count == 1)
        #expect(abs(bars[0].width - tracks[0].width * 0.4) < 1e-9)
    }
}

extension WindowTests {
    @Test func theKeysAndTheMenuOpenOverTheSearchFieldAndGiveItBack() throws {
        var s = scene()
        _ = s.handle(.key(Key(.f, ctrl: true)), at: 0.1)
        _ = s.handle(.text("abc"), at: 0.2)
        _ = s.handle(.key(Key(.f1)), at: 0.3)
        guard case .keys? = s.interaction.dialog else { Issue.record("F1 in the search field"); return }
        _ = s.handle(.key(Key(.escape)), at: 0.4)
        #expect(s.interaction.search?.query == "abc")
        _ = s.handle(.key(Key(.f10, shift: true)), at: 0.5)
        guard case .menu? = s.interaction.dialog else { Issue.record("Shift+F10 in the search field"); return }
        _ = s.handle(.key(Key(.escape)), at: 0.6)
        #expect(s.interaction.search?.query == "abc")
        // Typed text is still the field's: `?` is a letter there.
        _ = s.handle(.text("?"), at: 0.7)
        #expect(s.interaction.search?.query == "abc?" && s.interaction.dialog == nil)
    }
}

extension WindowTests {
    @Test(arguments: [Size(width: 1024, height: 768), Size(width: 420, height: 500), Size(width: 300, height: 230)])
    func anEmptyDocumentsButtonsAndWordsStayApartAndInside(_ window: Size) throws {
        let s = scene([], window: window)
        let empty = try #require(s.photosFrame?.emptyState)
        let frames = empty.buttons.map(\.frame)
        for (i, a) in frames.enumerated() {
            #expect(a.minX >= 0 && a.maxX <= window.width)
            for b in frames[(i + 1)...] { #expect(a.intersection(b).isEmpty) }
        }
        for item in empty.drawItems() {
            guard case .text(let run) = item else { continue }
            #expect(run.frame.minX >= 0 && run.frame.maxX <= window.width, "'\(run.text)' at \(run.frame)")
        }
        // Every way in is offered: as a button, or in words when there is no room for buttons.
        let words = empty.drawItems().compactMap { if case .text(let run) = $0 { run.text } else { nil } }.joined(separator: " ")
        for way in EmptyDocument.waysIn { #expect(words.contains(way.title)) }
    }
}
