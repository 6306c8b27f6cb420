/// The keys of the editor's modes (the border editor, the search field, the scan panel, a
/// context menu, the keys overlay), each mode's own table: its handler looks keys up in it and
/// the keys overlay lists it, beside the editor's (`EditorKey.table`).

/// In the border editor.
public enum BorderKey: Hashable, Sendable {
    case apply, cancel, reset
    /// The corner nearest the pointer, moved by this many points.
    case nudge(dx: Double, dy: Double)
    /// Degrees counter-clockwise.
    case turn(Double)

    public static let table = KeyTable<BorderKey>([
        .gesture(.corrections, "Drag a corner or an edge's middle", "moves it, with a loupe of the picture's own pixels", context: "Border editor"),
        KeyRow(.corrections, "Nudge", "moves the corner nearest the pointer a point (Shift: ten)", [
            (.any(.left), .nudge(dx: -1, dy: 0)), (.any(.right), .nudge(dx: 1, dy: 0)),
            (.any(.up), .nudge(dx: 0, dy: -1)), (.any(.down), .nudge(dx: 0, dy: 1)),
        ], context: "Border editor"),
        KeyRow(.corrections, "Turn", "turns the page 0.1 degree counter-clockwise / clockwise",
               [(.any(.leftBracket), .turn(0.1)), (.any(.rightBracket), .turn(-0.1))], context: "Border editor"),
        KeyRow(.corrections, "Whole picture", "puts the corners on the whole picture",
               [(.any(.backspace), .reset), (.any(.delete), .reset)], context: "Border editor"),
        KeyRow(.corrections, "Apply", "applies (one undo step; the text levelled)", [(.any(.return), .apply)], context: "Border editor"),
        KeyRow(.corrections, "Cancel", "cancels", [(.any(.escape), .cancel)], context: "Border editor"),
    ])
}

/// In the search field (letters are typed text; keys with Ctrl or Alt reach the editor).
public enum SearchKey: Hashable, Sendable {
    case next, previous, close, erase

    public static let table = KeyTable<SearchKey>([
        KeyRow(.text, "Next / previous hit", "the next / previous hit (a small one is zoomed in on)",
               [(KeyChord(.return, ctrl: .either, shift: .no, alt: .either), .next), (KeyChord(.return, ctrl: .either, shift: .yes, alt: .either), .previous)], context: "Search field"),
        KeyRow(.text, "Erase", "erases the last letter", [(KeyChord(.backspace), .erase)], context: "Search field"),
        KeyRow(.text, "Close", "closes the field", [(.any(.escape), .close)], context: "Search field"),
    ])
}

/// In the scan panel.
public enum ScanPanelKey: Hashable, Sendable {
    case row(Int), value(Int), scan, close

    public static let table = KeyTable<ScanPanelKey>([
        KeyRow(.scanning, "Setting", "picks a setting", [(.any(.up), .row(-1)), (.any(.down), .row(1))], context: "Scan panel"),
        KeyRow(.scanning, "Value", "changes it (a click too)", [(.any(.left), .value(-1)), (.any(.right), .value(1))], context: "Scan panel"),
        KeyRow(.scanning, "Scan", "scans", [(.any(.return), .scan)], context: "Scan panel"),
        KeyRow(.scanning, "Close", "closes the panel", [(.any(.escape), .close)], context: "Scan panel"),
    ])
}

/// In a context menu.
public enum MenuKey: Hashable, Sendable {
    case move(Int), open, back, activate, close

    public static let table = KeyTable<MenuKey>([
        KeyRow(.pages, "Item", "picks an item", [(.any(.up), .move(-1)), (.any(.down), .move(1))], context: "Menu"),
        KeyRow(.pages, "Submenu", "opens / closes a submenu", [(.any(.right), .open), (.any(.left), .back)], context: "Menu"),
        KeyRow(.pages, "Do it", "does the item", [(.any(.return), .activate), (.any(.space), .activate)], context: "Menu"),
        KeyRow(.pages, "Close", "closes the menu", [(.any(.escape), .close)], context: "Menu"),
    ])
}

/// While the keys overlay is shown.
public enum OverlayKey: Hashable, Sendable {
    case close, scroll(Double)

    public static let table = KeyTable<OverlayKey>([
        KeyRow(.pages, "Scroll", "scrolls a list longer than the window (the wheel too)",
               [(.any(.up), .scroll(-1)), (.any(.down), .scroll(1)), (.any(.pageup), .scroll(-10)), (.any(.pagedown), .scroll(10))],
               context: "This list"),
        KeyRow(.pages, "Close", "hides it", [(.any(.escape), .close), (.any(.f1), .close), (.any(.question), .close), (.shift(.slash), .close)],
               context: "This list"),
    ])
}
