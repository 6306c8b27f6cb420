/// The saving feature's room: the save the host is running (pages done and the total), whether
/// the quit prompt's Save waits on it to quit, and the last save's result. Its reducer takes a
/// save asked for and the host's news of it; what follows for the document, the status line and
/// quitting comes back as outputs the scene routes.
public enum SavingFeature: PhotosFeature {
    public struct State: Hashable, Sendable {
        /// A save the host is running: pages done and the total.
        public internal(set) var progress: SaveProgress?
        /// Quit once the save under way succeeds (the quit prompt's Save).
        var quitAfterSave = false
        /// The last save's result (the trace's `saved`).
        public internal(set) var last: SaveReport?
        /// The editor may close: nothing unsaved, or the user chose.
        public internal(set) var wantsToQuit = false
    }

    enum Action {
        /// A save asked for: it is under way, on `pages` pages.
        case started(pages: Int)
        /// Whether the editor quits once the save under way succeeds.
        case quitWhenSaved(Bool)
        /// The saver's news.
        case answered(SaveEvent)
    }

    static func reduce(into state: inout State, action: Action, context: Void) -> [PhotosOutput] {
        switch action {
        case .started(let pages):
            state.progress = SaveProgress(done: 0, total: pages)
        case .quitWhenSaved(let quit):
            state.quitAfterSave = quit
        case .answered(.progress(let done, let total)):
            state.progress = SaveProgress(done: done, total: total)
        case .answered(.saved(let outcome)):
            state.progress = nil
            state.last = outcome.report
            let size = outcome.report.size.isEmpty ? "" : " (\(outcome.report.size))"
            var outputs: [PhotosOutput] = []
            if outcome.request.scope == .document {
                outputs.append(.saved(revision: outcome.request.revision, path: outcome.path))
                if outcome.paths.count > 1 {
                    let names = outcome.paths.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
                    outputs.append(.notice(trn("Saved %d document: %s", "Saved %d documents: %s", names.count, names.joined(separator: ", ")) + size))
                } else {
                    outputs.append(.notice(tr("Saved to %s", outcome.path) + size))
                }
                if state.quitAfterSave { state.wantsToQuit = true }
            } else {
                let count = outcome.request.pages.count
                outputs.append(.notice(trn("Saved %d page to %s", "Saved %d pages to %s", count, outcome.path) + size))
            }
            state.quitAfterSave = false
            return outputs
        case .answered(.failed(let message)):
            state.progress = nil
            state.quitAfterSave = false
            return [.notice(message.shown)]
        }
        return []
    }
}
