import StripsCore

/// The search room: Ctrl+F's field as a value (`State`: closed, or a `Search` open) and the one
/// reducer that opens it, takes its keys and typed text, takes in text the host read, follows
/// edits to the document and brings the current hit into view. What it reads of the editor (the
/// pages, their text, the focus, what goes on under the field) comes in as `Context`; what it wants
/// of the rest comes back as outputs: requests to the host, an input handed down to what goes on
/// under the field (`passDown`), the strips' glide to a hit's page (`go`), and the zoom room's
/// close-up on a small hit or its way back to fit (`zoom`). The door keeps the value in
/// `Interaction.searching`.
package enum SearchFeature: PhotosFeature {
    package enum State {
        case closed
        case open(Search)
    }

    package enum Action {
        /// Ctrl+F: the field opens empty (nothing when a search is under way already).
        case open
        /// A key, or text typed, while the field is on top.
        case key(Key)
        case typed(String)
        /// The host answered for these pages (with words or without): the hits of the pages that
        /// waited for them join.
        case arrived([TextKey])
        /// After every tick: hits follow edits to the document, and the current hit is brought into
        /// view once the strips are free.
        case tick
    }

    /// What goes on under the field, as far as bringing a hit into view cares.
    package enum Beneath: Equatable {
        /// The strips rest.
        case resting
        /// The preview zoomed in on `page`; `zoomedIn`: it is, or is going, past fit.
        case zoomed(page: Int, zoomedIn: Bool)
        /// A glide, an edit, a drag: a hit waits for it.
        case busy
    }

    package struct Context {
        package init(pages: [Page], texts: PageTexts, focus: Int, document: [Int], free: Bool, beneath: Beneath, previewCentre: Point) {
            self.pages = pages
            self.texts = texts
            self.focus = focus
            self.document = document
            self.free = free
            self.beneath = beneath
            self.previewCentre = previewCentre
        }

        var pages: [Page]
        var texts: PageTexts
        var focus: Int
        /// The document's state (`PhotosScene.documentState`): hits are found again when it changes.
        var document: [Int]
        /// The field is on top, no command waits and the pointer is up: a hit may be brought into view.
        var free: Bool
        var beneath: Beneath
        /// The preview's centre: a zoom goes back to fit about it.
        var previewCentre: Point
    }

    package static func reduce(into state: inout State, action: Action, context c: Context) -> [PhotosOutput] {
        switch action {
        case .open:
            guard case .closed = state else { return [] }
            var search = Search()
            search.setQuery("", pages: c.pages, texts: c.texts, focus: c.focus)
            state = .open(search)
            return []
        case .key(let key):
            guard case .open(var search) = state else { return [] }
            let outcome = search.key(key, pages: c.pages, texts: c.texts, focus: c.focus)
            return settle(outcome, search, &state)
        case .typed(let text):
            guard case .open(var search) = state else { return [] }
            let outcome = search.typed(text, pages: c.pages, texts: c.texts, focus: c.focus)
            return settle(outcome, search, &state)
        case .arrived(let keys):
            guard case .open(var search) = state else { return [] }
            if search.seen == c.document {
                search.arrived(keys, pages: c.pages, texts: c.texts, focus: c.focus)
            } else {
                // The document changed since the search last looked: all of it again.
                search.refresh(pages: c.pages, texts: c.texts, focus: c.focus)
                search.seen = c.document
            }
            state = .open(search)
            return []
        case .tick:
            guard case .open(var search) = state else { return [] }
            defer { state = .open(search) }
            if search.seen != c.document {
                search.refresh(pages: c.pages, texts: c.texts, focus: c.focus)
                search.seen = c.document
            }
            guard c.free, search.presenting else { return [] }
            guard let hit = search.currentHit, c.pages.indices.contains(hit.page) else {
                search.presenting = false
                return []
            }
            switch c.beneath {
            case .resting where c.focus != hit.page:
                // The strips' glide to the hit's page; the close-up once there.
                return [.go(hit.page)]
            case .resting:
                search.presenting = false
                return [.zoom(.show(lines: hit.boxes))]
            case .zoomed(let page, let zoomedIn):
                if page == hit.page, c.focus == hit.page {
                    search.presenting = false
                    return [.zoom(.show(lines: hit.boxes))]
                }
                // Back to fit first (the strip pages only at fit), then the glide.
                return zoomedIn ? [.zoom(.key(.zoomToFit, anchor: c.previewCentre))] : []
            case .busy:
                return []
            }
        }
    }

    /// A key's or typed text's outcome: the search kept or closed, its requests to the host, or
    /// the input handed down.
    private static func settle(_ outcome: Search.Outcome, _ search: Search, _ state: inout State) -> [PhotosOutput] {
        switch outcome {
        case .changed(let effects):
            state = .open(search)
            return effects.map { .effect($0) }
        case .close(let effects):
            state = .closed
            return effects.map { .effect($0) }
        case .passDown:
            return [.passDown]
        case .ignored:
            return []
        }
    }
}
