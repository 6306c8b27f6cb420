/// Ctrl+F: the search field over the preview. While it is open it takes typed text, Backspace,
/// Return (the next hit), Shift+Return (the previous) and Escape (closes it); keys with Ctrl or
/// Alt and the navigation keys still reach the editor, and the strips keep the pointer: whatever
/// was going on carries on under it. The current hit's page comes into focus with the strips'
/// usual glide, and a hit too small to read is zoomed in on.
extension PhotosScene {
    /// A hit shorter than this on screen (points) is zoomed in on...
    static let smallHit = 12.0
    /// ...until it is this tall, as far as the zoom goes.
    static let readableHit = 28.0

    mutating func openSearch(at time: Double) {
        guard interaction.search == nil else { return }
        var search = Search()
        search.setQuery("", pages: pages, texts: texts, focus: focusIndex)
        interaction = .searching(search, under: interaction)
    }

    /// Input while the field is open: the field's keys and typed text to it (`Search`), the rest
    /// to what is going on under it.
    mutating func searching(_ event: InputEvent, _ search: Search, under: Interaction, at time: Double) -> [Effect] {
        var search = search
        let outcome: Search.Outcome
        switch event {
        case .key(let key):
            outcome = search.key(key, pages: pages, texts: texts, focus: focusIndex)
        case .text(let typed):
            outcome = search.typed(typed, pages: pages, texts: texts, focus: focusIndex)
        case .host(.text(.recognised)), .host(.text(.textless)):
            // Text the search may be waiting for: taken in with the field in place, so its hits grow.
            return route(event, at: time)
        default:
            return underSearch { $0.route(event, at: time) }
        }
        switch outcome {
        case .changed(let effects):
            interaction = .searching(search, under: under)
            return effects
        case .close(let effects):
            interaction = under
            return effects
        case .passDown:
            return underSearch { $0.route(event, at: time) }
        case .ignored:
            return []
        }
    }

    /// Runs `body` on what is going on under the search field, and puts the field back over it.
    private mutating func underSearch(_ body: (inout PhotosScene) -> [Effect]) -> [Effect] {
        guard case .searching(let search, let under) = interaction else { return body(&self) }
        interaction = under
        let effects = body(&self)
        // The body may have closed nothing but opened the quit prompt: the prompt goes on top.
        interaction = interaction.wrapped(in: search)
        return effects
    }

    /// Changes the search under way, wherever it is (under the quit prompt too).
    mutating func updateSearch(_ change: (inout Search, PhotosScene) -> Void) {
        func updated(_ interaction: Interaction) -> Interaction {
            switch interaction {
            case .searching(var search, let under):
                change(&search, self)
                return .searching(search, under: under)
            case .askingToQuit(let under):
                return .askingToQuit(under: updated(under))
            default:
                return interaction
            }
        }
        interaction = updated(interaction)
    }

    /// After every tick: hits follow edits to the document, and the current hit is brought into
    /// view once the strips are free.
    mutating func tickSearch(at time: Double) {
        guard var search = interaction.search else { return }
        if search.seen != documentState {
            search.refresh(pages: pages, texts: texts, focus: focusIndex)
            search.seen = documentState
            updateSearch { s, _ in s = search }
        }
        guard case .searching(_, let under) = interaction, search.presenting, queue.isEmpty, gestures.press == nil else { return }
        guard let hit = search.currentHit, pages.indices.contains(hit.page) else {
            search.presenting = false
            interaction = .searching(search, under: under)
            return
        }
        switch under {
        case .resting where focusIndex != hit.page:
            // The strips' glide to the hit's page; the close-up once there.
            _ = underSearch { scene in
                scene.enqueue(.go(.page(hit.page)), at: time)
                return []
            }
        case .resting:
            search.presenting = false
            interaction = .searching(search, under: closeUp(on: hit, in: nil, at: time).map { .zoomed($0) } ?? .resting)
        case .zoomed(var zoom):
            if zoom.page == hit.page, focusIndex == hit.page {
                search.presenting = false
                interaction = .searching(search, under: closeUp(on: hit, in: zoom, at: time).map { .zoomed($0) } ?? .zoomed(zoom))
            } else if zoom.targetScale > 1 || zoom.isIdle == false {
                // Back to fit first (the strip pages only at fit), then the glide.
                if zoom.targetScale > 1 { zoom.animate(to: 1, about: geometry.preview.center, at: time, tuning: tuning.zoom) }
                interaction = .searching(search, under: .zoomed(zoom))
            }
        default:
            break  // a glide, an edit, a drag: the hit waits for them
        }
    }

    /// The document as the search last saw it: its revision and page count.
    var documentState: [Int] { [document.history.revision, pages.count] }

    /// The zoom that shows `hit` readably, centred, when it is small on screen at the zoom now
    /// (`zoom`, or fit); nil when it is readable as it is.
    private func closeUp(on hit: SearchHit, in zoom: PreviewZoom?, at time: Double) -> PreviewZoom? {
        let page = pages[hit.page]
        var zoom = zoom ?? PreviewZoom(page: hit.page, pageID: page.id, pixelSize: page.shownSize, box: geometry.preview, physics: tuning.scroll)
        let rects = SearchHighlight.rects(hit.boxes, onPicture: zoom.pictureFrame, quarterTurns: page.quarterTurns)
        guard let first = rects.first else { return nil }
        let band = rects.dropFirst().reduce(first) { $0.union($1) }
        let lineHeight = rects.map(\.height).max() ?? band.height
        guard lineHeight > 0, lineHeight < Self.smallHit else { return nil }
        let scale = zoom.scale * Self.readableHit / lineHeight
        zoom.animate(to: scale, centring: band.center, at: time, tuning: tuning.zoom)
        return zoom.targetScale > zoom.scale + 1e-9 || zoom.scale > 1 ? zoom : nil
    }
}

extension Interaction {
    /// This interaction with the search field over it; a quit prompt or a dialog (the scan panel
    /// opened from under the field) stays on top, with the keys.
    func wrapped(in search: Search) -> Interaction {
        switch self {
        case .askingToQuit(let under): return .askingToQuit(under: under.wrapped(in: search))
        case .dialog(let dialog, let under): return .dialog(dialog, under: under.wrapped(in: search))
        case .searching(_, let under): return .searching(search, under: under)
        default: return .searching(search, under: self)
        }
    }
}
