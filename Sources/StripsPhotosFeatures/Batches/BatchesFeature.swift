import StripsCore

/// The batches' room: the judges' answers (blank pages, separator sheets), what was asked and not
/// answered, what waits for every page to be judged, and the split of the pages shown into
/// documents. Its reducer is given the pages and the focus; the blank pages it selects, the save
/// that waited and what it says come back as outputs.
package enum BatchesFeature: PhotosFeature {
    package typealias State = BatchesState

    package enum Action {
        /// The strips rest: the pages within `ring` of `focus` not judged or asked for yet are
        /// asked for (`arriving`: a scanned page that cannot be judged yet).
        case due(pages: [Page], focus: Int, generation: Int, arriving: String?, ring: Int)
        /// The host's judgements of some of `pages`: kept; what waited for them runs.
        case judged([JudgedPage], pages: [Page])
        /// Ctrl+Shift+B: the blank pages of `pages` selected once every one is judged.
        case selectBlank(pages: [Page], arriving: String?)
        /// A save of the document waits for `pages` to be judged first.
        case judgeBeforeSaving([Page])
        /// Escape while something waits for the judges: it is not done after all.
        case stopWaiting
        /// B: a break before page `index` of `pages` put, or the one there taken away (an edit,
        /// undoable). A separator sheet taken for one by mistake becomes an ordinary page; pressed
        /// again, a separator again.
        case toggleBreak(at: Int, pages: [Page])
    }

    package static func reduce(into state: inout State, action: Action, context: Void) -> [PhotosOutput] {
        switch action {
        case .due(let pages, let focus, let generation, let arriving, let ring):
            let wanted = state.judging.wishes(pages, focus: focus, generation: generation, skipping: arriving, ring: ring)
            return wanted.isEmpty ? [] : [.effect(.judge(JudgeRequest(pages: wanted)))]
        case .judged(let judged, let pages):
            guard state.judging.received(judged), let waited = state.judging.takeWaiting() else { return [] }
            switch waited {
            case .selectBlank: return selectBlank(in: pages, state.judging)
            case .save: return [.perform(.save(.document))]
            }
        case .selectBlank(let pages, let arriving):
            let missing = state.judging.wait(for: .selectBlank, pages, skipping: arriving)
            guard state.judging.waiting != nil else { return selectBlank(in: pages, state.judging) }
            return missing.isEmpty ? [] : [.effect(.judge(JudgeRequest(pages: missing, urgent: true)))]
        case .judgeBeforeSaving(let pages):
            let missing = state.judging.wait(for: .save, pages)
            return missing.isEmpty ? [] : [.effect(.judge(JudgeRequest(pages: missing, urgent: true)))]
        case .stopWaiting:
            guard let waiting = state.judging.takeWaiting() else { return [] }
            return [.notice(waiting == .save ? tr("Not saved") : tr("Stopped looking for blank pages"))]
        case .toggleBreak(let index, let pages):
            guard let change = breakChange(at: index, in: pages, state.judging) else {
                return [.notice(tr("The first page always begins the first document"))]
            }
            let page = pages[change.index]
            let line: String
            switch (change.before, change.after) {
            case (_, .before): line = tr("A new document begins at %s", page.id)
            case (.before, _): line = tr("The break before %s is taken away", page.id)
            case (_, .none): line = tr("%s is an ordinary page, not a separator sheet", page.id)
            default: line = tr("%s is a separator sheet again", page.id)
            }
            return [.notice(line), .edit(.breaks([change]))]
        }
    }

    /// B's change at page `index` of `pages`: a break put or taken away, or a separator sheet made
    /// an ordinary page; nil when there is none to make (the first page begins the first document).
    package static func breakChange(at index: Int, in pages: [Page], _ judging: Judging) -> BreakChange? {
        guard pages.indices.contains(index) else { return nil }
        let page = pages[index]
        switch page.documentBreak {
        case .before, .none:
            return BreakChange(index: index, before: page.documentBreak, after: .asFound)
        case .asFound:
            if judging[page]?.separator != nil { return BreakChange(index: index, before: .asFound, after: .none) }
            if index > 0, judging.separator(pages[index - 1]) != nil {
                return BreakChange(index: index - 1, before: pages[index - 1].documentBreak, after: .none)
            }
            return index == 0 ? nil : BreakChange(index: index, before: .asFound, after: .before)
        }
    }

    private static func selectBlank(in pages: [Page], _ judging: Judging) -> [PhotosOutput] {
        let blank = pages.indices.filter { judging.isBlank(pages[$0]) }
        let count = blank.count
        return [.select(PageSelection(blank)),
                .notice(count == 0 ? tr("No blank pages") : trn("%d blank page selected: Delete removes it", "%d blank pages selected: Delete removes them", count))]
    }
}
