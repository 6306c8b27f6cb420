import StripsCore
import StripsPhotosFeatures

/// Zooming the preview (Apple Photos): a double-click toggles between fit and a close-up about the
/// click; Ctrl+wheel, a pinch and `+` `-` `0` zoom about the pointer. While zoomed the preview
/// strip stops paging (its offset does not move) and drags pan the picture; back at fit, it pages.
/// The door of the zoom room (`ZoomFeature`): the mode's value taken from `interaction`, handed to
/// the reducer with what it reads of the scene, and put back.
extension PhotosScene {
    /// The zoom room's reducer on the zoom mode, its outputs routed: a zoom under way is
    /// `Interaction.zoomed`; one that ended leaves the strips resting; nothing started, nothing moves.
    mutating func zooming(_ action: ZoomFeature.Action, at time: Double) {
        var state: ZoomFeature.State = .notZoomed
        if case .activity(.zoomed(let zoom)) = interaction.shape { state = .zoomed(zoom) }
        let outputs = ZoomFeature.reduce(into: &state, action: action, context: zoomContext(at: time))
        switch state {
        case .notZoomed: break
        case .zoomed(let zoom): interaction = .zoomed(zoom)
        case .ended: interaction = .resting
        }
        _ = apply(outputs, at: time)
    }

    private func zoomContext(at time: Double) -> ZoomFeature.Context {
        ZoomFeature.Context(pages: pages, focus: strips.focusIndex, box: geometry.preview, pressed: rooms.pointer.gestures.press != nil,
                            canStart: canStartZoom, tuning: setup.tuning.zoom, physics: setup.tuning.scroll, time: time)
    }

    /// A zoom can begin on the page in focus of strips at rest, with nothing else under way.
    private var canStartZoom: Bool {
        switch interaction.shape {
        case .activity(.resting), .activity(.flinging): break
        default: return false
        }
        return strips.queue.isEmpty && rooms.pointer.gestures.press == nil && strips.preview.isIdle && strips.thumbnails.isIdle
            && pages.indices.contains(strips.focusIndex) && !geometry.preview.isEmpty
    }

    /// `+`, `-`, `0`: about the pointer when it is over the preview, else about its centre.
    mutating func zoomKey(_ key: EditorKey, at time: Double) {
        let pointer = rooms.pointer.gestures.pointer
        zooming(.key(key, anchor: geometry.preview.contains(pointer) ? pointer : geometry.preview.center), at: time)
    }

    /// The preview cells with the zoomed page drawn at its zoom, clipped to the preview.
    func zoomed(_ cells: [PhotosFrame.PreviewCell]) -> [PhotosFrame.PreviewCell] {
        guard case .zoomed(let zoom) = interaction.activity, zoom.page == strips.focusIndex else { return cells }
        return cells.map { cell in
            guard cell.index == zoom.page else { return cell }
            var zoomed = cell
            zoomed.picture = zoom.pictureFrame
            zoomed.clip = geometry.preview
            zoomed.zoom = zoom.scale
            return zoomed
        }
    }
}
