extension PhotosScene {
    /// Queues an action; it starts at once unless an animation or a drag is under way.
    mutating func enqueue(_ action: EditorAction, at time: Double) {
        pending.append(action)
        startPending(at: time)
    }

    var isBusy: Bool { editor != nil || press?.isDragging == true }

    mutating func startPending(at time: Double) {
        while !isBusy, !pending.isEmpty {
            perform(pending.removeFirst(), at: time)
        }
    }

    /// Stops any scrolling where the focus is and hands both strips to the editor.
    private mutating func takeOver() -> Double {
        let slot = currentSlot
        press = press.map { var p = $0; p.target = .ignored; return p }
        driver = .editor
        return slot
    }

    /// Adds pictures after the page in focus, with the insert animation (files dropped on the window).
    public mutating func addPages(_ newPages: [Page], at time: Double) {
        guard !newPages.isEmpty else { return }
        enqueue(.add(newPages), at: time)
        layoutPass()
    }

    private mutating func perform(_ action: EditorAction, at time: Double) {
        switch action {
        case .undo, .add: break
        default: guard !pages.isEmpty else { return }
        }
        switch action {
        case .focus(let index):
            move(to: index.clamped(to: 0...(pages.count - 1)), at: time)
        case .step(let delta):
            move(to: (focusIndex + delta).clamped(to: 0...(pages.count - 1)), at: time)
        case .first:
            move(to: 0, at: time)
        case .last:
            move(to: pages.count - 1, at: time)
        case .delete:
            _ = takeOver()
            show(slot: Double(focusIndex))
            let last = focusIndex == pages.count - 1 && pages.count > 1
            editor = EditorAnimation(.delete(index: focusIndex, toLeft: last), at: time)
        case .undo:
            guard let removal = history.popUndo() else { return }
            let slot = takeOver()
            let index = removal.index.clamped(to: 0...pages.count)
            history.pushRedo(removal)
            insert(uniquelyNamed([removal.page]), at: index, fromSlot: slot, time: time)
        case .add(let newPages):
            let slot = takeOver()
            insert(uniquelyNamed(newPages), at: pages.isEmpty ? 0 : focusIndex + 1, fromSlot: slot, time: time)
        case .redo:
            guard let removal = history.popRedo() else { return }
            // Focus the page first, then delete it as the user did.
            pending.insert(contentsOf: [.focus(removal.index), .delete], at: 0)
            deleteIsRedo = true
        }
        applyEditorFrame(at: time)
    }

    private mutating func insert(_ newPages: [Page], at index: Int, fromSlot slot: Double, time: Double) {
        pages.insert(contentsOf: newPages, at: index)
        // The document has changed already: the focus is the first new page, where the strips go.
        focusIndex = index
        let animation = EditorAnimation(.insert(index: index, count: newPages.count, fromSlot: slot), at: time)
        relayout(for: animation, at: time)
        editor = animation
    }

    /// Page ids are file names, unique within the document: a second "scan.jpg" is "scan.jpg (2)".
    private func uniquelyNamed(_ newPages: [Page]) -> [Page] {
        var taken = Set(pages.map(\.id))
        return newPages.map { page in
            var renamed = page
            var n = 2
            while taken.contains(renamed.id) {
                renamed.id = "\(page.id) (\(n))"
                n += 1
            }
            taken.insert(renamed.id)
            return renamed
        }
    }

    private mutating func move(to index: Int, at time: Double) {
        let slot = takeOver()
        if abs(slot - Double(index)) < 1e-6 {
            show(slot: slot)
            driver = .none
            focusIndex = index
            return
        }
        editor = EditorAnimation(.move(fromSlot: slot, to: index), at: time)
    }

    /// The document changed under the strips: new content sizes, same offsets, and the
    /// animation's transitions in place before anything is drawn.
    private mutating func relayout(for animation: EditorAnimation, at time: Double) {
        let frame = animation.frame(at: time)
        previewLayout.slots = SlotMap(frame.transitions)
        thumbnailLayout.slots = previewLayout.slots
        applyGeometry()
        show(slot: frame.focusSlot)
    }

    /// Moves both strips and both layouts to the editor animation's frame at `time`.
    mutating func applyEditorFrame(at time: Double) {
        guard let editor else { return }
        let frame = editor.frame(at: time)
        previewLayout.slots = SlotMap(frame.transitions)
        thumbnailLayout.slots = previewLayout.slots
        thumbnailLayout.focusOverride = frame.focusOverride.map { ($0.from, $0.to, $0.progress) }
        show(slot: frame.focusSlot)
        layoutPass()
    }

    /// The animation is over: only now does the document change.
    mutating func finishEditor(at time: Double) {
        guard let finished = editor else { return }
        editor = nil
        previewLayout.slots = SlotMap()
        thumbnailLayout.slots = SlotMap()
        thumbnailLayout.focusOverride = nil
        switch finished.kind {
        case .move(_, let to):
            focusIndex = to
        case .delete(let index, let toLeft):
            let page = pages.remove(at: index)
            history.recordDelete(PageRemoval(page: page, index: index), clearingRedo: !deleteIsRedo)
            deleteIsRedo = false
            focusIndex = pages.isEmpty ? -1 : (toLeft ? index - 1 : min(index, pages.count - 1))
        case .insert(let index, _, _):
            focusIndex = index
        }
        driver = .none
        applyGeometry()
    }

    public mutating func tick(at time: Double) {
        if editor != nil {
            applyEditorFrame(at: time)
            if let editor, editor.isFinished(at: time) {
                finishEditor(at: time)
                startPending(at: time)
                applyEditorFrame(at: time)
            }
        } else {
            let layout = thumbnailLayout
            preview.tick(at: time, target: nil)
            thumbnails.tick(at: time) { layout.targetContentOffset(proposed: $0, velocity: $1) }
            syncFollower()
            if driver != .none && preview.isIdle && thumbnails.isIdle && press == nil { driver = .none }
        }
        // The rate follows one rule: 0 while the user scrolls the thumbnails, 1 whenever the strip
        // is at rest, however it came to rest (its own settling, the preview or a key taking over).
        if thumbnails.isIdle && press?.target != .thumbnails { expandingRate.animate(to: 1, at: time) }
        expandingRate.tick(at: time)
        layoutPass()
    }

    /// Sets the strip that follows from the one that leads, and the focus from both.
    /// Only the layouts' sizes matter here, and those change only in `applyGeometry`; the callers
    /// hand the layouts their new bounds afterwards.
    mutating func syncFollower() {
        switch driver {
        case .preview:
            thumbnails.setOffset(ScrollSynchronizer.thumbnailOffset(
                previewOffset: preview.offset, preview: previewLayout, thumbnails: thumbnailLayout))
            updateFocus(fromSlot: previewLayout.page(forOffset: preview.offset))
        case .thumbnails:
            let target = ScrollSynchronizer.previewOffset(
                thumbnailOffset: thumbnails.offset, preview: previewLayout, thumbnails: thumbnailLayout)
            if target != preview.offset { preview.setOffset(target) }
            updateFocus(fromSlot: thumbnailLayout.slot(forOffset: thumbnails.offset))
        case .none, .editor:
            break
        }
    }
}
