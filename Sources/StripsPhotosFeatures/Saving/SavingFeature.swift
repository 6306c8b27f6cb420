import StripsCore

/// The saving feature's room: the save the host is running (pages done and the total), whether
/// the quit prompt's Save waits on it to quit, and the last save's result. Its reducer takes a
/// save asked for and the host's news of it; what follows for the document, the status line and
/// quitting comes back as outputs the scene routes.
public enum SavingFeature: PhotosFeature {
    public struct State: Hashable, Sendable {
        package init() {}

        /// A save the host is running: pages done and the total.
        public internal(set) var progress: SaveProgress?
        /// Quit once the save under way succeeds (the quit prompt's Save).
        var quitAfterSave = false
        /// The last save's result (the trace's `saved`).
        public internal(set) var last: SaveReport?
        /// The editor may close: nothing unsaved, or the user chose.
        public package(set) var wantsToQuit = false
    }

    /// What holds a save back while a scan is under way: the scanner still works, or its last
    /// pages are being placed (a page still arriving has no file yet).
    package enum ScanHold { case scanning, placing }

    package enum Action {
        /// Ctrl+S (the document's `pages`) or Ctrl+Shift+S (the selection's, else the page in
        /// focus), at the document's `revision`; `scan`: a scan holds it back.
        case save(SaveRequest.Scope, pages: [Page], revision: Int, scan: ScanHold?)
        /// The pages to write (the document's once every page is judged, split into its
        /// `documents`; nil for a selection).
        case write(SaveRequest.Scope, pages: [Page], documents: [SavedDocument]?, revision: Int)
        /// A save asked for: it is under way, on `pages` pages.
        case started(pages: Int)
        /// Whether the editor quits once the save under way succeeds.
        case quitWhenSaved(Bool)
        /// The saver's news.
        case answered(SaveEvent)
    }

    package static func reduce(into state: inout State, action: Action, context: Void) -> [PhotosOutput] {
        switch action {
        case .save(let scope, let pages, let revision, let scan):
            guard state.progress == nil else { return [.notice(tr("Already saving…"))] }
            if let scan {
                state.quitAfterSave = false
                return [.notice(scan == .scanning ? tr("Not saved: scanning (save when it is done, or press Esc to stop it)")
                                : tr("Not saved: the scanned pages are still being placed; save again in a moment"))]
            }
            // One file a document: every page is judged first, so no separator sheet is missed.
            if scope == .document { return [.judgeThenSave(pages)] }
            return reduce(into: &state, action: .write(scope, pages: pages, documents: nil, revision: revision), context: ())
        case .write(let scope, let pages, let documents, let revision):
            guard !pages.isEmpty else {
                state.quitAfterSave = false
                return [.notice(tr("Nothing to save: the document has no pages"))]
            }
            state.progress = SaveProgress(done: 0, total: pages.count)
            var request = SaveRequest(pages: pages, revision: revision, scope: scope)
            if let documents { request.documents = documents }
            return [.effect(.save(request))]
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
