import StripsCore

/// The editor's keys: what each asks for, as one table (`EditorKey.table`) that the key
/// handling, the keys overlay, the toolbar's tooltips, the context menu's shortcuts and the man
/// page all read.
public enum EditorKey: Hashable, Sendable {
    case command(EditorCommand)
    /// Ctrl+A: every page selected.
    case selectAll
    /// Escape: a carried thumbnail goes back, else the selection is cleared, else as Q.
    case escape
    /// Q: quit (asking first when there are unsaved edits).
    case quit
    /// Ctrl+S the document, Ctrl+Shift+S the selection.
    case save(SaveRequest.Scope)
    /// `+` / `=`, `-`, `0` (with or without Ctrl, main keys or keypad).
    case zoomIn, zoomOut, zoomToFit
    /// Ctrl+F: the search field over the preview.
    case search
    /// Ctrl+C: the text of the page in focus to the clipboard.
    case copyText
    /// C: the border editor on the page in focus; Shift+C: detected borders applied to the
    /// selection (else the page in focus).
    case borders, applyDetectedBorders
    /// Alt+C: the page in focus's crop (the same margins, relative to each picture) and turn
    /// given to the other selected pages.
    case copyBorders
    /// Ctrl+N: scan with the last settings; Ctrl+Shift+N: the scan panel first.
    case scan, scanPanel
    /// Ctrl+O: the desktop's file chooser; the files chosen are inserted as dropped files are.
    case open
    /// F1 or `?`: the keys overlay.
    case help
    /// Shift+F10 or the Menu key: the context menu of the page in focus.
    case contextMenu
    /// Ctrl+K: the camera view (its own keys while it is open: `CameraCommand.table`).
    case camera(CameraCommand)
    /// Ctrl+Shift+B: the blank pages selected (those not judged yet judged first).
    case selectBlank
    /// A registered feature's own action (`PhotosFeatures`): its rows follow the editor's.
    case feature(FeatureKey)

    public init?(_ key: Key) {
        guard let action = Self.table.action(for: key) else { return nil }
        self = action
    }

    /// Every editor key and gesture, then the registered features' keys. Rows are looked up in
    /// order; chords say exactly which modifiers they take, so a key matches one row at most.
    public static let table = KeyTable<EditorKey>(editorRows + PhotosFeatures.keyRows)

    private static let editorRows: [KeyRow<EditorKey>] = [
        // Pages
        .gesture(.pages, tr("Drag / fling the preview"), tr("pages, one page per fling; the thumbnails follow")),
        .gesture(.pages, tr("Drag / fling the thumbnails"), tr("scrolls them; lands on a thumbnail's centre")),
        .gesture(.pages, tr("Click a thumbnail"), tr("goes to that page")),
        .gesture(.pages, tr("Wheel over a strip"), tr("scrolls it, then settles on a page")),
        KeyRow(.pages, tr("Previous / next page"), tr("previous / next page; held, pages as fast as it repeats"), [
            (KeyChord(.left, ctrl: .either, shift: .either, alt: .no), .command(.go(.step(-1)))),
            (KeyChord(.right, ctrl: .either, shift: .either, alt: .no), .command(.go(.step(1)))),
        ]),
        KeyRow(.pages, tr("First / last page"), tr("first / last page"), [
            (KeyChord(.home, ctrl: .either, shift: .either, alt: .no), .command(.go(.first))),
            (KeyChord(.end, ctrl: .either, shift: .either, alt: .no), .command(.go(.last))),
        ]),
        .gesture(.pages, tr("Double-click the preview"), tr("zooms to a close-up about the click, or back to fit")),
        .gesture(.pages, tr("Ctrl+wheel / pinch"), tr("zooms about the pointer; zoomed, drags and the wheel pan")),
        KeyRow(.pages, tr("Zoom in"), tr("zoom in (about the pointer over the preview)"),
               [(.any(.plus), .zoomIn), (.any(.equals), .zoomIn), (.any(.keypadPlus), .zoomIn)]),
        KeyRow(.pages, tr("Zoom out"), tr("zoom out"), [(.any(.minus), .zoomOut), (.any(.keypadMinus), .zoomOut)]),
        KeyRow(.pages, tr("Zoom to fit"), tr("back to fit"), [(.any(.zero), .zoomToFit), (.any(.keypadZero), .zoomToFit)]),
        .gesture(.pages, tr("Ctrl+click / Shift+click a thumbnail"), tr("toggles it in the selection / selects the pages up to it")),
        KeyRow(.pages, tr("Select all"), tr("selects every page"), [(KeyChord(.a, ctrl: .yes, shift: .either, alt: .either), .selectAll)]),
        KeyRow(.pages, tr("Select blank pages"), tr("selects the pages found blank (Delete then removes them, one undo step)"),
               [(KeyChord(.b, ctrl: .yes, shift: .yes, alt: .either), .selectBlank)]),
        KeyRow(.pages, tr("Open"), tr("opens files with the desktop's file chooser, inserted after the page in focus"),
               [(KeyChord(.o, ctrl: .yes, shift: .either, alt: .either), .open)]),
        .gesture(.pages, tr("Drop files on the window"), tr("inserts them after the page in focus")),
        .gesture(.pages, tr("Right-click a page or thumbnail"), tr("its menu (for the selection when the page is in it)")),
        KeyRow(.pages, tr("Page menu"), tr("the menu of the page in focus"),
               [(.shift(.f10), .contextMenu), (.any(.menu), .contextMenu), (.any(.application), .contextMenu)]),
        KeyRow(.pages, tr("Keys"), tr("shows or hides the list of every key and gesture"),
               [(.any(.f1), .help), (KeyChord(.question, shift: .either), .help), (.shift(.slash), .help)]),
        KeyRow(.pages, tr("Back"), tr("puts back a carried thumbnail, stops a scan, clears the selection, else quits"),
               [(.any(.escape), .escape)]),
        KeyRow(.pages, tr("Quit"), tr("quits (asks first when there are unsaved edits)"), [(KeyChord(.q, ctrl: .no, shift: .either, alt: .either), .quit)]),
        // Editing
        KeyRow(.editing, tr("Delete"), tr("deletes the selection, else the page in focus (files are never touched)"),
               [(.any(.delete), .command(.delete)), (.any(.backspace), .command(.delete))]),
        KeyRow(.editing, tr("Undo"), tr("undoes the last edit"), [(KeyChord(.z, ctrl: .yes, shift: .no, alt: .either), .command(.undo))]),
        KeyRow(.editing, tr("Redo"), tr("redoes the edit undone"),
               [(KeyChord(.z, ctrl: .yes, shift: .yes, alt: .either), .command(.redo)), (KeyChord(.y, ctrl: .yes, shift: .either, alt: .either), .command(.redo))]),
        KeyRow(.editing, tr("Rotate right"), tr("turns the selection, else the page in focus, 90 degrees clockwise"),
               [(KeyChord(.r, ctrl: .no, shift: .no, alt: .either), .command(.rotate(1)))]),
        KeyRow(.editing, tr("Rotate left"), tr("turns them 90 degrees counter-clockwise"),
               [(KeyChord(.r, ctrl: .no, shift: .yes, alt: .either), .command(.rotate(-1)))]),
        KeyRow(.editing, tr("Move one place"), tr("moves the selection, else the page in focus, one place left / right"), [
            (KeyChord(.left, ctrl: .either, shift: .either, alt: .yes), .command(.shift(-1))),
            (KeyChord(.right, ctrl: .either, shift: .either, alt: .yes), .command(.shift(1))),
        ]),
        KeyRow(.editing, tr("Move to start / end"), tr("moves the selection, else the page in focus, to the start / the end"), [
            (KeyChord(.home, ctrl: .either, shift: .either, alt: .yes), .command(.moveToEnd(false))),
            (KeyChord(.end, ctrl: .either, shift: .either, alt: .yes), .command(.moveToEnd(true))),
        ]),
        .gesture(.editing, tr("Hold a thumbnail, then drag"), tr("lifts it and moves it where it is dropped")),
        KeyRow(.editing, tr("Document break"), tr("puts or takes away a break before the page in focus (the documents it splits save as files of their own); on a separator sheet, makes it a page"),
               [(KeyChord(.b, ctrl: .no, shift: .no, alt: .no), .command(.toggleBreak(nil)))]),
        KeyRow(.editing, tr("Save"), tr("saves the document (PDF or a folder of pictures)"),
               [(KeyChord(.s, ctrl: .yes, shift: .no, alt: .either), .save(.document))]),
        KeyRow(.editing, tr("Save the selection"), tr("saves the selection, else the page in focus, to a file of its own"),
               [(KeyChord(.s, ctrl: .yes, shift: .yes, alt: .either), .save(.selection))]),
        // Corrections (the corrections' own keys, each its kind's row in `RecipeStep.Kind`, after Alt+C)
        KeyRow(.corrections, tr("Borders"), tr("the border editor on the page in focus"), [(KeyChord(.c, shift: .no), .borders)]),
        KeyRow(.corrections, tr("Find borders"), tr("finds and applies the page's corners in the selection, else the page in focus"),
               [(KeyChord(.c, shift: .yes), .applyDetectedBorders)]),
        KeyRow(.corrections, tr("Copy borders"), tr("gives the page in focus's borders to the other selected pages"),
               [(KeyChord(.c, ctrl: .no, shift: .either, alt: .yes), .copyBorders)]),
    ] + RecipeStep.Kind.allCases.compactMap { kind in kind.keyRow?.map { EditorKey.command(.cycle($0)) } } + [
        KeyRow(.corrections, tr("Upright"), tr("turns the selection, else every page, the way up its text was read"),
               [(KeyChord(.o, ctrl: .no, shift: .either, alt: .no), .command(.upright))]),
        // Text
        KeyRow(.text, tr("Search"), tr("the search field: every page's text, ignoring case and accents"),
               [(KeyChord(.f, ctrl: .yes, shift: .either, alt: .either), .search)]),
        KeyRow(.text, tr("Copy text"), tr("copies the text of the page in focus"), [(KeyChord(.c, ctrl: .yes, shift: .either, alt: .either), .copyText)]),
        // Scanning
        KeyRow(.scanning, tr("Scan"), tr("scans with the last settings after the page in focus (a feeder until empty)"),
               [(KeyChord(.n, ctrl: .yes, shift: .no, alt: .either), .scan)]),
        KeyRow(.scanning, tr("Scan panel"), tr("the scan panel: scanner, source, resolution, mode, page size"),
               [(KeyChord(.n, ctrl: .yes, shift: .yes, alt: .either), .scanPanel)]),
        KeyRow(.scanning, tr("Camera"), tr("the camera's live picture: pages are taken as they come to rest"),
               [(KeyChord(.k, ctrl: .yes, shift: .either, alt: .either), .camera(.toggle))]),
        KeyRow(.scanning, tr("Interleave"), tr("the selection, else the document, scanned two-sided on a one-sided feeder, put in order"),
               [(KeyChord(.i, ctrl: .yes, shift: .either, alt: .either), .command(.interleave))]),
    ]
}
