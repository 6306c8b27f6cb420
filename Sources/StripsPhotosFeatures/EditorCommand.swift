import StripsCore

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
    /// A correction's key (L: the look): the selection (else the page in focus) takes the step of
    /// this kind that follows the focus page's (`RecipeStep.Kind.next`), all alike.
    case cycle(RecipeStep.Kind)
    /// O: the selection (else every page) turned the way up Tesseract found for it.
    case upright
    /// New corrections on pages (detected borders applied with Shift+C), one edit.
    case correctPages([CorrectionChange])
    /// Pages replaced by others (Shift+C on a spread: its two pages in its place), one edit.
    case replacePages([PageReplacement])
    /// A correction chosen (the context menu's look): the selection (else the page in focus)
    /// takes this step, in place of its kind's; pages it does not change are left out.
    case set(RecipeStep)
    /// The languages the selection (else the page in focus) is read in, from its menu; nil: the program's (`auto`).
    case setLanguage(String?)
    /// Alt+Home / Alt+End: the selection (else the page in focus) moved, as a block, to the start
    /// (`toEnd` false) or the end of the document.
    case moveToEnd(Bool)
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
    package func destination(from focus: Int, count: Int) -> Int {
        let last = count - 1
        switch self {
        case .page(let index): return index.clamped(to: 0...last)
        case .step(let delta): return (focus + delta).clamped(to: 0...last)
        case .first: return 0
        case .last: return last
        }
    }
}

extension EditorCommand {
    package var isNavigation: Bool {
        if case .go = self { return true }
        return false
    }

    /// Undo, redo and new pages work on an empty document too.
    package var worksOnNoPages: Bool {
        switch self {
        case .undo, .redo, .insert, .scan: return true
        default: return false
        }
    }

    /// It changes the document (and its history): it waits while a scanned page is arriving.
    package var editsDocument: Bool {
        switch self {
        case .go, .scan: return false
        case .delete, .rotate, .shift, .drop, .insert, .interleave, .cycle, .upright, .undo, .redo, .correctPages, .replacePages, .set, .setLanguage, .moveToEnd,
             .toggleBreak: return true
        }
    }
}
