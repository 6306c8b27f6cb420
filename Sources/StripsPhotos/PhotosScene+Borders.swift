import StripsCore
import StripsPhotosFeatures

/// The border editor (issue 21): `c` opens it on a page, the pointer and keys change its corners,
/// Return applies them as one `correct` edit (levelled by the host's answer within the same undo
/// step), Escape leaves the page as it was. Shift+C applies the detector's corners to the
/// selection without opening it.
extension PhotosScene {
    /// The editor's session while it is open (or closing).
    public var borderSession: BorderSession? {
        if case .editingBorders(let session) = interaction.activity { return session }
        return nil
    }

    /// The page the editor opens on: the page in focus, or the first selected when the focus is
    /// not among the selected pages.
    var borderTarget: Int? {
        guard pages.indices.contains(strips.focusIndex) else { return nil }
        let selected = document.selection.indices
        if selected.isEmpty || selected.contains(strips.focusIndex) { return strips.focusIndex }
        return selected.first
    }

    /// `c`: the editor opens on the whole picture; an uncorrected page asks the host for a suggestion.
    mutating func openBorders(at time: Double) -> [Effect] {
        switch interaction.shape {
        case .activity(.resting), .activity(.zoomed), .activity(.flinging): break
        default: return []
        }
        guard let index = borderTarget else { return [] }
        let drawn = previewPicture(of: index, at: time)
        rooms.pointer.gestures.abandon()
        return borders(.open(index: index, page: pages[index], drawnAt: drawn), at: time)
    }

    /// The borders room's reducer on the editor's session (or none) and the requests not answered,
    /// written back (the session into the interaction; once it has closed, the strips rest and
    /// take up the commands that waited), its outputs routed.
    @discardableResult
    mutating func borders(_ action: BordersFeature.Action, at time: Double) -> [Effect] {
        let before = borderSession
        var state = BordersFeature.State(session: before, requests: findings.borders)
        let outputs = BordersFeature.reduce(into: &state, action: action, context: BordersFeature.Context(time: time))
        findings.borders = state.requests
        switch (before, state.session) {
        case (_, let session?) where session != before:
            interaction = .editingBorders(session)
        case (_?, nil):
            interaction = .resting
            layOut()
            startQueued(at: time)
        default:
            break
        }
        return apply(outputs, at: time)
    }

    /// The editor animates back to the strips, onto where its page is drawn at rest.
    mutating func closeBorders(corners: Quad, at time: Double) -> [Effect] {
        guard let session = borderSession else { return [] }
        let interactionNow = interaction
        interaction = .resting
        let to = previewPicture(of: session.index, at: time)
        interaction = interactionNow
        return borders(.close(corners: corners, to: to, area: borderArea), at: time)
    }

    /// Where page `index`'s picture is drawn in the preview now, if it is.
    func previewPicture(of index: Int, at time: Double) -> Rect? {
        guard let content = frame(at: time).content as? PhotosFrame else { return nil }
        return content.preview.first { $0.index == index }?.picture
    }

    /// The editor's picture area: the preview.
    var borderArea: Rect { geometry.preview }

    func borderView(_ session: BorderSession, at time: Double) -> BorderView {
        BorderView(session: session, area: borderArea, at: time)
    }

    // MARK: Keys and the pointer

    mutating func borderKey(_ key: Key, _ session: BorderSession, at time: Double) -> [Effect] {
        borders(.key(key, view: borderView(session, at: time), pointer: rooms.pointer.gestures.pointer, pages: pages), at: time)
    }

    mutating func borderPointerDown(_ p: Point, _ session: BorderSession, at time: Double) {
        rooms.pointer.gestures.down(p, modifiers: [], onRest: false, at: time)
        borders(.press(p, view: borderView(session, at: time)), at: time)
    }

    mutating func borderPointerMoved(_ p: Point, _ session: BorderSession, at time: Double) {
        guard session.drag != nil else { return }
        borders(.drag(p, view: borderView(session, at: time)), at: time)
    }

    // MARK: Time and the host

    mutating func advanceBorders(_ session: BorderSession, at time: Double) {
        borders(.tick, at: time)
    }

    /// Shift+C: the detector's corners for the selection (else the page in focus), applied with
    /// their levelling in one edit when the host answers.
    mutating func applySuggestedBorders(at time: Double) -> [Effect] {
        guard !isBusy else { return [] }
        return borders(.applySuggested(document.target(focus: strips.focusIndex).map { pages[$0] }), at: time)
    }

    /// Alt+C: the page in focus's crop, scaled from its picture to each other selected page's
    /// picture (the same margins, in proportion), and its turn, in one edit.
    mutating func copyBordersToSelection(at time: Double) {
        borders(.copyToSelection(pages: pages, focus: strips.focusIndex, selected: document.selection.indices), at: time)
    }

    mutating func bordersFound(_ answer: BorderAnswer, at time: Double) {
        borders(.found(answer, pages: pages), at: time)
    }
}

/// The host's answer to this feature, through this door (`PhotosScene.hostAnswered`).
extension BorderAnswer: PhotosAnswer {
    func deliver(to scene: inout PhotosScene, at time: Double) -> [Effect] {
        scene.underPrompt { $0.bordersFound(self, at: time) }
        return []
    }
}
