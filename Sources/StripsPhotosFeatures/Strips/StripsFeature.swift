import StripsCore

/// The two strips kept in step, as a room of its own: its state is `StripsState` (the page in
/// focus, the preview, the thumbnails, their expanding rate, the commands waiting); the number of
/// pages shown, the window's geometry and the tuning come in as values. Laid out for the window
/// around the page in focus; set to a fractional page as a glide or an edit's animation has them;
/// the follower set from the leader, and the focus from both.
package enum StripsFeature: PhotosFeature {
    package typealias State = StripsState

    package enum Action: Sendable {
        /// Both strips laid out for the window, the tuning and the pages shown, the page in focus
        /// at the centre of each; whatever was moving stops there.
        case layOut
        /// Both strips show `slot` (a fractional page), as a glide or an edit does.
        case show(slot: Double)
        /// Both strips where an edit's animation has them at `time`.
        case animate(EditTransition, at: Double)
        /// The strip that follows set from `lead`, and the focus from both: the thumbnails follow
        /// every point of the preview; the preview follows whole pages only.
        case follow(lead: EditorStrip)
        /// The lead handed to `strip` while `moving` was moving on its own (dragged or flung):
        /// that one stops on its nearest resting place first, so the two never pull against each other.
        case lead(EditorStrip, moving: EditorStrip?)
    }

    package struct Context: Sendable {
        /// The pages shown (the document's, or the fuller of the two while an edit animates).
        package var pageCount: Int
        package var geometry: EditorGeometry
        package var tuning: Tuning

        package init(pageCount: Int, geometry: EditorGeometry, tuning: Tuning) {
            self.pageCount = pageCount
            self.geometry = geometry
            self.tuning = tuning
        }
    }

    package static func reduce(into state: inout StripsState, action: Action, context: Context) -> [PhotosOutput] {
        switch action {
        case .layOut:
            let g = context.geometry, tuning = context.tuning
            let slot = Double(max(0, state.focusIndex))
            state.preview.layout.itemCount = context.pageCount
            state.thumbnails.layout.itemCount = context.pageCount
            state.preview.layout.tuning = tuning.preview
            state.thumbnails.layout.tuning = tuning.thumbnails
            state.preview.tune(tuning.scroll)
            state.thumbnails.tune(tuning.scroll)
            state.preview.place(in: g.preview, showing: slot)
            state.thumbnails.place(in: g.thumbnails, showing: slot)
        case .show(let slot):
            show(&state, slot)
        case .animate(let transition, let time):
            let frame = transition.frame(at: time)
            show(&state, frame.focusSlot)
            if let slot = frame.previewSlot { state.preview.show(position: slot) }
        case .follow(let lead):
            let leader = lead == .preview ? state.preview.nearestIndex : state.thumbnails.nearestIndex
            switch lead {
            case .preview:
                state.thumbnails.show(position: state.preview.position)
            case .thumbnails:
                let page = Double(leader)
                if state.preview.layout.offset(atPosition: page) != state.preview.offset { state.preview.show(position: page) }
            }
            if context.pageCount > 0, context.geometry.preview.width > 0 { state.focusIndex = leader }
        case .lead(let strip, let moving):
            guard let moving, moving != strip else { break }
            if moving == .preview { state.preview.stopAtRest() } else { state.thumbnails.stopAtRest() }
        }
        return []
    }

    private static func show(_ state: inout StripsState, _ slot: Double) {
        state.preview.show(position: slot)
        state.thumbnails.show(position: slot)
    }
}
