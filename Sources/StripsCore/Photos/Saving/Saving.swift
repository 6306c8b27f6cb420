/// The saving feature's own state: the save the host is running (pages done and the total),
/// whether the quit prompt's Save waits on it to quit, and the last save's result. Its reducer
/// takes the host's news of a save and says what follows; the scene applies that to the document,
/// the status line and quitting.
public struct Saving: Hashable, Sendable {
    /// A save the host is running: pages done and the total.
    public internal(set) var progress: SaveProgress?
    /// Quit once the save under way succeeds (the quit prompt's Save).
    var quitAfterSave = false
    /// The last save's result (the trace's `saved`).
    public internal(set) var last: SaveReport?

    /// What a save's news means for the rest of the editor.
    struct Answer {
        /// The status line's words.
        var notice: String?
        /// The document as saved: the revision written and the file's path.
        var document: (revision: Int, path: String)?
        var quit = false
    }

    /// A save asked for: it is under way, on `pages` pages.
    mutating func started(pages: Int) { progress = SaveProgress(done: 0, total: pages) }

    /// The host's news of a save; nil for news that is not a save's.
    mutating func handle(_ event: HostEvent) -> Answer? {
        switch event {
        case .saveProgress(let done, let total):
            progress = SaveProgress(done: done, total: total)
            return Answer()
        case .saved(let outcome):
            progress = nil
            last = outcome.report
            let size = outcome.report.size.isEmpty ? "" : " (\(outcome.report.size))"
            var answer = Answer()
            if outcome.request.scope == .document {
                answer.document = (outcome.request.revision, outcome.path)
                if outcome.paths.count > 1 {
                    let names = outcome.paths.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
                    answer.notice = trn("Saved %d document: %s", "Saved %d documents: %s", names.count, names.joined(separator: ", ")) + size
                } else {
                    answer.notice = tr("Saved to %s", outcome.path) + size
                }
                answer.quit = quitAfterSave
            } else {
                let count = outcome.request.pages.count
                answer.notice = trn("Saved %d page to %s", "Saved %d pages to %s", count, outcome.path) + size
            }
            quitAfterSave = false
            return answer
        case .saveFailed(let message):
            progress = nil
            quitAfterSave = false
            return Answer(notice: message.shown)
        default:
            return nil
        }
    }
}
