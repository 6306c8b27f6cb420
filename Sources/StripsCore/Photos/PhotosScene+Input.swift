extension PhotosScene: InputRouting {
    public mutating func handle(_ event: InputEvent, at time: Double) { route(event, at: time) }

    mutating func resize(to size: Size) {
        windowSize = Size(width: max(0, size.width), height: max(0, size.height))
        // Rotation in the article: the page in focus stays in focus, whatever was moving.
        // A drag in progress ends where it is; its release will not fling.
        press?.target = nil
        thumbnails.layout.expandingRate = ExpandingRate(fullDuration: tuning.editor.expandingFullDuration)
        if editor == nil { mode = .resting }
        layOut()
        if let editor { show(slot: editor.frame(at: editor.start).focusSlot) }
    }

    mutating func pointerDown(_ p: Point, at time: Double) {
        if pressZoomed(p, at: time) { return }
        let g = geometry
        let target: Lead? = editor != nil || pages.isEmpty ? nil
            : g.thumbnails.contains(p) ? .thumbnails : g.preview.contains(p) ? .preview : nil
        press = Press(on: target, at: p, wasIdle: target == .thumbnails ? thumbnails.isIdle : target == .preview && preview.isIdle,
                      slop: tuning.scroll.tapSlop)
        switch target {
        case .thumbnails: thumbnails.press(p, at: time)
        case .preview: preview.press(p, at: time)
        case nil: return
        }
        if let target { lead(target) }
    }

    mutating func pointerMoved(_ p: Point, at time: Double) {
        guard press != nil else { return }
        if dragZoomed(p, at: time) { return }
        if press?.move(to: p) == true, press?.target == .thumbnails { thumbnails.layout.expandingRate.animate(to: 0, at: time) }
        switch press?.target {
        case .preview: preview.drag(p, at: time)
        case .thumbnails: thumbnails.drag(p, at: time)
        case nil: break
        }
        follow()
    }

    mutating func pointerUp(_ p: Point, at time: Double) {
        if releaseZoomed(p, at: time) { return }
        guard let released = press else { return }
        press = nil
        switch released.target {
        case .preview:
            preview.release(p, at: time)
        case .thumbnails:
            thumbnails.release(p, at: time)
            // A click on a thumbnail (or in the gap beside one) moves to it.
            if released.isTap, let cell = thumbnails.cell(at: p, alongAxis: true) { enqueue(.focus(cell.index), at: time) }
        case nil:
            break
        }
        follow()
        startPending(at: time)
        zoomOnDoubleClick(released, at: p, time: time)
    }

    /// Hands the lead to `strip`. The other one, if it was still moving on its own, stops on its
    /// nearest resting place first, so the two never pull against each other.
    mutating func lead(_ strip: Lead) {
        if case .leading(let current) = mode, current != strip {
            if current == .preview { preview.stopAtRest() } else { thumbnails.stopAtRest() }
        }
        mode = .leading(strip)
    }

    mutating func wheel(dx: Double, dy: Double, at time: Double) {
        guard editor == nil, press == nil, !pages.isEmpty else { return }
        if panZoomed(dx: dx, dy: dy, at: time) { return }
        // Horizontal strips: a plain vertical wheel pages too; wheel down moves forward.
        let delta = abs(dx) >= abs(dy) ? dx : -dy
        guard delta != 0 else { return }
        if geometry.thumbnails.contains(pointer) {
            lead(.thumbnails)
            thumbnails.layout.expandingRate.animate(to: 0, at: time)
            thumbnails.wheel(delta, at: time)
        } else {
            lead(.preview)
            preview.wheel(delta, at: time)
        }
        follow()
    }

    mutating func keyPressed(_ key: Key, at time: Double) {
        if zoomKey(key, at: time) { return }
        if key.name == .escape || (key.name == .q && !key.ctrl) {
            wantsToQuit = true
        } else if let action = EditorAction(key) {
            enqueue(action, at: time)
        }
    }
}
