import StripsCore

/// The uprighting room: its state is `Uprighting`, its reducer `Uprighting.reduce`; the turns it
/// makes go to the document as an edit, and the status line says so, as outputs the scene routes.
/// Whether the strips rest with nothing waiting comes in: the turns wait for them, never the user.
package enum UprightingFeature: PhotosFeature {
    package typealias State = Uprighting

    package struct Context {
        /// Nothing moves: no edit animating, no drag, no glide, no command waiting.
        package var stripsRest: Bool
        package init(stripsRest: Bool) { self.stripsRest = stripsRest }
    }

    package static func reduce(into state: inout Uprighting, action: Uprighting.Action, context: Context) -> [PhotosOutput] {
        if case .apply = action, !context.stripsRest { return [] }
        let changes = Uprighting.reduce(into: &state, action)
        guard !changes.isEmpty, case .apply(let pages) = action else { return [] }
        let line = changes.count == 1 ? tr("%s turned upright (Ctrl+Z turns it back)", pages[changes[0].index].id)
            : trn("%d page turned upright (Ctrl+Z turns them back)", "%d pages turned upright (Ctrl+Z turns them back)", changes.count)
        return [.edit(.correct(changes)), .notice(line)]
    }
}

/// Pages turned upright by themselves: the orientation judge's findings (they come with the
/// batch judges' answers, near the focus first, `Judging`) made into turns of the document, as
/// an edit the user can undo. The feature's own state, changed only by `reduce`; what it gives
/// back is the edit for the document, which the scene runs as any other.
///
/// A page is turned by itself once at most: a page turned by it, or found turned by the user when
/// its judgement came, is settled, and a judgement never turns it again (after Ctrl+Z it stays as
/// the user left it; after the user's own turn, that turn stands). An unsure finding turns nothing.
public struct Uprighting: Hashable, Sendable {
    /// Pages whose way up is decided, by id.
    public private(set) var settled: Set<String> = []
    /// Findings that turn their pages, not given yet (the strips were busy), by the key judged.
    public private(set) var pending: [TextKey: UprightFinding] = [:]

    public init() {}

    public enum Action: Hashable, Sendable {
        /// The host judged pages.
        case judged([JudgedPage])
        /// The strips rest: the turns waiting are given to the document's `pages`.
        case apply(pages: [Page])
    }

    public var hasPending: Bool { !pending.isEmpty }

    /// The turns to make now (`apply`): one change per page turned, all in one undo step; empty
    /// for `judged`, and when no page waits.
    public static func reduce(into state: inout Uprighting, _ action: Action) -> [CorrectionChange] {
        switch action {
        case .judged(let pages):
            for page in pages {
                guard let finding = page.judgement.upright, finding.turns != 0 else { continue }
                state.pending[page.key] = finding
            }
            return []
        case .apply(let pages):
            guard !state.pending.isEmpty else { return [] }
            defer { state.pending = [:] }
            // Every page with a key found turned (the same file opened twice turns twice); a key no
            // page has any more (cropped or deleted since) is forgotten: its page is judged anew.
            var changes: [CorrectionChange] = []
            for (index, page) in pages.enumerated() {
                guard let finding = state.pending[page.textKey], state.settled.insert(page.id).inserted else { continue }
                // The user turned it before the judgement came: their turn stands.
                guard page.corrections.quarterTurns == 0, page.corrections.upright == 0 else { continue }
                var after = page.corrections.turned(finding.turns)
                after.upright = finding.turns
                changes.append(CorrectionChange(index: index, before: page.corrections, after: after))
            }
            return changes
        }
    }
}
