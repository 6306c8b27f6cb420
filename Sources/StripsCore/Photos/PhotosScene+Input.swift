extension PhotosScene: InputRouting {
    public mutating func handle(_ event: InputEvent, at time: Double) { route(event, at: time) }

    mutating func resize(to size: Size) {
        windowSize = Size(width: max(0, size.width), height: max(0, size.height))
        // Rotation in the article: the page in focus stays in focus, whatever was moving.
        // A drag in progress ends where it is; its release will not fling.
        press?.target = .ignored
        thumbnails.layout.expandingRate = ExpandingRate()
        if editor == nil { mode = .resting }
        layOut()
        if let editor { show(slot: editor.frame(at: editor.start).focusSlot) }
    }

    mutating func pointerDown(_ p: Point, at time: Double) {
        let g = geometry
        if editor != nil || pages.isEmpty {
            press = Press(target: .ignored, start: p, wasIdle: false)
        } else if g.thumbnails.contains(p) {
            press = Press(target: .thumbnails, start: p, wasIdle: thumbnails.isIdle)
            thumbnails.press(p, at: time)
            lead(.thumbnails)
        } else if g.preview.contains(p) {
            press = Press(target: .preview, start: p, wasIdle: preview.isIdle)
            preview.press(p, at: time)
            lead(.preview)
        } else {
            press = Press(target: .ignored, start: p, wasIdle: false)
        }
    }

    mutating func pointerMoved(_ p: Point, at time: Double) {
        guard var current = press else { return }
        if !current.isDragging && p.distance(to: current.start) >= ScrollView.tapSlop && current.target != .ignored {
            current.isDragging = true
            if current.target == .thumbnails { thumbnails.layout.expandingRate.animate(to: 0, at: time) }
        }
        press = current
        switch current.target {
        case .preview: preview.drag(p, at: time)
        case .thumbnails: thumbnails.drag(p, at: time)
        case .ignored: break
        }
        follow()
    }

    mutating func pointerUp(_ p: Point, at time: Double) {
        guard let released = press else { return }
        press = nil
        switch released.target {
        case .preview:
            preview.release(p, at: time)
        case .thumbnails:
            thumbnails.release(p, at: time)
            // A click on a thumbnail (or in the gap beside one) moves to it.
            if !released.isDragging && released.wasIdle, let cell = thumbnails.cell(at: p, alongAxis: true) {
                enqueue(.focus(cell.index), at: time)
            }
        case .ignored:
            break
        }
        follow()
        startPending(at: time)
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
        let action: EditorAction?
        switch (key.name, key.ctrl, key.shift) {
        case (.escape, _, _), (.q, false, _):
            wantsToQuit = true
            action = nil
        case (.left, _, _): action = .step(-1)
        case (.right, _, _): action = .step(1)
        case (.home, _, _): action = .first
        case (.end, _, _): action = .last
        case (.delete, _, _), (.backspace, _, _): action = .delete(redoing: false)
        case (.z, true, false): action = .undo
        case (.z, true, true), (.y, true, _): action = .redo
        default: action = nil
        }
        if let action { enqueue(action, at: time) }
    }
}
