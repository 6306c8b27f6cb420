import Foundation

/// Zooming the preview (Apple Photos): a double-click toggles between fit and a close-up about the
/// click; Ctrl+wheel, a pinch and `+` `-` `0` zoom about the pointer. While zoomed the preview
/// strip stops paging (its offset does not move) and drags pan the picture; back at fit, it pages.
extension PhotosScene {
    /// A zoom can begin on the page in focus of strips at rest, with nothing else under way.
    private var canStartZoom: Bool {
        switch interaction {
        case .resting, .flinging: break
        default: return false
        }
        return queue.isEmpty && gestures.press == nil && preview.isIdle && thumbnails.isIdle
            && pages.indices.contains(focusIndex) && !geometry.preview.isEmpty
    }

    private func newZoom() -> PreviewZoom {
        let page = pages[focusIndex]
        return PreviewZoom(page: focusIndex, pageID: page.id, pixelSize: page.shownSize, box: geometry.preview, physics: tuning.scroll)
    }

    /// A double-click on the preview at fit: the close-up about it.
    mutating func zoomIn(about p: Point, at time: Double) {
        guard canStartZoom else { return }
        var zoom = newZoom()
        zoom.animate(to: zoom.closeUpScale(tuning.zoom), about: p, at: time, tuning: tuning.zoom)
        interaction = .zoomed(zoom)
    }

    /// `+`, `-`, `0`: about the pointer when it is over the preview, else about its centre.
    mutating func zoomKey(_ key: EditorKey, at time: Double) {
        let factor = tuning.zoom.keyFactor
        func target(_ zoom: PreviewZoom) -> Double {
            switch key {
            case .zoomIn: return zoom.targetScale * factor
            case .zoomOut: return zoom.targetScale / factor
            default: return 1
            }
        }
        let pointer = gestures.pointer
        let anchor = geometry.preview.contains(pointer) ? pointer : geometry.preview.center
        if case .zoomed(var zoom) = interaction {
            zoom.animate(to: target(zoom), about: anchor, at: time, tuning: tuning.zoom)
            interaction = .zoomed(zoom)
        } else if canStartZoom {
            var zoom = newZoom()
            guard target(zoom) > 1 else { return }
            zoom.animate(to: target(zoom), about: anchor, at: time, tuning: tuning.zoom)
            interaction = .zoomed(zoom)
        }
    }

    mutating func ctrlWheel(dx: Double, dy: Double, at time: Double) {
        guard !pages.isEmpty else { return }
        switch interaction {
        case .gliding, .animating, .askingToQuit, .searching, .dialog, .carrying: return
        default: break
        }
        let pointer = gestures.pointer
        guard geometry.preview.contains(pointer) else {
            wheel(dx: dx, dy: dy, at: time)
            return
        }
        zoomNow(by: pow(tuning.zoom.wheelFactor, dy), about: pointer)
    }

    /// A pinch takes over a press in progress (the first finger's), which ends where it is.
    mutating func pinch(about center: Point, scale: Double, at time: Double) {
        guard !pages.isEmpty, scale.isFinite, scale > 0 else { return }
        switch interaction {
        case .gliding, .animating, .askingToQuit, .searching, .dialog, .carrying, .editingBorders, .camera:
            return
        case .dragging(let strip):
            gestures.cancel()
            if strip == .preview { preview.stopAtRest() } else { thumbnails.stopAtRest() }
            follow(strip)
            interaction = .flinging(strip)
        case .zoomed(var zoom):
            if gestures.press != nil {
                gestures.cancel()
                zoom.endDrag(at: time)
                interaction = .zoomed(zoom)
            }
        case .resting, .flinging:
            gestures.cancel()
        }
        guard geometry.preview.contains(center) else { return }
        zoomNow(by: scale, about: center)
    }

    /// Zooms at once (a pinch step, a wheel notch), starting a zoom from fit if it grows.
    private mutating func zoomNow(by factor: Double, about anchor: Point) {
        guard gestures.press == nil else { return }
        var zoom: PreviewZoom
        if case .zoomed(let current) = interaction {
            zoom = current
        } else {
            guard factor > 1, canStartZoom else { return }
            zoom = newZoom()
        }
        zoom.zoom(by: factor, about: anchor, tuning: tuning.zoom)
        interaction = zoom.isAtFit ? .resting : .zoomed(zoom)
    }

    /// Follows a resized window; advances the zoom; back at fit, paging resumes. It ends when its
    /// page is no longer the one in focus as it was.
    mutating func tickZoom(_ zoom: PreviewZoom, at time: Double) {
        var zoom = zoom
        guard zoom.advance(pages: pages, focus: focusIndex, box: geometry.preview, pressed: gestures.press != nil, at: time, tuning: tuning.zoom) else {
            interaction = .resting
            return
        }
        interaction = zoom.isAtFit ? .resting : .zoomed(zoom)
    }

    /// The preview cells with the zoomed page drawn at its zoom, clipped to the preview.
    func zoomed(_ cells: [PhotosFrame.PreviewCell]) -> [PhotosFrame.PreviewCell] {
        guard case .zoomed(let zoom) = interaction.underPrompt, zoom.page == focusIndex else { return cells }
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
