/// What a key, a click or the host asks the editor to do to the strips or the document. Commands
/// run one at a time: one asked for while an edit animates waits for it, in order; a navigation
/// asked for while the strips glide retargets the glide instead.
public enum EditorCommand: Hashable, Sendable {
    /// Go to a page.
    case go(Navigation)
    /// Delete the selection, else the page in focus.
    case delete
    /// Turn the selection, else the page in focus, by quarter turns (1 clockwise, -1 counter-clockwise).
    case rotate(Int)
    /// Move the selection (else the page in focus) by `n` places (Alt+Left / Alt+Right).
    case shift(Int)
    /// A carried thumbnail dropped: page `from` to index `to`, from where it was carried.
    case drop(from: Int, to: Int, carried: ReorderSlots, previewSlot: Double)
    /// Pages read from dropped files (or scans an earlier session left): inserted after the
    /// page in focus.
    case insert([Page])
    /// L: the selection (else the page in focus) takes the look after the first one's
    /// (original, colour, grey, bw, original), all alike.
    case cycleLook
    /// O: the selection (else every page) turned the way up Tesseract found for it.
    case upright
    /// New corrections on pages (detected borders applied with Shift+C), one edit.
    case correctPages([CorrectionChange])
    /// Ctrl+I: the selection (else the document) as a two-sided scan from a one-sided feeder,
    /// fronts in order then backs in reverse, put in reading order (one move edit).
    case interleave
    /// A scanned page starting, completing or cut short, or the scan's end, from the host.
    case scan(ScanStep)
    /// B ("break here"): a document break before the page (nil: the page in focus) put, or the
    /// break there taken away (a separator sheet then counts as an ordinary page).
    case toggleBreak(Int?)
    case undo, redo
}

/// Where a navigation goes.
public enum Navigation: Hashable, Sendable {
    case step(Int)
    case first, last
    case page(Int)

    /// The page it goes to from `focus` in a document of `count` pages (at least one).
    func destination(from focus: Int, count: Int) -> Int {
        let last = count - 1
        switch self {
        case .page(let index): return index.clamped(to: 0...last)
        case .step(let delta): return (focus + delta).clamped(to: 0...last)
        case .first: return 0
        case .last: return last
        }
    }
}

/// The editor's keys, in one place: what each asks for.
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
    /// Ctrl+Shift+B: the blank pages selected (those not judged yet judged first).
    case selectBlank

    public init?(_ key: Key) {
        switch (key.name, key.ctrl, key.shift) {
        case (.left, _, _) where key.alt: self = .command(.shift(-1))
        case (.right, _, _) where key.alt: self = .command(.shift(1))
        case (.left, _, _): self = .command(.go(.step(-1)))
        case (.right, _, _): self = .command(.go(.step(1)))
        case (.home, _, _): self = .command(.go(.first))
        case (.end, _, _): self = .command(.go(.last))
        case (.r, false, let shift): self = .command(.rotate(shift ? -1 : 1))
        case (.delete, _, _), (.backspace, _, _): self = .command(.delete)
        case (.z, true, false): self = .command(.undo)
        case (.z, true, true), (.y, true, _): self = .command(.redo)
        case (.a, true, _): self = .selectAll
        case (.s, true, let shift): self = .save(shift ? .selection : .document)
        case (.l, false, _) where !key.alt: self = .command(.cycleLook)
        case (.o, false, _) where !key.alt: self = .command(.upright)
        case (.f, true, _): self = .search
        case (.c, true, _): self = .copyText
        case (.n, true, let shift): self = shift ? .scanPanel : .scan
        case (.i, true, _): self = .command(.interleave)
        case (.b, true, true): self = .selectBlank
        case (.b, false, false) where !key.alt: self = .command(.toggleBreak(nil))
        case (.escape, _, _): self = .escape
        case (.q, false, _): self = .quit
        case (.c, _, _) where key.alt: self = .copyBorders
        case (.c, false, false): self = .borders
        case (.c, false, true): self = .applyDetectedBorders
        case (.plus, _, _), (.equals, _, _), (.keypadPlus, _, _): self = .zoomIn
        case (.minus, _, _), (.keypadMinus, _, _): self = .zoomOut
        case (.zero, _, _), (.keypadZero, _, _): self = .zoomToFit
        default: return nil
        }
    }
}
