import StripsCore

/// A right click on a page (the preview's, or a thumbnail): what applies to it, or to the
/// selection when the page is in it, as a menu at the pointer. Each item is an editor key's
/// action, so an item does exactly what its key does; the menu only picks the page first.
/// Up / Down pick, Right opens a submenu, Return does it, Escape closes.
public struct ContextMenu: Hashable, Sendable {
    /// The page it is for, by id (edits under it may move its index).
    public var pageID: String
    /// Where the pointer opened it, window points.
    public var anchor: Point
    public var items: [MenuItem]
    /// The item under the pointer or picked by the keys.
    public var highlight: Int?
    /// The item whose submenu is open, and the submenu's picked item.
    public var submenu: Int?
    public var subHighlight: Int?
    /// The right button that opened it is still down here: released over an item after moving,
    /// it does that item (press, drag, release), released where it was pressed it leaves the menu up.
    public var heldAt: Point?

    public init(pageID: String, anchor: Point, items: [MenuItem], heldAt: Point? = nil) {
        self.pageID = pageID
        self.anchor = anchor
        self.items = items
        self.heldAt = heldAt
    }

    /// What a key or a click on the menu comes to.
    public enum Outcome: Hashable, Sendable {
        case stays
        case closes
        /// The item's action, for the menu's page; the menu closes.
        case does(EditorKey)
    }

    /// The items the pointer or the keys pick from now: the submenu's when one is open.
    private var level: [MenuItem] { submenu.map { items[$0].submenu } ?? items }

    mutating func press(_ key: Key) -> Outcome {
        guard let action = MenuKey.table.action(for: key) else { return .stays }
        switch action {
        case .close:
            return .closes
        case .move(let step):
            let enabled = level.indices.filter { level[$0].enabled }
            guard !enabled.isEmpty else { return .stays }
            let current = submenu == nil ? highlight : subHighlight
            let position = current.flatMap { enabled.firstIndex(of: $0) }
            let next = position.map { enabled[($0 + step + enabled.count) % enabled.count] } ?? (step > 0 ? enabled[0] : enabled[enabled.count - 1])
            if submenu == nil { highlight = next } else { subHighlight = next }
        case .open:
            guard submenu == nil, let h = highlight, items[h].enabled, !items[h].submenu.isEmpty else { return .stays }
            submenu = h
            subHighlight = items[h].submenu.firstIndex { $0.enabled }
        case .back:
            guard submenu != nil else { return .stays }
            submenu = nil
            subHighlight = nil
        case .activate:
            if let s = submenu {
                guard let h = subHighlight else { return .stays }
                return does(items[s].submenu[h])
            }
            guard let h = highlight else { return .stays }
            if !items[h].submenu.isEmpty {
                return press(Key(.right))
            }
            return does(items[h])
        }
        return .stays
    }

    private func does(_ item: MenuItem) -> Outcome {
        guard item.enabled, let action = item.action else { return .stays }
        return .does(action)
    }

    /// The pointer over the menu: the item under it is picked; over an item with a submenu, that
    /// submenu opens; over another item of the top level, an open submenu closes.
    mutating func hover(_ p: Point, on card: ContextMenuCard) {
        switch card.hit(p) {
        case .item(let i)?:
            highlight = i
            if !items[i].submenu.isEmpty, items[i].enabled {
                if submenu != i { subHighlight = nil }
                submenu = i
            } else {
                submenu = nil
                subHighlight = nil
            }
        case .subitem(let i)?:
            subHighlight = i
        case nil:
            if submenu == nil { highlight = nil } else { subHighlight = nil }
        }
    }

    /// A click (a press of either button): on an item it does it, outside the menu it closes it.
    mutating func click(_ p: Point, on card: ContextMenuCard) -> Outcome {
        switch card.hit(p) {
        case .item(let i)?:
            if !items[i].submenu.isEmpty {
                hover(p, on: card)
                return .stays
            }
            return does(items[i])
        case .subitem(let i)?:
            guard let s = submenu else { return .stays }
            return does(items[s].submenu[i])
        case nil:
            return .closes
        }
    }

    /// The right button let go: over an item after a drag from the press that opened the menu,
    /// that item is done; otherwise the menu stays up for a click.
    mutating func release(_ p: Point, on card: ContextMenuCard, slop: Double) -> Outcome {
        defer { heldAt = nil }
        guard let held = heldAt, p.distance(to: held) >= slop, card.hit(p) != nil else { return .stays }
        return click(p, on: card)
    }
}

/// One line of a context menu.
public struct MenuItem: Hashable, Sendable {
    /// The trace's name ("rotate right").
    public var name: String
    /// What the menu says ("Rotate right").
    public var title: String
    /// The key that does the same, from the key table ("R").
    public var shortcut: String?
    public var enabled: Bool
    /// A look the page has now, in the look submenu.
    public var checked = false
    /// What it does; nil for an item that only opens its submenu.
    public var action: EditorKey?
    public var submenu: [MenuItem] = []
    /// A line above it: a new group starts.
    public var startsGroup = false
    /// A line that says something (what the judges decided about the page), with nothing to do.
    public var isNote: Bool { action == nil && submenu.isEmpty }

    public init(name: String, title: String, action: EditorKey?, enabled: Bool, startsGroup: Bool = false, checked: Bool = false,
                submenu: [MenuItem] = []) {
        self.name = name
        self.title = title
        self.action = action
        self.enabled = enabled
        self.startsGroup = startsGroup
        self.checked = checked
        self.submenu = submenu
        shortcut = action.flatMap { EditorKey.table.shortcut(for: $0) }
    }
}
