import StripsCore

/// The borders' room: the border editor's session while it is open (or closing) and the border
/// finder's requests not answered yet, with the one reducer that opens the editor, takes its keys
/// and the pointer, closes it, asks the host (a suggestion, Shift+C, levelling, laying flat) and
/// takes its answers. What it reads of the editor (the pages, where a page is drawn, the editor's
/// view, the pointer) comes in with the action; what it wants of the rest comes back as outputs:
/// the host's requests, lines on the status line, edits queued with the other commands, the
/// corners applied at once (`correctAtOnce`, one undo step the levelling joins), the last edit
/// amended with the levelling found (`amendLast`), and the editor's way back onto the page as it
/// is then drawn (`closeBorders`, answered by `close`). Where the session sits in the interaction
/// is the scene's door's business.
package enum BordersFeature: PhotosFeature {
    package struct State {
        package init(session: BorderSession?, requests: BorderRequests) {
            self.session = session
            self.requests = requests
        }

        package var session: BorderSession?
        package var requests: BorderRequests
    }

    package enum Action {
        /// `c`: the editor opens on `page` (at `index`), from where its picture is drawn now.
        case open(index: Int, page: Page, drawnAt: Rect?)
        /// A key while the editor is open; `pages` as they are now.
        case key(Key, view: BorderView, pointer: Point, pages: [Page])
        /// The pointer pressed, and dragged, in the editor.
        case press(Point, view: BorderView)
        case drag(Point, view: BorderView)
        /// The editor animates back to the strips onto `to` (where its page is drawn at rest; nil:
        /// the picture fitted in `area`), its corners ending at `corners`.
        case close(corners: Quad, to: Rect?, area: Rect)
        /// A frame: the closing editor goes once it has closed.
        case tick
        /// Shift+C: the detector's corners asked for `pages` (the selection, else the page in focus).
        case applySuggested([Page])
        /// Alt+C: the crop and turn of page `focus` given to the other selected pages, in proportion.
        case copyToSelection(pages: [Page], focus: Int, selected: [Int])
        /// The host's answer, for `pages` as they are now.
        case found(BorderAnswer, pages: [Page])
    }

    package typealias Context = AtTime

    package static func reduce(into state: inout State, action: Action, context c: Context) -> [PhotosOutput] {
        let time = c.time
        switch action {
        case .open(let index, let page, let drawn):
            var session = BorderSession(index: index, page: page, opened: time)
            if let drawn {
                session.openingFrom = BorderView.pictureRect(placing: session.corners, pictureSize: page.pixelSize, turns: page.quarterTurns, at: drawn)
            }
            var outputs: [PhotosOutput] = []
            // A page laid flat as a whole (a camera take whose frame is the page) is corrected
            // already: its curve is shown on the whole picture, no suggestion glides over it.
            if page.corrections.crop == nil, page.corrections.dewarp == nil {
                session.awaitingDetection = true
                outputs.append(.effect(state.requests.ask(BorderRequest(purpose: .suggest, pages: [page]))))
            }
            state.session = session
            return outputs
        case .key(let key, let view, let pointer, let pages):
            guard var session = state.session else { return [] }
            switch session.key(key, view: view, pointer: pointer, at: time) {
            case .ignored:
                return []
            case .changed:
                state.session = session
                return []
            case .apply:
                state.session = session
                return applied(session, pages: pages, &state.requests)
            case .cancel:
                state.session = session
                return [.closeBorders(corners: session.page.corrections.crop ?? Quad(whole: session.pictureSize))]
            }
        case .press(let p, let view):
            state.session?.press(p, view: view, at: time)
            return []
        case .drag(let p, let view):
            guard state.session?.drag != nil else { return [] }
            state.session?.dragged(to: p, view: view)
            return []
        case .close(let corners, let to, let area):
            guard var session = state.session else { return [] }
            session.close(to: to ?? BorderView(session: session, area: area, at: time).fitted, corners: corners, at: time)
            state.session = session
            return []
        case .tick:
            guard var session = state.session else { return [] }
            if session.isClosed(at: time) {
                state.session = nil
            } else {
                session.advance(at: time)
                state.session = session
            }
            return []
        case .applySuggested(let pages):
            guard state.session == nil, !pages.isEmpty else { return [] }
            return [.effect(state.requests.ask(BorderRequest(purpose: .apply, pages: pages)))]
        case .copyToSelection(let pages, let focus, let selected):
            guard state.session == nil, pages.indices.contains(focus) else { return [] }
            return copied(pages: pages, focus: focus, selected: selected)
        case .found(let answer, let pages):
            state.requests.answered()
            return found(answer, pages: pages, &state.session, at: time)
        }
    }

    /// Return: the corners and turn become the page's (one edit, at once), the editor closes onto
    /// the page as it is now drawn, and the host is asked for the angle that levels its text.
    private static func applied(_ session: BorderSession, pages: [Page], _ requests: inout BorderRequests) -> [PhotosOutput] {
        let after = session.corrections
        let index = session.index
        guard pages.indices.contains(index), after != pages[index].corrections else {
            var outputs: [PhotosOutput] = [.closeBorders(corners: session.corners)]
            // Return on the whole picture, as it already was: the user asks for the page as it is,
            // so a curved one (a book page filling the photo) is laid flat whole. Shift+C never
            // does this by itself (on real book photos it can cost words); here it is asked,
            // shown, undone by Ctrl+Z and turned off by D.
            let page = pages.indices.contains(index) ? pages[index] : nil
            guard let page, after.crop == nil, after.dewarp == nil, after.laysFlat, !session.turnedByHand else { return outputs }
            outputs.append(.effect(requests.ask(BorderRequest(purpose: .layFlat, pages: [page]))))
            return outputs
        }
        var outputs: [PhotosOutput] = [.correctAtOnce(CorrectionChange(index: index, before: pages[index].corrections, after: after)),
                                       .closeBorders(corners: session.corners)]
        // A page cropped and not turned by hand is levelled (Straightener, within 10 degrees), or
        // laid flat when it is curved and laying flat is on; so is one whose laying flat D turned
        // back on.
        let newCrop = after.crop != nil && after.crop != session.page.corrections.crop && !session.turnedByHand
        let flatAgain = after.laysFlat && !session.page.corrections.laysFlat && after.crop != nil
        guard newCrop || flatAgain else { return outputs }
        var corrected = pages[index]
        corrected.corrections = after
        outputs.append(.effect(requests.ask(BorderRequest(purpose: .level, pages: [corrected]))))
        return outputs
    }

    private static func copied(pages: [Page], focus: Int, selected: [Int]) -> [PhotosOutput] {
        let model = pages[focus]
        let others = selected.filter { $0 != focus && pages.indices.contains($0) }
        guard !others.isEmpty else { return [.notice(tr("Select the pages to give this page's borders to"))] }
        let changes = others.compactMap { index -> CorrectionChange? in
            var after = pages[index].corrections
            after.crop = model.corrections.crop?.scaled(from: model.pixelSize, to: pages[index].pixelSize)
            after.straighten = model.corrections.straighten
            return after == pages[index].corrections ? nil : CorrectionChange(index: index, before: pages[index].corrections, after: after)
        }
        return changes.isEmpty ? [] : [.enqueue(.correctPages(changes))]
    }

    private static func found(_ answer: BorderAnswer, pages: [Page], _ session: inout BorderSession?, at time: Double) -> [PhotosOutput] {
        switch answer.purpose {
        case .suggest:
            guard var open = session, open.closing == nil, let found = answer.pages.first, found.pageID == open.page.id else { return [] }
            open.suggest(found.corners, at: time)
            session = open
            return []
        case .apply:
            let replacements = answer.replacements(in: pages)
            if !replacements.isEmpty {
                let spreads = answer.pages.filter { $0.spread != nil }.count
                return [.enqueue(.replacePages(replacements)), .notice(trn("An open book: its two pages", "%d open books: their two pages each", spreads))]
            }
            let changes = answer.applied(to: pages)
            let count = answer.pages.count, applied = changes.count
            guard !changes.isEmpty else { return [.notice(trn("No page found in the picture", "No page found in %d pictures", count))] }
            var outputs: [PhotosOutput] = [.enqueue(.correctPages(changes))]
            // A whole photo laid flat by itself (a book's page filling it: `BorderFinder.wholeCurve`)
            // changes what it shows: the status line says so, and how to have it back.
            let laidFlat = answer.pages.filter { $0.corners == nil && $0.curve != nil }.count
            if laidFlat > 0 {
                outputs.append(.notice(trn("A curved page laid flat by itself (Ctrl+Z undoes)", "%d curved pages laid flat by themselves (Ctrl+Z undoes)", laidFlat)))
            } else if applied < count {
                outputs.append(.notice(trn("Borders found on %2$d of %1$d page", "Borders found on %2$d of %1$d pages", count, applied)))
            }
            return outputs
        case .level:
            let after = answer.levelled(pages)
            return after.isEmpty ? [] : [.amendLast(after)]
        case .layFlat:
            let changes = answer.laidFlat(pages)
            guard !changes.isEmpty else { return [.notice(tr("No curve found: the page is left as it is"))] }
            return [.enqueue(.correctPages(changes)), .notice(tr("The curved page laid flat (Ctrl+Z undoes)"))]
        }
    }
}

extension BordersFeature {
    /// Levelling angles to the tenth of a degree, the step of `[` and `]` (finer is noise).
    static func tenths(_ degrees: Double) -> Double { (degrees * 10).rounded() / 10 }
}
