extension PhotosScene: InputRouting {
    public mutating func handle(_ event: InputEvent, at time: Double) {
        route(event, at: time)
        layoutPass()
    }

    mutating func resize(to size: Size) {
        windowSize = Size(width: max(0, size.width), height: max(0, size.height))
        // Rotation in the article: the page in focus stays in focus, whatever was moving.
        // A drag in progress ends where it is; its release will not fling.
        if press != nil { press?.target = .ignored }
        expandingRate = ExpandingRate()
        driver = editor == nil ? .none : .editor
        applyGeometry()
        if let editor { show(slot: editor.frame(at: editor.start).focusSlot) }
        layoutPass()
    }

    mutating func pointerDown(_ p: Point, at time: Double) {
        let g = geometry
        if editor != nil || pages.isEmpty {
            press = Press(target: .ignored, start: p, wasIdle: false)
        } else if g.thumbnails.contains(p) {
            press = Press(target: .thumbnails, start: p, wasIdle: thumbnails.isIdle)
            thumbnails.beginDrag(pointer: p, at: time)
            lead(.thumbnails)
        } else if g.preview.contains(p) {
            press = Press(target: .preview, start: p, wasIdle: preview.isIdle)
            preview.beginDrag(pointer: p, at: time)
            lead(.preview)
        } else {
            press = Press(target: .ignored, start: p, wasIdle: false)
        }
    }

    mutating func pointerMoved(_ p: Point, at time: Double) {
        guard var current = press else { return }
        if !current.isDragging && p.distance(to: current.start) >= ScrollView.tapSlop && current.target != .ignored {
            current.isDragging = true
            if current.target == .thumbnails { expandingRate.animate(to: 0, at: time) }
        }
        press = current
        switch current.target {
        case .preview: preview.drag(pointer: p, at: time)
        case .thumbnails: thumbnails.drag(pointer: p, at: time)
        case .ignored: break
        }
        syncFollower()
    }

    mutating func pointerUp(_ p: Point, at time: Double) {
        guard let released = press else { return }
        press = nil
        switch released.target {
        case .preview:
            preview.endDrag(pointer: p, at: time, target: nil)
        case .thumbnails:
            let layout = thumbnailLayout
            thumbnails.endDrag(pointer: p, at: time) { layout.targetContentOffset(proposed: $0, velocity: $1) }
            if !released.isDragging && released.wasIdle, let index = thumbnailIndex(at: p) {
                enqueue(.focus(index), at: time)
            }
        case .ignored:
            break
        }
        syncFollower()
        startPending(at: time)
    }

    /// Hands the lead to `strip`. The other one, if it was still moving on its own, stops on its
    /// nearest resting place first, so the two never pull against each other.
    mutating func lead(_ strip: ScrollDriver) {
        if driver == .preview && strip != .preview {
            preview.setOffset(previewLayout.targetContentOffset(proposed: preview.offset, velocity: 0))
        } else if driver == .thumbnails && strip != .thumbnails {
            thumbnails.setOffset(thumbnailLayout.targetContentOffset(proposed: thumbnails.offset, velocity: 0))
        }
        driver = strip
    }

    mutating func wheel(dx: Double, dy: Double, at time: Double) {
        guard editor == nil, press == nil, !pages.isEmpty else { return }
        // Horizontal strips: a plain vertical wheel pages too; wheel down moves forward.
        let delta = abs(dx) >= abs(dy) ? dx : -dy
        guard delta != 0 else { return }
        if geometry.thumbnails.contains(pointer) {
            lead(.thumbnails)
            expandingRate.animate(to: 0, at: time)
            thumbnails.wheel(delta: delta, at: time)
        } else {
            lead(.preview)
            preview.wheel(delta: delta, at: time)
        }
        syncFollower()
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
        case (.delete, _, _), (.backspace, _, _): action = .delete
        case (.z, true, false): action = .undo
        case (.z, true, true), (.y, true, _): action = .redo
        default: action = nil
        }
        if let action { enqueue(action, at: time) }
    }

    /// The thumbnail under window point `p`, or the nearest one when `p` falls in a gap.
    func thumbnailIndex(at p: Point) -> Int? {
        let strip = geometry.thumbnails
        let x = p.x - strip.minX + thumbnails.offset
        let cells = thumbnailLayout.attributes(in: thumbnailLayout.bounds)
        if let hit = cells.first(where: { $0.drawnFrame.minX <= x && x < $0.drawnFrame.maxX }) { return hit.index }
        return cells.min { abs($0.drawnFrame.midX - x) < abs($1.drawnFrame.midX - x) }?.index
    }
}
