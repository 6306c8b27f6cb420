import StripsCore
import StripsPhotosFeatures

/// Pages turned upright by themselves, in the scene: the findings routed to `Uprighting` as they
/// come with the judges' answers, its turns run as an edit once the strips rest (with the turn's
/// animation, and one undo step), and what was decided said on the page: a badge on its
/// thumbnail, a tag over the preview and a note heading its menu.
extension PhotosScene {
    /// Judgements the host answered: the turns they find wait for the strips to rest.
    mutating func uprightJudged(_ pages: [JudgedPage], at time: Double) {
        uprighting(.judged(pages), at: time)
        applyUpright(at: time)
    }

    /// The turns waiting given to the document, when nothing else moves (an edit under way, a
    /// drag, a glide or a command waiting come first: the turns wait for them, never the user).
    mutating func applyUpright(at time: Double) {
        uprighting(.apply(pages: pages), at: time)
    }

    /// The uprighting room's reducer on its state, given whether the strips rest; its outputs (an
    /// edit, a line) routed; it asks nothing of the host.
    private mutating func uprighting(_ action: Uprighting.Action, at time: Double) {
        let rest = if case .resting = interaction.activity { strips.queue.isEmpty && rooms.pointer.gestures.press == nil } else { false }
        _ = apply(UprightingFeature.reduce(into: &findings.upright, action: action, context: .init(stripsRest: rest)), at: time)
    }

    /// What the judges decided about `page` and why, as notes heading its menu.
    func judgementNotes(for page: Page) -> [MenuItem] { UprightFinding.notes(for: page, judging: findings.batches.judging) }
}
