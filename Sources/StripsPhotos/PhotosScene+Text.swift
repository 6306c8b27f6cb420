import StripsCore
import StripsPhotosFeatures

/// Where the text feature (`TextFeature`) meets the editor: the pages near the focus asked for as
/// time makes them due, the host's answers handed to it (and, as its outputs, to a search under way), and O.
extension PhotosScene {
    /// The text known for pages (their own or recognised), as the host answers it.
    public var texts: PageTexts { findings.text.known }
    /// The text Ctrl+C copied last (the trace's `clipboard`).
    public var clipboard: String? { rooms[CopyTextFeature.self] }

    /// The text feature's reducer on its state, its outputs routed.
    mutating func text(_ action: TextFeature.Action, at time: Double) -> [Effect] {
        apply(TextFeature.reduce(into: &findings.text, action: action, context: ()), at: time)
    }

    /// The pages around the focus whose text the host has not answered, asked for when they
    /// change (a change, never the document: `TextReading`).
    mutating func textDue(at time: Double) -> [Effect] {
        text(.due(pages: shownPages, focus: strips.focusIndex, arriving: transfers.scan?.arriving?.placed), at: time)
    }

    /// O: each target page (the selection, else every page) whose way up is known and is not the
    /// way it is turned now, turned that way.
    func uprightChanges() -> [CorrectionChange] {
        findings.text.uprightChanges(pages, targets: document.selection.isEmpty ? Array(pages.indices) : document.selection.indices)
    }

    /// What O says when it turns nothing.
    var uprightNothingToDo: String {
        findings.text.uprightNothingToDo(document.selection.isEmpty ? pages : document.selection.indices.map { pages[$0] })
    }
}

/// The host's answer to this feature, through this door (`PhotosScene.hostAnswered`).
extension TextEvent: PhotosAnswer {
    func deliver(to scene: inout PhotosScene, at time: Double) -> [Effect] {
        switch self {
        case .recognised(let texts): _ = scene.text(.recognised(texts), at: time)
        case .textless(let keys): _ = scene.text(.textless(keys), at: time)
        case .failed(let message): scene.notices.post(message.shown, at: time)
        }
        return []
    }
}
