import StripsCore
import StripsPhotosFeatures

/// Cards over the editor (`Interaction.dialog`): a key or a press while one is up goes to the
/// one in charge, the scan panel and the offer of earlier scans (Scanning), the keys overlay
/// (Help) or a context menu (Menu).
extension PhotosScene {
    /// A key while a dialog is up: the dialog's, or nothing.
    mutating func dialogKey(_ key: Key, _ dialog: Dialog, under: Interaction, at time: Double) -> [Effect] {
        switch dialog {
        case .scanPanel:
            return scanPanel(.key(key), at: time)
        case .keys:
            return help(.key(key), at: time)
        case .menu:
            return menu(.key(key), at: time)
        case .recovery:
            switch key.name {
            // Return is the highlighted button's key, as in every dialog.
            case .t, .return: return answerRecovery(.take, under: under, at: time)
            case .d: return answerRecovery(.discard, under: under, at: time)
            case .escape: return answerRecovery(.later, under: under, at: time)
            default: break
            }
        }
        return []
    }

    /// A press while a dialog is up: a value cycles, a button answers; elsewhere, nothing.
    mutating func dialogPress(at p: Point, _ dialog: Dialog, under: Interaction, at time: Double) -> [Effect] {
        switch dialog {
        case .scanPanel:
            return scanPanel(.press(p), at: time)
        case .recovery(let offer):
            if let answer = RecoveryPrompt(offer, window: setup.windowSize, measurer: setup.measurer).answer(at: p) { return answerRecovery(answer, under: under, at: time) }
        case .keys:
            // A list to read: a click anywhere puts it away.
            return help(.click, at: time)
        case .menu:
            return menuClick(at: p, at: time)
        }
        return []
    }

    /// The door of a card's room (the keys overlay, a context menu, the scan panel): its value taken off the top
    /// of the interaction when it is up there, the reducer run on it (nil: not up), its outputs
    /// routed with the card away, then the card put back on top of what they left if it is still up.
    mutating func card<State>(_ value: (Dialog) -> State?, _ dialog: (State) -> Dialog, at time: Double,
                              _ reduce: (inout State?) -> [PhotosOutput]) -> [Effect] {
        var state: State?
        if case .dialog(let up, let under) = interaction.shape, let shown = value(up) {
            state = shown
            interaction = under
        }
        let effects = apply(reduce(&state), at: time)
        if let state { interaction = .dialog(dialog(state), under: interaction) }
        return effects
    }
}
