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

    /// Adds pictures after the page in focus, with the insert animation (files dropped on the window).
    public mutating func addPages(_ newPages: [Page], at time: Double) {
        guard !newPages.isEmpty else { return }
        enqueue(.add(newPages), at: time)
    }

    /// Where the strips are as an action takes them over; a drag in progress will not fling.
    private mutating func takeOver() -> Double {
        let slot = currentSlot
        press?.target = nil
        return slot
    }

    private mutating func perform(_ action: EditorAction, at time: Double) {
        switch action {
        case .undo, .add: break
        default: guard !pages.isEmpty else { return }
        }
        switch action {
        case .focus, .step, .first, .last:
            if let index = action.destination(from: focusIndex, count: pages.count) { move(to: index, at: time) }
        case .delete(let redoing):
            _ = takeOver()
            show(slot: Double(focusIndex))
            // Recorded now, applied when the animation ends: nothing can come between (actions wait).
            history.recordDelete(PageRemoval(page: pages[focusIndex], index: focusIndex), clearingRedo: !redoing)
            let last = focusIndex == pages.count - 1 && pages.count > 1
            mode = .editing(EditorAnimation(.delete(index: focusIndex, toLeft: last), at: time, timing: tuning.editor))
        case .undo:
            guard let removal = history.popUndo() else { return }
            let slot = takeOver()
            history.pushRedo(removal)
            insert(pages.uniquelyNamed([removal.page]), at: removal.index.clamped(to: 0...pages.count), fromSlot: slot, time: time)
        case .add(let newPages):
            let slot = takeOver()
            insert(pages.uniquelyNamed(newPages), at: pages.isEmpty ? 0 : focusIndex + 1, fromSlot: slot, time: time)
        case .redo:
            guard let removal = history.popRedo() else { return }
            // Focus the page first, then delete it as the user did.
            pending.insert(contentsOf: [.focus(removal.index), .delete(redoing: true)], at: 0)
        }
        applyEditorFrame(at: time)
    }

    private mutating func move(to index: Int, at time: Double) {
        let slot = takeOver()
        if abs(slot - Double(index)) < 1e-6 {
            show(slot: slot)
            mode = .resting
            focusIndex = index
            return
        }
        mode = .editing(EditorAnimation(.move(fromSlot: slot, to: index), at: time, timing: tuning.editor))
    }

    /// The document changes at once: new content sizes, same offsets, and the animation's
    /// transitions in place before anything is drawn.
    private mutating func insert(_ newPages: [Page], at index: Int, fromSlot slot: Double, time: Double) {
        pages.insert(contentsOf: newPages, at: index)
        focusIndex = index
        let animation = EditorAnimation(.insert(index: index, count: newPages.count, fromSlot: slot), at: time, timing: tuning.editor)
        layOut()
        apply(animation.frame(at: time))
        mode = .editing(animation)
    }

    /// Moves both strips to the editor animation's frame at `time`.
    mutating func applyEditorFrame(at time: Double) {
        if let editor { apply(editor.frame(at: time)) }
    }

    private mutating func apply(_ frame: EditorAnimation.Frame) {
        preview.layout.slots = SlotMap(frame.transitions)
        thumbnails.layout.slots = preview.layout.slots
        thumbnails.layout.focusOverride = frame.focusOverride.map { ($0.from, $0.to, $0.progress) }
        show(slot: frame.focusSlot)
    }

    /// The animation is over: only now does the document change.
    private mutating func finishEditor() {
        guard let finished = editor else { return }
        mode = .resting
        apply(.rest)
        switch finished.kind {
        case .move(_, let to):
            focusIndex = to
        case .delete(let index, let toLeft):
            pages.remove(at: index)
            focusIndex = pages.isEmpty ? -1 : (toLeft ? index - 1 : min(index, pages.count - 1))
        case .insert(let index, _, _):
            focusIndex = index
        }
        layOut()
    }

    public mutating func tick(at time: Double) {
        if let editor {
            applyEditorFrame(at: time)
            if editor.isFinished(at: time) {
                finishEditor()
                startPending(at: time)
                applyEditorFrame(at: time)
            }
        } else {
            preview.tick(at: time)
            thumbnails.tick(at: time)
            follow()
            if case .leading = mode, preview.isIdle, thumbnails.isIdle, press == nil { mode = .resting }
        }
        // The rate follows one rule: 0 while the user scrolls the thumbnails, 1 whenever the strip
        // is at rest, however it came to rest (its own settling, the preview or a key taking over).
        if thumbnails.isIdle && press?.target != .thumbnails { thumbnails.layout.expandingRate.animate(to: 1, at: time) }
        thumbnails.layout.expandingRate.tick(at: time)
        tickZoom(at: time)
    }
}
