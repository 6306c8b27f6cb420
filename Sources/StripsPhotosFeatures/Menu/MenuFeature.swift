import StripsCore

/// The context menu's room: the menu up (`State`: a `ContextMenu`, or none) and the one reducer
/// that opens it, picks with the keys and the pointer, and closes it. The items come in made (what
/// applies to the page is the door's to gather: the selection, the page's text, the judges'
/// notes), the window and the tap slop as `Context`; an item chosen comes back as its editor
/// action on the menu's page (`act`), which the router does once that page is in focus. The door
/// keeps the value in `Interaction.dialog(.menu)`.
package enum MenuFeature: PhotosFeature {
    package typealias State = ContextMenu?

    package enum Action {
        /// A menu of `items` for page `pageID` at `anchor`: opened by the right button pressed and
        /// still held there (`byPointer`), or by the keyboard, its first enabled item picked.
        case open(pageID: String, items: [MenuItem], anchor: Point, byPointer: Bool)
        case key(Key)
        /// A press of either button while it is up.
        case click(Point)
        /// The right button let go.
        case release(Point)
        /// The pointer moving.
        case hover(Point)
    }

    package struct Context {
        package init(window: Size, measurer: any TextMeasurer, slop: Double) {
            self.window = window
            self.measurer = measurer
            self.slop = slop
        }

        var window: Size
        var measurer: any TextMeasurer
        /// How far the right button must move from its press for its release to choose an item.
        var slop: Double
    }

    package static func reduce(into state: inout ContextMenu?, action: Action, context c: Context) -> [PhotosOutput] {
        if case .open(let pageID, let items, let anchor, let byPointer) = action {
            var menu = ContextMenu(pageID: pageID, anchor: anchor, items: items, heldAt: byPointer ? anchor : nil)
            if !byPointer { menu.highlight = menu.items.firstIndex { $0.enabled } }
            state = menu
            return []
        }
        guard var menu = state else { return [] }
        let card = ContextMenuCard(menu, window: c.window, measurer: c.measurer)
        let outcome: ContextMenu.Outcome
        switch action {
        case .open: return []
        case .key(let key): outcome = menu.press(key)
        case .click(let p): outcome = menu.click(p, on: card)
        case .release(let p): outcome = menu.release(p, on: card, slop: c.slop)
        case .hover(let p):
            menu.hover(p, on: card)
            outcome = .stays
        }
        switch outcome {
        case .stays:
            state = menu
            return []
        case .closes:
            state = nil
            return []
        case .does(let action):
            state = nil
            return [.act(action, onPage: menu.pageID)]
        }
    }
}
