/// F1 or `?`: the keys overlay over whatever is going on (which carries on under it); its own
/// keys scroll it and put it away, a click anywhere puts it away.
/// The door of the help room (`HelpFeature`): the overlay taken from `interaction`, handed to the
/// reducer with the window, and put back.
extension PhotosScene {
    /// The help room's reducer on the overlay up (or none). Its outputs are done first (a press on
    /// the strips ends under it), then the overlay is put over what they left.
    @discardableResult
    mutating func help(_ action: HelpFeature.Action, at time: Double) -> [Effect] {
        var state: KeysOverlay?, under = interaction
        if case .dialog(.keys(let overlay), let below) = interaction {
            state = overlay
            under = below
        }
        let wasUp = state != nil
        let outputs = HelpFeature.reduce(into: &state, action: action,
                                         context: .init(window: windowSize, measurer: measurer, askingToQuit: interaction.isAskingToQuit))
        if wasUp { interaction = under }
        let effects = apply(outputs, at: time)
        if let state { interaction = .dialog(.keys(state), under: interaction) }
        return effects
    }

    /// A press on a strip under way ends where it is: a card takes the pointer.
    mutating func endPress() {
        guard case .dragging(let strip) = interaction else { return }
        gestures.abandon()
        if strip == .preview { preview.stopAtRest() } else { thumbnails.stopAtRest() }
        follow(strip)
        interaction = .flinging(strip)
    }
}
