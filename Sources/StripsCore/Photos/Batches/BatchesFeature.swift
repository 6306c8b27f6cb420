/// The batches' room: the judges' answers (blank pages, separator sheets), what was asked and not
/// answered, what waits for every page to be judged, and the split of the pages shown into
/// documents. Its reducer is given the pages and the focus; the blank pages it selects, the save
/// that waited and what it says come back as outputs.
enum BatchesFeature: PhotosFeature {
    typealias State = BatchesState

    enum Action {
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
    }

    static func reduce(into state: inout State, action: Action, context: Void) -> [PhotosOutput] {
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
        }
    }

    private static func selectBlank(in pages: [Page], _ judging: Judging) -> [PhotosOutput] {
        let blank = pages.indices.filter { judging.isBlank(pages[$0]) }
        let count = blank.count
        return [.select(PageSelection(blank)),
                .notice(count == 0 ? tr("No blank pages") : trn("%d blank page selected: Delete removes it", "%d blank pages selected: Delete removes them", count))]
    }
}
