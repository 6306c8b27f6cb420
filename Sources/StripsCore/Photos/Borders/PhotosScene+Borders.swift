/// The border editor (issue 21): `c` opens it on a page, the pointer and keys change its corners,
/// Return applies them as one `correct` edit (levelled by the host's answer within the same undo
/// step), Escape leaves the page as it was. Shift+C applies the detector's corners to the
/// selection without opening it.
extension PhotosScene {
    /// The editor's session while it is open (or closing).
    public var borderSession: BorderSession? {
        if case .editingBorders(let session) = interaction.underPrompt { return session }
        return nil
    }

    /// The page the editor opens on: the page in focus, or the first selected when the focus is
    /// not among the selected pages.
    var borderTarget: Int? {
        guard pages.indices.contains(focusIndex) else { return nil }
        let selected = document.selection.indices
        if selected.isEmpty || selected.contains(focusIndex) { return focusIndex }
        return selected.first
    }

    /// `c`: the editor opens on the whole picture; an uncorrected page asks the host for a suggestion.
    mutating func openBorders(at time: Double) -> [Effect] {
        switch interaction {
        case .resting, .zoomed, .flinging: break
        default: return []
        }
        guard let index = borderTarget else { return [] }
        let page = pages[index]
        var session = BorderSession(index: index, page: page, opened: time)
        if let drawn = previewPicture(of: index, at: time) {
            session.openingFrom = BorderView.pictureRect(placing: session.corners, pictureSize: page.pixelSize, turns: page.quarterTurns, at: drawn)
        }
        gestures.abandon()
        var effects: [Effect] = []
        // A page laid flat as a whole (a camera take whose frame is the page) is corrected already: its
        // curve is shown on the whole picture, no suggestion glides over it.
        if page.corrections.crop == nil, page.corrections.dewarp == nil {
            session.awaitingDetection = true
            effects.append(askBorders(BorderRequest(purpose: .suggest, pages: [page])))
        }
        interaction = .editingBorders(session)
        return effects
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

    // MARK: Keys

    mutating func borderKey(_ key: Key, _ session: BorderSession, at time: Double) -> [Effect] {
        var session = session
        switch session.key(key, view: borderView(session, at: time), pointer: gestures.pointer, at: time) {
        case .ignored:
            return []
        case .changed:
            interaction = .editingBorders(session)
            return []
        case .apply:
            return applyBorders(session, at: time)
        case .cancel:
            close(session, corners: session.page.corrections.crop ?? Quad(whole: session.pictureSize), at: time)
            return []
        }
    }

    /// Return: the corners and turn become the page's (one edit), the editor closes onto the
    /// page as it is now drawn, and the host is asked for the angle that levels its text.
    private mutating func applyBorders(_ session: BorderSession, at time: Double) -> [Effect] {
        let after = session.corrections
        let index = session.index
        guard pages.indices.contains(index), after != pages[index].corrections else {
            close(session, corners: session.corners, at: time)
            // Return on the whole picture, as it already was: the user asks for the page as it is,
            // so a curved one (a book page filling the photo) is laid flat whole. Shift+C never
            // does this by itself (on real book photos it can cost words); here it is asked,
            // shown, undone by Ctrl+Z and turned off by D.
            let page = pages.indices.contains(index) ? pages[index] : nil
            guard let page, after.crop == nil, after.dewarp == nil, after.laysFlat, !session.turnedByHand else { return [] }
            return [askBorders(BorderRequest(purpose: .layFlat, pages: [page]))]
        }
        document = document.apply(.correct([CorrectionChange(index: index, before: pages[index].corrections, after: after)]))
        layOut()
        close(session, corners: session.corners, at: time)
        // A page cropped and not turned by hand is levelled (Straightener, within 10 degrees), or
        // laid flat when it is curved and laying flat is on; so is one whose laying flat D turned
        // back on.
        let newCrop = after.crop != nil && after.crop != session.page.corrections.crop && !session.turnedByHand
        let flatAgain = after.laysFlat && !session.page.corrections.laysFlat && after.crop != nil
        guard newCrop || flatAgain else { return [] }
        return [askBorders(BorderRequest(purpose: .level, pages: [pages[index]]))]
    }

    /// The editor animates back to the strips, onto where the page is drawn.
    private mutating func close(_ session: BorderSession, corners: Quad, at time: Double) {
        var session = session
        let interactionNow = interaction
        interaction = .resting
        let to = previewPicture(of: session.index, at: time)
        interaction = interactionNow
        session.close(to: to ?? borderView(session, at: time).fitted, corners: corners, at: time)
        interaction = .editingBorders(session)
    }

    // MARK: Pointer

    mutating func borderPointerDown(_ p: Point, _ session: BorderSession, at time: Double) {
        var session = session
        gestures.down(p, modifiers: [], onRest: false, at: time)
        session.press(p, view: borderView(session, at: time), at: time)
        interaction = .editingBorders(session)
    }

    mutating func borderPointerMoved(_ p: Point, _ session: BorderSession, at time: Double) {
        guard session.drag != nil else { return }
        var session = session
        session.dragged(to: p, view: borderView(session, at: time))
        interaction = .editingBorders(session)
    }

    /// Levelling angles to the tenth of a degree, the step of `[` and `]` (finer is noise).
    static func tenths(_ degrees: Double) -> Double { (degrees * 10).rounded() / 10 }

    // MARK: Time and the host

    mutating func advanceBorders(_ session: BorderSession, at time: Double) {
        if session.isClosed(at: time) {
            interaction = .resting
            layOut()
            startQueued(at: time)
            return
        }
        var session = session
        session.advance(at: time)
        interaction = .editingBorders(session)
    }

    /// Shift+C: the detector's corners for the selection (else the page in focus), applied with
    /// their levelling in one edit when the host answers.
    mutating func applySuggestedBorders(at time: Double) -> [Effect] {
        guard !isBusy, borderSession == nil else { return [] }
        let targets = document.target(focus: focusIndex)
        guard !targets.isEmpty else { return [] }
        return [askBorders(BorderRequest(purpose: .apply, pages: targets.map { pages[$0] }))]
    }

    /// Alt+C: the page in focus's crop, scaled from its picture to each other selected page's
    /// picture (the same margins, in proportion), and its turn, in one edit.
    mutating func copyBordersToSelection(at time: Double) {
        guard borderSession == nil, pages.indices.contains(focusIndex) else { return }
        let model = pages[focusIndex]
        let others = document.selection.indices.filter { $0 != focusIndex && pages.indices.contains($0) }
        guard !others.isEmpty else {
            notices.post(tr("Select the pages to give this page's borders to"), at: time)
            return
        }
        let changes = others.compactMap { index -> CorrectionChange? in
            var after = pages[index].corrections
            after.crop = model.corrections.crop?.scaled(from: model.pixelSize, to: pages[index].pixelSize)
            after.straighten = model.corrections.straighten
            return after == pages[index].corrections ? nil : CorrectionChange(index: index, before: pages[index].corrections, after: after)
        }
        if !changes.isEmpty { enqueue(.correctPages(changes), at: time) }
    }

    /// The effect for `request`; the scene counts it until it is answered.
    mutating func askBorders(_ request: BorderRequest) -> Effect { findings.borders.ask(request) }

    mutating func bordersFound(_ answer: BorderAnswer, at time: Double) {
        findings.borders.answered()
        switch answer.purpose {
        case .suggest:
            guard var session = borderSession, session.closing == nil, let found = answer.pages.first,
                  found.pageID == session.page.id else { return }
            session.suggest(found.corners, at: time)
            interaction = .editingBorders(session)
        case .apply:
            let replacements = answer.replacements(in: pages)
            if !replacements.isEmpty {
                enqueue(.replacePages(replacements), at: time)
                let spreads = answer.pages.filter { $0.spread != nil }.count
                notices.post(trn("An open book: its two pages", "%d open books: their two pages each", spreads), at: time)
                return
            }
            let changes = answer.applied(to: pages)
            let count = answer.pages.count, applied = changes.count
            guard !changes.isEmpty else {
                notices.post(trn("No page found in the picture", "No page found in %d pictures", count), at: time)
                return
            }
            enqueue(.correctPages(changes), at: time)
            if applied < count { notices.post(trn("Borders found on %2$d of %1$d page", "Borders found on %2$d of %1$d pages", count, applied), at: time) }
        case .level:
            let after = answer.levelled(pages)
            guard !after.isEmpty, let next = document.amendingLast(after) else { return }
            document = next
            layOut()
        case .layFlat:
            let changes = answer.laidFlat(pages)
            guard !changes.isEmpty else {
                notices.post(tr("No curve found: the page is left as it is"), at: time)
                return
            }
            enqueue(.correctPages(changes), at: time)
            notices.post(tr("The curved page laid flat (Ctrl+Z undoes)"), at: time)
        }
    }
}

/// The host's answer to this feature, through this door (`PhotosScene.hostAnswered`).
extension BorderAnswer: PhotosAnswer {
    func deliver(to scene: inout PhotosScene, at time: Double) -> [Effect] {
        scene.underPrompt { $0.bordersFound(self, at: time) }
        return []
    }
}
