/// The host's answers, each routed to the feature that asked: saves to Saving, pages read from
/// dropped files and recovered scans to the command queue, scans to Scanning, text to Text,
/// borders to Borders, the file chooser to Open, the camera to Camera, judgements to Batches.
/// They come on the scene's clock like any input, and find their feature under a prompt too.
extension PhotosScene {
    public mutating func hostAnswered(_ event: HostEvent, at time: Double) -> [Effect] {
        switch event {
        case .saveProgress, .saved, .saveFailed:
            _ = saved(.answered(event), at: time)
        case .pagesLoaded(let pages):
            guard !pages.isEmpty else { break }
            underPrompt { $0.enqueue(.insert(pages), at: time) }
        case .scan(let update):
            return scanUpdate(update, at: time)
        case .text(.recognised(let texts)):
            _ = text(.recognised(texts), at: time)
        case .text(.textless(let keys)):
            _ = text(.textless(keys), at: time)
        case .text(.failed(let message)):
            notices.post(message.shown, at: time)
        case .bordersFound(let answer):
            underPrompt { $0.bordersFound(answer, at: time) }
        case .filesChosen(let paths):
            return filesChosen(paths, at: time)
        case .openFailed(let message):
            openFailed(message, at: time)
        case .camera(let news):
            return cameraNews(news, at: time)
        case .judged(let pages):
            return judged(pages, at: time)
        }
        return []
    }
}
