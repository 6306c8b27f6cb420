import StripsCore

/// The document's commands as a room of its own: its state is the `Document`; the page in focus
/// and what O would turn (the text room's finding) come in as values. A command that edits
/// applies its edit to the document here and goes out as the animation of it (`animate`, from
/// the pages before), which the strips play; a navigation goes out as a glide; undo and redo of
/// an edit away from the focus go out as a glide to its page first, then themselves again; the
/// commands that are another room's (interleave, a document break, a scan's step) go out to it.
package enum DocumentFeature {
    package typealias State = Document
    package typealias Action = EditorCommand

    package struct Context: Sendable {
        /// The page in focus, an index into the pages.
        package var focus: Int
        /// O: the pages whose way up is known and is not the way they are turned now, and what
        /// it says when that is none (`TextFeature`'s finding); nil for every other command.
        package var upright: (changes: [CorrectionChange], nothingToDo: String)?

        package init(focus: Int, upright: (changes: [CorrectionChange], nothingToDo: String)? = nil) {
            self.focus = focus
            self.upright = upright
        }
    }

    package enum Output: Sendable {
        /// The document took `edit`, from these pages: the strips animate it. `drop`: a dropped
        /// thumbnail's slots and the preview's, where the animation starts from.
        case animate(Edit, from: [Page], drop: (carried: ReorderSlots, previewSlot: Double)?)
        /// The strips glide to this page.
        case glide(to: Int)
        /// These commands run before any waiting (the page of an undo brought into focus first).
        case first([EditorCommand])
        case notice(String)
        /// Another room's command: the batches' interleave and document break, a scan's step.
        case interleave
        case toggleBreak(Int?)
        case scan(ScanStep)
    }

    package static func reduce(into document: inout Document, action command: EditorCommand, context: Context) -> [Output] {
        let pages = document.pages, focus = context.focus
        guard !pages.isEmpty || command.worksOnNoPages else { return [] }
        /// `edit` applied; nothing when it changes nothing.
        func edit(_ edit: Edit) -> [Output] {
            guard !edit.isEmpty else { return [] }
            document = document.apply(edit)
            return [.animate(edit, from: pages, drop: nil)]
        }
        /// The same correction of each target page; the pages it leaves as they are left out.
        func correct(_ change: (inout Corrections) -> Void) -> [Output] {
            edit(.correct(document.target(focus: focus).compactMap { i in
                var after = pages[i].corrections
                change(&after)
                return after == pages[i].corrections ? nil : CorrectionChange(index: i, before: pages[i].corrections, after: after)
            }))
        }
        switch command {
        case .go(let navigation):
            return [.glide(to: navigation.destination(from: focus, count: pages.count))]
        case .delete:
            return edit(.remove(document.target(focus: focus).map { PlacedPage(index: $0, page: pages[$0]) }))
        case .rotate(let turns):
            return edit(.correct(document.target(focus: focus).map {
                CorrectionChange(index: $0, before: pages[$0].corrections, after: pages[$0].corrections.turned(turns))
            }))
        case .cycle(let kind):
            let targets = document.target(focus: focus)
            guard let first = targets.first,
                  let step = kind.next(after: pages[targets.contains(focus) ? focus : first].corrections.pixels) else { return [] }
            // All take the step after the focus page's (or the first selected page's): alike after one press.
            return edit(.correct(targets.map { i in
                var after = pages[i].corrections
                after.pixels.set(step)
                return CorrectionChange(index: i, before: pages[i].corrections, after: after)
            }))
        case .set(let step):
            return correct { $0.pixels.set(step) }
        case .setLanguage(let language):
            return correct { $0.language = language }
        case .moveToEnd(let toEnd):
            let from = document.target(focus: focus)
            // As a block, in their order, at the start or the end.
            let to = from.indices.map { toEnd ? pages.count - from.count + $0 : $0 }
            guard from != to else { return [] }
            return edit(.move(from: from, to: to))
        case .upright:
            guard let upright = context.upright else { return [] }
            guard !upright.changes.isEmpty else { return [.notice(upright.nothingToDo)] }
            return edit(.correct(upright.changes))
        case .shift(let places):
            let from = document.target(focus: focus)
            let to = from.map { $0 + places }
            // A block at an end goes no further; a single page stops at the end.
            guard let first = to.first, let last = to.last, first >= 0, last < pages.count else { return [] }
            return edit(.move(from: from, to: to))
        case .drop(let from, let to, let carried, let previewSlot):
            guard pages.indices.contains(from), pages.indices.contains(to) else { return [] }
            // Dropped back where it was: it settles, and nothing is recorded.
            if from != to { document = document.apply(.move(from: [from], to: [to])) }
            return [.animate(.move(from: [from], to: [to]), from: pages, drop: (carried, previewSlot))]
        case .insert(let newPages):
            let at = pages.isEmpty ? 0 : focus + 1
            return edit(.insert(pages.uniquelyNamed(newPages).enumerated().map { PlacedPage(index: at + $0.offset, page: $0.element) }))
        case .correctPages(let changes):
            guard changes.allSatisfy({ pages.indices.contains($0.index) && pages[$0.index].corrections == $0.before }) else { return [] }
            return edit(.correct(changes))
        case .replacePages(let replacements):
            guard replacements.allSatisfy({ r in r.index >= 0 && r.index + r.before.count <= pages.count && Array(pages[r.index..<(r.index + r.before.count)]) == r.before })
            else { return [] }
            return edit(.replace(replacements))
        case .interleave:
            return [.interleave]
        case .toggleBreak(let index):
            return [.toggleBreak(index)]
        case .scan(let step):
            return [.scan(step)]
        case .undo:
            guard let next = document.nextUndo else { return [] }
            if let first = pageToFocus(next, focus: focus, count: pages.count) { return [.first([.go(.page(first)), .undo])] }
            guard let (undone, edit) = document.undo() else { return [] }
            document = undone
            return [.animate(edit, from: pages, drop: nil)]
        case .redo:
            guard let next = document.nextRedo else { return [] }
            if let first = pageToFocus(next, focus: focus, count: pages.count) { return [.first([.go(.page(first)), .redo])] }
            guard let (redone, edit) = document.redo() else { return [] }
            document = redone
            return [.animate(edit, from: pages, drop: nil)]
        }
    }

    /// Undo and redo: the page an edit acts on comes into focus first (unless the focus is already
    /// on one of its pages), then the edit runs with its animation, exactly as the user's own did.
    private static func pageToFocus(_ edit: Edit, focus: Int, count: Int) -> Int? {
        if case .insert = edit { return nil }
        let indices = edit.indices
        guard let first = indices.first, !indices.contains(focus), (0..<count).contains(first) else { return nil }
        return first
    }
}
