import StripsCore
import StripsPhotosFeatures

/// Where reordering by drag (`CarryingFeature`) meets the scene: the thumbnails, their expanding
/// rate and the carry put together for its reducer and taken apart after, the facts it reads
/// passed in, the drop's command routed.
extension PhotosScene {
    /// A press held still on the thumbnails lifts the thumbnail under it.
    mutating func lift(_ held: Gestures.Press, at time: Double) {
        guard case .activity(.dragging(.thumbnails)) = interaction.shape else { return }
        carrying(.lift(at: held.start, cell: thumbnail(at: held.start, at: time)), at: time)
    }

    /// The carrying room's reducer on its state, taken off the strips and the interaction and put
    /// back (no carry left: the strips rest), its outputs routed.
    mutating func carrying(_ action: CarryingFeature.Action, at time: Double) {
        var state = CarryingFeature.State(thumbnails: strips.thumbnails, expanding: strips.expanding, carry: interaction.carried)
        let context = CarryingFeature.Context(pageCount: pages.count, strip: geometry.thumbnails, tuning: setup.tuning.editor,
                                              previewPage: strips.preview.nearestIndex, sinceLastTick: time - notices.lastTick, time: time)
        let outputs = CarryingFeature.reduce(into: &state, action: action, context: context)
        strips.thumbnails = state.thumbnails
        strips.expanding = state.expanding
        if let carry = state.carry {
            interaction = .carrying(carry)
        } else if interaction.carried != nil {
            interaction = .resting
        }
        _ = apply(outputs, at: time)
    }

    /// Where the carried thumbnail and the gap are at `time`, and how far it is lifted.
    func carriedSlots(_ carry: Carry, at time: Double) -> ReorderSlots {
        CarryingFeature.slots(carry, strips.thumbnails, setup.tuning.editor, at: time)
    }
}

extension Interaction {
    /// The thumbnail carried, when that is what the user is doing.
    var carried: Carry? {
        if case .activity(.carrying(let carry)) = shape { carry } else { nil }
    }
}
