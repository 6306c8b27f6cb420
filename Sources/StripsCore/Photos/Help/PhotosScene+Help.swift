/// F1 or `?`: the keys overlay over whatever is going on (which carries on under it); its own
/// keys scroll it and put it away, a click anywhere puts it away.
extension PhotosScene {
    /// Shows the overlay, or hides it when it is up.
    mutating func showKeys() {
        if case .dialog(.keys, let under) = interaction {
            interaction = under
            return
        }
        guard !interaction.isAskingToQuit else { return }
        // A press under way ends where it is: the overlay takes the pointer.
        if case .dragging(let strip) = interaction {
            gestures.abandon()
            if strip == .preview { preview.stopAtRest() } else { thumbnails.stopAtRest() }
            follow(strip)
            interaction = .flinging(strip)
        }
        interaction = .dialog(.keys(KeysOverlay()), under: interaction)
    }

    mutating func keysOverlayKey(_ key: Key, _ overlay: KeysOverlay, under: Interaction) -> [Effect] {
        var overlay = overlay
        if overlay.press(key) {
            interaction = under
            return []
        }
        interaction = .dialog(.keys(clamped(overlay)), under: under)
        return []
    }

    /// The wheel over the overlay scrolls it.
    mutating func keysOverlayWheel(dy: Double) {
        guard case .dialog(.keys(var overlay), let under) = interaction else { return }
        overlay.wheel(dy: dy)
        interaction = .dialog(.keys(clamped(overlay)), under: under)
    }

    /// Scrolled no further than the list goes in this window.
    private func clamped(_ overlay: KeysOverlay) -> KeysOverlay {
        var overlay = overlay
        overlay.scroll = KeysOverlayCard(overlay, window: windowSize, measurer: measurer).scroll
        return overlay
    }
}
