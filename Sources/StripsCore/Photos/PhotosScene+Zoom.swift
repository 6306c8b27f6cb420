import Foundation

/// Zooming the preview (Apple Photos): a double-click toggles between fit and a close-up about the
/// click; Ctrl+wheel, a pinch and `+` `-` `0` zoom about the pointer. While zoomed the preview
/// strip stops paging (its offset does not move) and drags pan the picture; back at fit, it pages.
extension PhotosScene {
    /// A tap on the preview, remembered to tell a double-click.
    struct Tap: Hashable, Sendable {
        var time: Double
        var point: Point
    }

    /// A zoom can begin on the page in focus of a preview at rest, with nothing else under way.
    private var canStartZoom: Bool {
        editor == nil && pending.isEmpty && press == nil && preview.isIdle
            && pages.indices.contains(focusIndex) && !geometry.preview.isEmpty
    }

    private func newZoom() -> PreviewZoom {
        let page = pages[focusIndex]
        return PreviewZoom(page: focusIndex, pageID: page.id, pixelSize: page.shownSize, box: geometry.preview, physics: tuning.scroll)
    }

    var zoomIsIdle: Bool { zoom?.isIdle ?? true }

    // MARK: Input hooks (each returns true when the zoom took the input)

    mutating func pressZoomed(_ p: Point, at time: Double) -> Bool {
        guard zoom != nil, editor == nil, geometry.preview.contains(p) else { return false }
        press = Press(on: .preview, at: p, wasIdle: zoomIsIdle, slop: tuning.scroll.tapSlop)
        zoom?.press(p, at: time)
        return true
    }

    mutating func dragZoomed(_ p: Point, at time: Double) -> Bool {
        guard zoom != nil, press?.target == .preview else { return false }
        _ = press?.move(to: p)
        zoom?.drag(p, at: time)
        return true
    }

    /// A release on the zoomed preview: the pan flings on; a double-click goes back to fit.
    mutating func releaseZoomed(_ p: Point, at time: Double) -> Bool {
        guard zoom != nil, let released = press, released.target == .preview else { return false }
        press = nil
        zoom?.release(p, at: time)
        if isDoubleClick(released, at: p, time: time) { zoom?.animate(to: 1, about: p, at: time, tuning: tuning.zoom) }
        startPending(at: time)
        return true
    }

    /// After a release on the preview at fit: a double-click zooms to the close-up about it.
    mutating func zoomOnDoubleClick(_ released: Press<Lead>, at p: Point, time: Double) {
        guard released.target == .preview, isDoubleClick(released, at: p, time: time), canStartZoom else { return }
        var zoom = newZoom()
        zoom.animate(to: zoom.closeUpScale(tuning.zoom), about: p, at: time, tuning: tuning.zoom)
        self.zoom = zoom
    }

    private mutating func isDoubleClick(_ released: Press<Lead>, at p: Point, time: Double) -> Bool {
        guard released.isTap else {
            lastPreviewTap = nil
            return false
        }
        if let last = lastPreviewTap, time - last.time <= tuning.editor.doubleClickInterval, last.point.distance(to: p) <= tuning.scroll.tapSlop {
            lastPreviewTap = nil
            return true
        }
        lastPreviewTap = Tap(time: time, point: p)
        return false
    }

    /// A plain wheel over the zoomed preview pans it.
    mutating func panZoomed(dx: Double, dy: Double, at time: Double) -> Bool {
        guard zoom != nil, geometry.preview.contains(pointer) else { return false }
        zoom?.pan(dx: dx, dy: dy, at: time)
        return true
    }

    /// `+` / `=`, `-`, `0` (with or without Ctrl, main keys or keypad): about the pointer when it
    /// is over the preview, else about its centre.
    mutating func zoomKey(_ key: Key, at time: Double) -> Bool {
        let target: (PreviewZoom) -> Double
        let factor = tuning.zoom.keyFactor
        switch key.name {
        case .plus, .equals, .keypadPlus: target = { $0.targetScale * factor }
        case .minus, .keypadMinus: target = { $0.targetScale / factor }
        case .zero, .keypadZero: target = { _ in 1 }
        default: return false
        }
        let anchor = geometry.preview.contains(pointer) ? pointer : geometry.preview.center
        if var zoom {
            guard editor == nil else { return true }
            zoom.animate(to: target(zoom), about: anchor, at: time, tuning: tuning.zoom)
            self.zoom = zoom
        } else if canStartZoom {
            var zoom = newZoom()
            guard target(zoom) > 1 else { return true }
            zoom.animate(to: target(zoom), about: anchor, at: time, tuning: tuning.zoom)
            self.zoom = zoom
        }
        return true
    }

    public mutating func ctrlWheel(dx: Double, dy: Double, at time: Double) {
        guard editor == nil, !pages.isEmpty else { return }
        guard geometry.preview.contains(pointer) else {
            wheel(dx: dx, dy: dy, at: time)
            return
        }
        zoomNow(by: pow(tuning.zoom.wheelFactor, dy), about: pointer)
    }

    /// A pinch takes over a press in progress (the first finger's), which ends where it is.
    public mutating func pinch(about center: Point, scale: Double, at time: Double) {
        guard editor == nil, !pages.isEmpty, scale.isFinite, scale > 0 else { return }
        if let released = press {
            press = nil
            switch released.target {
            case .preview: if zoom != nil { zoom?.endDrag(at: time) } else { preview.stopAtRest() }
            case .thumbnails: thumbnails.stopAtRest()
            case nil: break
            }
            follow()
        }
        guard geometry.preview.contains(center) else { return }
        zoomNow(by: scale, about: center)
    }

    /// Zooms at once (a pinch step, a wheel notch), starting a zoom from fit if it grows.
    private mutating func zoomNow(by factor: Double, about anchor: Point) {
        guard press == nil else { return }
        if zoom == nil {
            guard factor > 1, canStartZoom else { return }
            zoom = newZoom()
        }
        zoom?.zoom(by: factor, about: anchor, tuning: tuning.zoom)
        if zoom?.isAtFit == true { zoom = nil }
    }

    // MARK: Time and frame

    /// Ends the zoom when its page is no longer the one in focus as it was (another page, an
    /// edit, an editor animation); follows a resized window; advances it; back at fit, paging resumes.
    mutating func tickZoom(at time: Double) {
        guard var zoom else { return }
        let page = pages.indices.contains(zoom.page) ? pages[zoom.page] : nil
        guard editor == nil, zoom.page == focusIndex, page?.id == zoom.pageID, page?.shownSize == zoom.pixelSize,
              !geometry.preview.isEmpty else {
            self.zoom = nil
            return
        }
        if zoom.box != geometry.preview { zoom.refit(in: geometry.preview, tuning: tuning.zoom) }
        if zoom.isDragging && press?.target != .preview { zoom.endDrag(at: time) }
        zoom.tick(at: time)
        self.zoom = zoom.isAtFit ? nil : zoom
    }

    /// The preview cells with the zoomed page drawn at its zoom, clipped to the preview.
    func zoomed(_ cells: [PhotosFrame.PreviewCell]) -> [PhotosFrame.PreviewCell] {
        guard let zoom, zoom.page == focusIndex else { return cells }
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
