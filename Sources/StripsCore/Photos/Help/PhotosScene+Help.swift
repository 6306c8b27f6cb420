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

    mutating func keysOverlayKey(_ key: Key, _ overlay: KeysOverlay, under: Interaction, at time: Double) -> [Effect] {
        help(.key(key), overlay, under: under, at: time)
    }

    /// The wheel over the overlay scrolls it.
    mutating func keysOverlayWheel(dy: Double, at time: Double) {
        guard case .dialog(.keys(let overlay), let under) = interaction else { return }
        _ = help(.wheel(dy: dy), overlay, under: under, at: time)
    }

    /// The overlay's reducer on its state, put back over `under`; its outputs routed.
    private mutating func help(_ action: HelpFeature.Action, _ overlay: KeysOverlay, under: Interaction, at time: Double) -> [Effect] {
        var overlay = overlay
        let outputs = HelpFeature.reduce(into: &overlay, action: action, context: .init(window: windowSize, measurer: measurer))
        interaction = .dialog(.keys(overlay), under: under)
        return apply(outputs, at: time)
    }
}
