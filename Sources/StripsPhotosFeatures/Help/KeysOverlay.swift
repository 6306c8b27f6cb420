import StripsCore

/// F1 or `?`: every key and gesture of the editor, grouped, over the window, listed from the
/// key tables the handling itself reads (`EditorKey.table` and each mode's), so it cannot
/// drift from what the keys do. Escape or F1 hides it; a list longer than the window scrolls.
public struct KeysOverlay: Hashable, Sendable {
    /// Points scrolled down, clamped to the list's length when it is laid out.
    public var scroll = 0.0

    public init() {}

    /// One line of the list: a key or a gesture and what it does.
    public struct Entry: Hashable, Sendable {
        public var group: KeyGroup
        public var keys: String
        public var help: String
        /// The mode it acts in ("Border editor"), nil for the editor itself.
        public var context: String?
        /// "Ctrl+Z: undoes the last edit": the trace's and the man page's line.
        public var line: String
    }

    /// Every row of every table, by group in the overlay's order: the editor's, then its modes',
    /// then the instruments'.
    public static let entries: [Entry] = {
        var all: [Entry] = []
        func add<A>(_ table: KeyTable<A>) {
            all += table.rows.map { Entry(group: $0.group, keys: $0.keys, help: $0.help, context: $0.context, line: $0.line) }
        }
        add(EditorKey.table)
        add(MenuKey.table)
        add(OverlayKey.table)
        add(BorderKey.table)
        add(SearchKey.table)
        add(ScanPanelKey.table)
        add(CameraCommand.table)
        add(InstrumentKey.table)
        return KeyGroup.allCases.flatMap { group in all.filter { $0.group == group } }
    }()

    /// The trace's `help`: one line a key or gesture.
    public static var lines: [String] { entries.map(\.line) }

}

/// The keys overlay's room: its own state is the overlay up (its list's scroll), or none. F1 shows
/// it or hides it; a key scrolls it or puts it away, the wheel scrolls it, never further than the
/// list goes in the window passed in; a click anywhere puts it away. Shown, it asks that a press
/// on the strips end where it is (`endPress`): the overlay takes the pointer.
package enum HelpFeature: PhotosFeature {
    package typealias State = KeysOverlay?

    package enum Action {
        /// F1 or `?`: shown, or hidden when it is up.
        case toggle
        case key(Key)
        /// The wheel over it: SDL's precise units, positive `dy` up.
        case wheel(dy: Double)
        /// A press anywhere while it is up.
        case click
    }

    package struct Context {
        package init(window: Size, measurer: any TextMeasurer, askingToQuit: Bool) {
            self.window = window
            self.measurer = measurer
            self.askingToQuit = askingToQuit
        }

        var window: Size
        var measurer: any TextMeasurer
        /// The quit prompt is up: it keeps the keys, nothing opens over it.
        var askingToQuit: Bool
    }

    package static func reduce(into state: inout KeysOverlay?, action: Action, context: Context) -> [PhotosOutput] {
        if case .toggle = action {
            if state != nil {
                state = nil
                return []
            }
            guard !context.askingToQuit else { return [] }
            state = KeysOverlay()
            return [.endPress]
        }
        guard var overlay = state else { return [] }
        switch action {
        case .toggle:
            return []
        case .click:
            state = nil
            return []
        case .key(let key):
            switch OverlayKey.table.action(for: key) {
            case .close?:
                state = nil
                return []
            case .scroll(let lines)?: overlay.scroll = max(0, overlay.scroll + lines * KeysOverlayCard.lineHeight)
            case nil: break
            }
        case .wheel(let dy):
            overlay.scroll = max(0, overlay.scroll - dy * 3 * KeysOverlayCard.lineHeight)
        }
        // Scrolled no further than the list goes in this window.
        overlay.scroll = KeysOverlayCard(overlay, window: context.window, measurer: context.measurer).scroll
        state = overlay
        return []
    }
}
