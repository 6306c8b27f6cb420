import StripsCore
import StripsPhotosFeatures

/// F1 or `?`: the keys overlay over whatever is going on (which carries on under it); its own
/// keys scroll it and put it away, a click anywhere puts it away.
/// The door of the help room (`HelpFeature`): the overlay taken from `interaction`, handed to the
/// reducer with the window, and put back.
extension PhotosScene {
    /// The help room's reducer on the overlay up (or none), its outputs routed (a press on the
    /// strips ends under it before it is put on top).
    @discardableResult
    mutating func help(_ action: HelpFeature.Action, at time: Double) -> [Effect] {
        let context = HelpFeature.Context(window: setup.windowSize, measurer: setup.measurer, askingToQuit: interaction.isAskingToQuit)
        return card({ if case .keys(let overlay) = $0 { overlay } else { nil } }, Dialog.keys, at: time) {
            HelpFeature.reduce(into: &$0, action: action, context: context)
        }
    }

    /// A press on a strip under way ends where it is: a card takes the pointer.
    mutating func endPress() {
        guard case .activity(.dragging(let strip)) = interaction.shape else { return }
        rooms.pointer.gestures.abandon()
        if strip == .preview { strips.preview.stopAtRest() } else { strips.thumbnails.stopAtRest() }
        follow(strip)
        interaction = .flinging(strip)
    }
}
