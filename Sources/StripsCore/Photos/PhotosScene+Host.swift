/// The host's answers, each routed to the feature that asked: saves to Saving, pages read from
/// dropped files and recovered scans to the command queue, scans to Scanning, text to Text,
/// borders to Borders, the file chooser to Open, the camera to Camera, judgements to Batches.
/// They come on the scene's clock like any input, and find their feature under a prompt too.
extension PhotosScene {
    mutating func hostAnswered(_ event: HostEvent, at time: Double) -> [Effect] {
        switch event {
        case .saveProgress(let done, let total):
            notices.saving = SaveProgress(done: done, total: total)
        case .saved(let outcome):
            notices.saving = nil
            lastSave = outcome.report
            let size = outcome.report.size.isEmpty ? "" : " (\(outcome.report.size))"
            if outcome.request.scope == .document {
                document = document.saved(revision: outcome.request.revision)
                // The strip's names follow the file now written (`NAME-N` after its name).
                outputName = Self.fileStem(outcome.path)
                if outcome.paths.count > 1 {
                    let names = outcome.paths.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
                    notices.post("Saved \(names.count) documents: \(names.joined(separator: ", "))\(size)", at: time)
                } else {
                    notices.post("Saved to \(outcome.path)\(size)", at: time)
                }
                if notices.quitAfterSave { wantsToQuit = true }
            } else {
                let count = outcome.request.pages.count
                notices.post("Saved \(count) page\(count == 1 ? "" : "s") to \(outcome.path)\(size)", at: time)
            }
            notices.quitAfterSave = false
        case .saveFailed(let message):
            notices.saving = nil
            notices.quitAfterSave = false
            notices.post(message, at: time)
        case .pagesLoaded(let pages):
            guard !pages.isEmpty else { break }
            underPrompt { $0.enqueue(.insert(pages), at: time) }
        case .scan(let update):
            return scanUpdate(update, at: time)
        case .recognised(let texts):
            received(texts)
        case .textless(let keys):
            receivedTextless(keys)
        case .recognitionFailed(let message):
            notices.post(message, at: time)
        case .bordersFound(let answer):
            underPrompt { $0.bordersFound(answer, at: time) }
        case .filesChosen(let paths):
            return filesChosen(paths, at: time)
        case .openFailed(let line):
            openFailed(line, at: time)
        case .camera(let news):
            return cameraNews(news, at: time)
        case .judged(let pages):
            return judged(pages, at: time)
        }
        return []
    }
}
