import StripsCore
import StripsPhotosFeatures

/// Context menus: a right click on a page in the preview or a thumbnail opens the menu of what
/// applies to it. A page outside the selection becomes the only one acted on (the selection is
/// cleared, as file managers do) and comes into focus; a page inside it stands for the whole
/// selection. An item does its editor key's action once the menu's page is the one in focus.
extension PhotosScene {
    /// What the menu of page `index` offers, each item enabled when it can act.
    func menuItems(for index: Int) -> [MenuItem] {
        let page = pages[index]
        let targets = document.selection.contains(index) ? document.selection.indices : [index]
        let count = targets.count
        let atStart = targets == Array(0..<count), atEnd = targets == Array((pages.count - count)..<pages.count)
        let canSave = transfers.canSave
        let hasText = texts[page].map { !$0.text.isEmpty } ?? false
        let look = page.corrections.look
        // B's change on this page, in words: a new document from here, or the break here taken away.
        let change = count == 1 ? breakChange(at: index) : nil
        let breakTitle: String
        switch (change?.before, change?.after) {
        case (_, DocumentBreak.before?): breakTitle = tr("New document from here")
        case (DocumentBreak.before?, _): breakTitle = tr("Remove the document break")
        case (_, DocumentBreak.none?): breakTitle = tr("Not a separator sheet")
        default: breakTitle = change == nil ? tr("New document from here") : tr("A separator sheet again")
        }
        let looks = Look.allCases.map { l in
            MenuItem(name: l.name, title: l.title, action: .command(.set(.look(l))), enabled: true, checked: count == 1 && l == look)
        }
        let notes = judgementNotes(for: page)
        return notes + [
            MenuItem(name: "rotate right", title: tr("Rotate right"), action: .command(.rotate(1)), enabled: true, startsGroup: !notes.isEmpty),
            MenuItem(name: "rotate left", title: tr("Rotate left"), action: .command(.rotate(-1)), enabled: true),
            MenuItem(name: "borders", title: tr("Borders…"), action: .borders, enabled: true),
            MenuItem(name: "look", title: tr("Look"), action: nil, enabled: true, submenu: looks),
            MenuItem(name: "delete", title: count == 1 ? tr("Delete") : trn("Delete %d page", "Delete %d pages", count), action: .command(.delete), enabled: true, startsGroup: true),
            MenuItem(name: "move to start", title: tr("Move to start"), action: .command(.moveToEnd(false)), enabled: !atStart, startsGroup: true),
            MenuItem(name: "move to end", title: tr("Move to end"), action: .command(.moveToEnd(true)), enabled: !atEnd),
            MenuItem(name: "save page", title: count == 1 ? tr("Save this page…") : trn("Save these %d page…", "Save these %d pages…", count), action: .save(.selection),
                     enabled: canSave, startsGroup: true),
            MenuItem(name: "copy text", title: tr("Copy text"), action: .feature(FeatureKey(CopyTextFeature.Action.copy)), enabled: hasText),
        ] + languageItem(page: page, count: count) + [
            MenuItem(name: "break here", title: breakTitle, action: .command(.toggleBreak(nil)), enabled: change != nil, startsGroup: true),
        ]
    }

    /// "Language: Русский": what the page is read in, and a submenu to choose it (Automatic, or
    /// one of the languages installed); none when text is not recognised.
    private func languageItem(page: Page, count: Int) -> [MenuItem] {
        guard !setup.readingLanguages.isEmpty else { return [] }
        let chosen = page.corrections.language
        let choices = [MenuItem(name: "auto", title: tr("Automatic"), action: .command(.setLanguage(nil)), enabled: true,
                                checked: count == 1 && chosen == nil)]
            + setup.readingLanguages.map { code in
                MenuItem(name: code, title: LanguageNames.name(code), action: .command(.setLanguage(code)), enabled: true,
                         checked: count == 1 && chosen == code)
            }
        let shown = chosen.map(LanguageNames.name) ?? tr("Automatic")
        return [MenuItem(name: "language", title: tr("Language: %s", shown), action: nil, enabled: true, submenu: choices)]
    }

    /// The menu room's reducer on the menu up (or none), its outputs routed.
    @discardableResult
    mutating func menu(_ action: MenuFeature.Action, at time: Double) -> [Effect] {
        let context = MenuFeature.Context(window: setup.windowSize, measurer: setup.measurer, slop: setup.tuning.scroll.tapSlop)
        return card({ if case .menu(let menu) = $0 { menu } else { nil } }, Dialog.menu, at: time) {
            MenuFeature.reduce(into: &$0, action: action, context: context)
        }
    }

    /// A press of the right button: the menu of the page under it (a thumbnail, or the preview's
    /// page), at the pointer. Over an open menu's outside, that menu closes and the new one opens.
    public mutating func secondaryDown(_ p: Point, modifiers: Modifiers, at time: Double) -> [Effect] {
        rooms.pointer.gestures.hover(p)
        if case .dialog(.menu(let menu), let under) = interaction.shape {
            if ContextMenuCard(menu, window: setup.windowSize, measurer: setup.measurer).contains(p) { return [] }
            interaction = under
        }
        guard interaction.letsMenuOpen else { return [] }
        guard let index = page(at: p, at: time) else { return [] }
        if !document.selection.contains(index) { document.selection = .none }
        if index != strips.focusIndex, !(interaction.isZoomed) { enqueue(.go(.page(index)), at: time) }
        return menu(.open(pageID: pages[index].id, items: menuItems(for: index), anchor: p, byPointer: true), at: time)
    }

    /// The right button let go: after a drag from its press onto an item, that item is done.
    public mutating func secondaryUp(_ p: Point, at time: Double) -> [Effect] {
        menu(.release(p), at: time)
    }

    /// Shift+F10 or the Menu key: the menu of the page in focus, over the middle of the preview.
    mutating func openMenuForFocus(at time: Double) -> [Effect] {
        guard pages.indices.contains(strips.focusIndex), !geometry.preview.isEmpty else { return [] }
        guard interaction.letsMenuOpen else { return [] }
        return menu(.open(pageID: pages[strips.focusIndex].id, items: menuItems(for: strips.focusIndex), anchor: geometry.preview.center, byPointer: false), at: time)
    }

    /// A click while the menu is up: the press is the menu's, the strips under it see nothing of it.
    mutating func menuClick(at p: Point, at time: Double) -> [Effect] {
        rooms.pointer.gestures.down(p, modifiers: [], onRest: false, at: time)
        rooms.pointer.gestures.abandon()
        return menu(.click(p), at: time)
    }

    /// The menu's page comes into focus now (a glide to it ends there): the border editor, saving
    /// a page and copying its text act on the page in focus.
    mutating func settleFocus(on index: Int) {
        switch interaction.shape {
        case .activity(.gliding), .activity(.resting), .activity(.flinging):
            guard strips.focusIndex != index || !isIdle else { return }
            strips.queue.removeAll { $0.isNavigation }
            strips.focusIndex = index
            interaction = .resting
            layOut()
        default:
            break
        }
    }

    /// The page under `p`: a thumbnail's, or the preview's page (nil over neither).
    private func page(at p: Point, at time: Double) -> Int? {
        guard !pages.isEmpty else { return nil }
        if geometry.thumbnails.contains(p) { return thumbnail(at: p, at: time, alongAxis: false)?.index }
        guard geometry.preview.contains(p) else { return nil }
        if zoom != nil { return strips.focusIndex }
        let window = Rect(origin: .zero, size: setup.windowSize)
        return strips.preview.cells(in: window, content: content(at: time).preview).first { $0.frame.contains(p) }?.index ?? strips.focusIndex
    }
}

extension Interaction {
    /// A page's menu opens over the strips at rest or moving on their own, zoomed or not; not
    /// while a hand is on them, an edit animates, the border editor is open or a layer is up.
    var letsMenuOpen: Bool {
        switch shape {
        case .activity(.resting), .activity(.flinging), .activity(.gliding), .activity(.zoomed): true
        default: false
        }
    }

    var isZoomed: Bool {
        if case .activity(.zoomed) = shape { return true }
        return false
    }
}

extension Look {
    /// As a menu names it.
    public var title: String {
        switch self {
        case .original: return tr("Original")
        case .colour: return tr("Colour")
        case .grey: return tr("Grey")
        case .bw: return tr("Black and white")
        }
    }
}
