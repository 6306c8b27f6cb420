import StripsCore

/// The document as one value: its pages (each a recipe: a source plus corrections), the history
/// of the edits that made them, the selection, and the revision last saved. Every change is an
/// `Edit` applied here, at once; the editor then animates from the document before to this one.
public struct Document: Hashable, Sendable {
    public private(set) var pages: [Page] {
        didSet {
            aspects = pages.map(\.aspectRatio)
            generation += 1
        }
    }
    /// Counts every change of the pages: what was worked out from them (the split into documents)
    /// is worked out again when it moves on.
    public private(set) var generation = 0
    /// Each page's shape as shown: what the strips lay out, worked out when the pages change.
    public private(set) var aspects: [Double]
    public private(set) var history = EditHistory()
    public var selection = PageSelection.none {
        didSet { if selection.indices.last.map({ $0 >= pages.count }) == true { selection = selection.within(count: pages.count) } }
    }
    /// The history's revision last written to disk (0: as opened).
    public private(set) var savedRevision = 0

    public init(pages: [Page]) {
        self.pages = pages
        aspects = pages.map(\.aspectRatio)
    }

    /// Edits since the document was opened or last saved.
    public var isDirty: Bool { history.revision != savedRevision }
    public var isEmpty: Bool { pages.isEmpty }

    /// The selection if there is one, else the page at `focus`: what Delete, R and Alt+arrows act on.
    public func target(focus: Int) -> [Int] {
        if !selection.isEmpty { return selection.indices }
        return pages.indices.contains(focus) ? [focus] : []
    }

    /// The user's edit applied and recorded (redo is forgotten); the selection follows its pages.
    public func apply(_ edit: Edit) -> Document {
        var next = applying(edit)
        next.history.record(edit, selectionBefore: selection, selectionAfter: next.selection)
        return next
    }

    /// The newest edit, a correction of pages that still show its result, corrected further to
    /// `after` (by page index) within the same undo step; nil when the newest edit is something
    /// else, has been undone, or its pages have changed since.
    public func amendingLast(_ after: [Int: Corrections]) -> Document? {
        guard history.redoStack.isEmpty, let last = history.undoStack.last, case .correct(let changes) = last.edit,
              Set(changes.map(\.index)) == Set(after.keys),
              changes.allSatisfy({ pages.indices.contains($0.index) && pages[$0.index].corrections == $0.after }) else { return nil }
        let amended = Edit.correct(changes.map { CorrectionChange(index: $0.index, before: $0.before, after: after[$0.index] ?? $0.after) })
        var next = self
        next.pages = amended.applied(to: last.edit.inverse.applied(to: pages))
        next.history.reviseLast(amended)
        return next
    }

    /// The last edit undone: the document before it, and the edit that takes this one there
    /// (its inverse, to animate). Nil when there is nothing to undo.
    public func undo() -> (document: Document, edit: Edit)? {
        var next = self
        guard let entry = next.history.undo() else { return nil }
        next.pages = entry.edit.inverse.applied(to: pages)
        next.selection = entry.selectionBefore.within(count: next.pages.count)
        return (next, entry.edit.inverse)
    }

    /// The last undone edit again. Nil when there is nothing to redo.
    public func redo() -> (document: Document, edit: Edit)? {
        var next = self
        guard let entry = next.history.redo() else { return nil }
        next.pages = entry.edit.applied(to: pages)
        next.selection = entry.selectionAfter.within(count: next.pages.count)
        return (next, entry.edit)
    }

    /// The edit that undo or redo would replay now, without replaying it.
    public var nextUndo: Edit? { history.undoStack.last?.edit.inverse }
    public var nextRedo: Edit? { history.redoStack.last?.edit }

    /// The revision `revision` is on disk.
    public func saved(revision: Int) -> Document {
        var next = self
        next.savedRevision = revision
        return next
    }

    /// The number the next scanned page takes (`Scan N`): one past every scanned page in the
    /// document and in its history, so neither a new scan nor an undo gives two pages one name.
    public var nextScanNumber: Int {
        nextNumber { if case .scan(_, let number) = $0 { number } else { nil } }
    }

    /// The number the next page taken with the camera takes (`Camera N`), as `nextScanNumber`.
    public var nextCameraNumber: Int {
        nextNumber { if case .camera(_, let number) = $0 { number } else { nil } }
    }

    /// One past the highest `number` of a page in the document or in its history.
    private func nextNumber(_ number: (PageSource) -> Int?) -> Int {
        var highest = 0
        func see(_ page: Page) { highest = max(highest, number(page.source) ?? 0) }
        pages.forEach(see)
        for entry in history.undoStack + history.redoStack {
            if case .insert(let placed) = entry.edit { placed.forEach { see($0.page) } }
            if case .remove(let placed) = entry.edit { placed.forEach { see($0.page) } }
            if case .replace(let replacements) = entry.edit { replacements.forEach { ($0.before + $0.after).forEach(see) } }
        }
        return highest + 1
    }

    /// The last edit, if it is `edit`, taken back as if it had never been made: the document
    /// before it and the edit that takes this one there (to animate). Nothing to redo. Nil when
    /// the last edit is another.
    package func withdrawing(_ edit: Edit) -> (document: Document, edit: Edit)? {
        guard history.undoStack.last?.edit == edit else { return nil }
        var next = self
        guard let entry = next.history.withdrawLast() else { return nil }
        next.pages = edit.inverse.applied(to: pages)
        next.selection = entry.selectionBefore.within(count: next.pages.count)
        return (next, edit.inverse)
    }

    /// The page at `index` replaced by `page`, in the last edit too when that edit inserted it
    /// (a scanned page whose height became known only at its end).
    package func replacing(_ index: Int, with page: Page) -> Document {
        guard pages.indices.contains(index) else { return self }
        var next = self
        let old = pages[index]
        var replaced = pages
        replaced[index] = page
        next.pages = replaced
        if case .insert(var placed)? = history.undoStack.last?.edit, let k = placed.firstIndex(where: { $0.index == index && $0.page == old }) {
            placed[k].page = page
            next.history.amendLast(.insert(placed))
        }
        return next
    }

    /// `edit` applied without recording it.
    func applying(_ edit: Edit) -> Document {
        var next = self
        next.pages = edit.applied(to: pages)
        next.selection = selection.following(edit, count: pages.count)
        return next
    }
}
