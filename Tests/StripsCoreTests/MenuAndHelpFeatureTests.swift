import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// The context menu's and the keys overlay's rooms, each reducer on its own with the context a
/// scene would give it: an 800 x 600 window measured by the approximate measurer.
@Suite struct MenuAndHelpFeatureTests {
    static let window = Size(width: 800, height: 600)
    static let items = [
        MenuItem(name: "rotate right", title: "Rotate right", action: .command(.rotate(1)), enabled: true),
        MenuItem(name: "move to start", title: "Move to start", action: .command(.moveToEnd(false)), enabled: false),
        MenuItem(name: "delete", title: "Delete", action: .command(.delete), enabled: true, startsGroup: true),
    ]

    var menuContext: MenuFeature.Context {
        MenuFeature.Context(window: Self.window, measurer: ApproximateTextMeasurer(), slop: Tuning.defaults.scroll.tapSlop)
    }

    func helpContext(askingToQuit: Bool = false) -> HelpFeature.Context {
        HelpFeature.Context(window: Self.window, measurer: ApproximateTextMeasurer(), askingToQuit: askingToQuit)
    }

    /// The action and page of an `act` output, if that is the only output.
    func act(_ outputs: [PhotosOutput]) -> (EditorKey, String)? {
        guard outputs.count == 1, case .act(let action, let page) = outputs[0] else { return nil }
        return (action, page)
    }

    @Test func theKeysPickEnabledItemsAndReturnDoesOneOnTheMenusPage() throws {
        var state: ContextMenu?
        _ = MenuFeature.reduce(into: &state, action: .open(pageID: "p2.png", items: Self.items, anchor: Point(x: 400, y: 300), byPointer: false),
                               context: menuContext)
        // Opened by the keyboard: the first enabled item is picked, nothing is held.
        #expect(state?.highlight == 0 && state?.heldAt == nil)
        // Down skips the disabled item.
        #expect(MenuFeature.reduce(into: &state, action: .key(Key(.down)), context: menuContext).isEmpty)
        #expect(state?.highlight == 2)
        let (action, page) = try #require(act(MenuFeature.reduce(into: &state, action: .key(Key(.return)), context: menuContext)))
        #expect(action == .command(.delete) && page == "p2.png")
        #expect(state == nil)

        // Escape closes it with nothing done; a key with no menu up does nothing.
        _ = MenuFeature.reduce(into: &state, action: .open(pageID: "p2.png", items: Self.items, anchor: Point(x: 400, y: 300), byPointer: false),
                               context: menuContext)
        #expect(MenuFeature.reduce(into: &state, action: .key(Key(.escape)), context: menuContext).isEmpty && state == nil)
        #expect(MenuFeature.reduce(into: &state, action: .key(Key(.return)), context: menuContext).isEmpty && state == nil)
    }

    @Test func theRightButtonLetGoWhereItWasPressedLeavesTheMenuUpAndAfterADragDoesTheItem() throws {
        let anchor = Point(x: 200, y: 150)
        var state: ContextMenu?
        _ = MenuFeature.reduce(into: &state, action: .open(pageID: "p0.png", items: Self.items, anchor: anchor, byPointer: true), context: menuContext)
        #expect(state?.heldAt == anchor && state?.highlight == nil)
        #expect(MenuFeature.reduce(into: &state, action: .release(anchor), context: menuContext).isEmpty)
        #expect(state != nil && state?.heldAt == nil)

        let card = ContextMenuCard(try #require(state), window: Self.window, measurer: ApproximateTextMeasurer())
        // The pointer over the disabled item picks it; a click on it does nothing and keeps the menu.
        let disabled = card.itemFrames[1].center
        _ = MenuFeature.reduce(into: &state, action: .hover(disabled), context: menuContext)
        #expect(state?.highlight == 1)
        #expect(MenuFeature.reduce(into: &state, action: .click(disabled), context: menuContext).isEmpty && state != nil)

        // Pressed again, dragged onto "Rotate right" and let go there: done.
        _ = MenuFeature.reduce(into: &state, action: .open(pageID: "p0.png", items: Self.items, anchor: anchor, byPointer: true), context: menuContext)
        let (action, page) = try #require(act(MenuFeature.reduce(into: &state, action: .release(card.itemFrames[0].center), context: menuContext)))
        #expect(action == .command(.rotate(1)) && page == "p0.png" && state == nil)

        // A click outside closes it.
        _ = MenuFeature.reduce(into: &state, action: .open(pageID: "p0.png", items: Self.items, anchor: anchor, byPointer: false), context: menuContext)
        #expect(MenuFeature.reduce(into: &state, action: .click(Point(x: 790, y: 590)), context: menuContext).isEmpty && state == nil)
    }

    @Test func helpShowsAndHidesAndScrollsNoFurtherThanItsList() throws {
        var state: KeysOverlay?
        // Not over the quit prompt.
        #expect(HelpFeature.reduce(into: &state, action: .toggle, context: helpContext(askingToQuit: true)).isEmpty && state == nil)
        let outputs = HelpFeature.reduce(into: &state, action: .toggle, context: helpContext())
        #expect(outputs.count == 1 && { if case .endPress = outputs[0] { true } else { false } }())
        #expect(state?.scroll == 0)

        // The list is longer than an 800 x 600 window: a page down scrolls ten lines, no further than it goes.
        _ = HelpFeature.reduce(into: &state, action: .key(Key(.pagedown)), context: helpContext())
        let most = KeysOverlayCard(KeysOverlay(), window: Self.window, measurer: ApproximateTextMeasurer()).maxScroll
        #expect(most > 0)
        #expect(try #require(state).scroll == min(most, 10 * KeysOverlayCard.lineHeight))
        for _ in 0..<40 { _ = HelpFeature.reduce(into: &state, action: .wheel(dy: -5), context: helpContext()) }
        #expect(try #require(state).scroll == most)
        _ = HelpFeature.reduce(into: &state, action: .wheel(dy: 1), context: helpContext())
        #expect(try #require(state).scroll == most - 3 * KeysOverlayCard.lineHeight)

        // A click, Escape, or F1 again: hidden.
        _ = HelpFeature.reduce(into: &state, action: .click, context: helpContext())
        #expect(state == nil)
        _ = HelpFeature.reduce(into: &state, action: .toggle, context: helpContext())
        _ = HelpFeature.reduce(into: &state, action: .key(Key(.escape)), context: helpContext())
        #expect(state == nil)
        _ = HelpFeature.reduce(into: &state, action: .toggle, context: helpContext())
        #expect(HelpFeature.reduce(into: &state, action: .toggle, context: helpContext()).isEmpty && state == nil)
    }
}
