import StripsCore
import StripsPhotosFeatures

/// Ctrl+F: the search field over the preview. While it is open it takes typed text, Backspace,
/// Return (the next hit), Shift+Return (the previous) and Escape (closes it); keys with Ctrl or
/// Alt and the navigation keys still reach the editor, and the strips keep the pointer: whatever
/// was going on carries on under it. The current hit's page comes into focus with the strips'
/// usual glide, and a hit too small to read is zoomed in on.
extension PhotosScene {
    /// The search room's reducer on the search under way (or none), its outputs routed.
    @discardableResult
    mutating func search(_ action: SearchFeature.Action, at time: Double) -> [Effect] {
        apply(reduceSearch(action), at: time)
    }

    /// The reducer on the search read wherever it is, written back where the field can be reached
    /// (on top, or under the quit prompt: a search under a dialog is left as it is until the
    /// dialog goes); its outputs, not yet routed.
    private mutating func reduceSearch(_ action: SearchFeature.Action) -> [PhotosOutput] {
        let before = interaction.search
        var state: SearchFeature.State = before.map { .open($0) } ?? .closed
        let outputs = SearchFeature.reduce(into: &state, action: action, context: searchContext)
        switch (before, state) {
        case (nil, .open(let search)):
            interaction = .searching(search, under: interaction)
        case (_?, .open(let search)):
            updateSearch { $0 = search }
        case (_?, .closed):
            if case .searching(_, let under) = interaction.shape { interaction = under }
        case (nil, .closed):
            break
        }
        return outputs
    }

    private var searchContext: SearchFeature.Context {
        var beneath = SearchFeature.Beneath.busy, free = false
        if case .searching? = interaction.layers.last {
            free = strips.queue.isEmpty && rooms.pointer.gestures.press == nil
            switch interaction.under.shape {
            case .activity(.resting): beneath = .resting
            case .activity(.zoomed(let zoom)): beneath = .zoomed(page: zoom.page, zoomedIn: zoom.targetScale > 1)
            default: break
            }
        }
        return SearchFeature.Context(pages: pages, texts: texts, focus: strips.focusIndex, document: documentState, free: free,
                                     beneath: beneath, previewCentre: geometry.preview.center)
    }

    /// Input while the field is open: the field's keys and typed text to the room, the rest (and
    /// what the room hands down) to what is going on under it.
    mutating func searching(_ event: InputEvent, at time: Double) -> [Effect] {
        let action: SearchFeature.Action
        switch event {
        case .key(let key):
            action = .key(key)
        case .text(let typed):
            action = .typed(typed)
        case .host(let answer) where answer.as(TextEvent.self)?.settlesPages == true:
            // Text the search may be waiting for: taken in with the field in place, so its hits grow.
            return route(event, at: time)
        default:
            return underSearch { $0.route(event, at: time) }
        }
        let outputs = reduceSearch(action)
        let effects = apply(outputs, at: time)
        guard outputs.contains(where: { if case .passDown = $0 { true } else { false } }) else { return effects }
        return effects + underSearch { $0.route(event, at: time) }
    }

    /// Runs `body` on what is going on under the search field, and puts the field back over it.
    private mutating func underSearch(_ body: (inout PhotosScene) -> [Effect]) -> [Effect] {
        guard case .searching(let search, let under) = interaction.shape else { return body(&self) }
        interaction = under
        let effects = body(&self)
        // The body may have closed nothing but opened the quit prompt: the prompt goes on top.
        interaction = interaction.wrapped(in: search)
        return effects
    }

    /// Writes the search back where the field can be reached (on top, or under the quit prompt).
    private mutating func updateSearch(_ change: (inout Search) -> Void) {
        func updated(_ interaction: Interaction) -> Interaction {
            switch interaction.shape {
            case .searching(var search, let under):
                change(&search)
                return .searching(search, under: under)
            case .askingToQuit(let under):
                return .askingToQuit(under: updated(under))
            default:
                return interaction
            }
        }
        interaction = updated(interaction)
    }

    /// The document as the search last saw it: its revision and page count.
    var documentState: [Int] { [document.history.revision, pages.count] }
}

extension Interaction {
    /// This interaction with the search field over it; a quit prompt or a dialog (the scan panel
    /// opened from under the field) stays on top, with the keys.
    func wrapped(in search: Search) -> Interaction {
        switch shape {
        case .askingToQuit(let under): return .askingToQuit(under: under.wrapped(in: search))
        case .dialog(let dialog, let under): return .dialog(dialog, under: under.wrapped(in: search))
        case .searching(_, let under): return .searching(search, under: under)
        default: return .searching(search, under: self)
        }
    }
}
