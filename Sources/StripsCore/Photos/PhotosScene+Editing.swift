extension PhotosScene {
    /// Queues an action; it starts at once unless an animation or a drag is under way.
    mutating func enqueue(_ action: EditorAction, at time: Double) {
        pending.append(action)
        startPending(at: time)
    }

    var isBusy: Bool { editor != nil || press?.isDragging == true || session.reordering != nil }

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
        case .undo, .redo, .add, .replay: break
        default: guard !pages.isEmpty else { return }
        }
        switch action {
        case .focus, .step, .first, .last:
            if let index = action.destination(from: focusIndex, count: pages.count) { move(to: index, at: time) }
        case .delete:
            let edit = Edit.remove(index: focusIndex, pages: [pages[focusIndex]])
            history.record(edit)
            run(edit, at: time)
        case .add(let newPages):
            let edit = Edit.insert(index: pages.isEmpty ? 0 : focusIndex + 1, pages: pages.uniquelyNamed(newPages))
            history.record(edit)
            run(edit, at: time)
        case .rotate(let turns):
            let edit = Edit.rotate(index: focusIndex, turns: turns)
            history.record(edit)
            run(edit, at: time)
        case .shift(let places):
            let to = (focusIndex + places).clamped(to: 0...(pages.count - 1))
            guard to != focusIndex else { return }
            let edit = Edit.move(from: focusIndex, to: to)
            history.record(edit)
            run(edit, at: time)
        case .reorder(let from, let to):
            guard pages.indices.contains(from), pages.indices.contains(to) else { return }
            // Dropped back where it was: it settles, and nothing is recorded.
            if from != to { history.record(.move(from: from, to: to)) }
            startReorder(from: from, to: to, at: time)
        case .undo:
            if let edit = history.undo() { replay(edit.inverse, at: time) }
        case .redo:
            if let edit = history.redo() { replay(edit, at: time) }
        case .replay(let edit):
            replay(edit, at: time)
        }
        applyEditorFrame(at: time)
    }

    /// Undo and redo: the page an edit acts on comes into focus first, then the edit runs with
    /// its animation, exactly as the user's own edit did.
    private mutating func replay(_ edit: Edit, at time: Double) {
        if case .insert = edit {
            run(edit, at: time)
            return
        }
        let index = edit.focusIndex
        guard pages.indices.contains(index) else { return }
        if index != focusIndex {
            pending.insert(contentsOf: [.focus(index), .replay(edit)], at: 0)
            return
        }
        run(edit, at: time)
    }

    /// Starts the animation of `edit` (already recorded or replayed).
    private mutating func run(_ edit: Edit, at time: Double) {
        switch edit {
        case .insert(let index, let newPages):
            let slot = takeOver()
            insert(pages.uniquelyNamed(newPages), at: index.clamped(to: 0...pages.count), fromSlot: slot, time: time)
        case .remove(let index, let removed):
            _ = takeOver()
            let count = min(removed.count, pages.count - index)
            guard count > 0 else { return }
            show(slot: Double(index))
            let last = index + count == pages.count && pages.count > count
            mode = .editing(EditorAnimation(.delete(index: index, toLeft: last, count: count), at: time, timing: tuning.editor))
        case .move(let from, let to):
            startReorder(from: from, to: to, at: time)
        case .rotate(let index, let turns):
            _ = takeOver()
            let before = pages[index]
            pages[index] = before.turned(turns)
            layOut()
            mode = .editing(EditorAnimation(.rotate(
                index: index, fromDegrees: Double(before.rotation), degrees: Double(turns * 90),
                fromAspect: before.aspectRatio, toAspect: pages[index].aspectRatio), at: time, timing: tuning.editor))
        }
    }

    /// Page `from` travels to `to`: from where the user carried it, or from its own slot.
    private mutating func startReorder(from: Int, to: Int, at time: Double) {
        let scroll = takeOver()
        let carried = thumbnails.layout.slots.reorder.flatMap { $0.moving == from ? $0 : nil }
        // The preview goes on showing its page: the carried one rides with it, another stays in
        // its slot as the gap leaves it.
        let shown = preview.nearestIndex
        let previewFrom = carried.map { shown == from ? $0.movingSlot : $0.slot(of: shown) } ?? Double(from)
        mode = .editing(EditorAnimation(.reorder(
            from: from, to: to, fromSlot: carried?.movingSlot ?? Double(from), gapFrom: carried?.gap ?? Double(from),
            scrollFrom: carried == nil ? Double(from) : scroll, previewFrom: previewFrom, liftFrom: carried?.lift ?? 1), at: time,
            timing: tuning.editor))
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
        preview.layout.slots = SlotMap(frame.transitions, reorder: frame.reorder)
        thumbnails.layout.slots = preview.layout.slots
        thumbnails.layout.focusOverride = frame.focusOverride.map { ($0.from, $0.to, $0.progress) }
        if let turning = frame.turning, pages.indices.contains(turning.index) {
            preview.layout.pageAspects[turning.index] = turning.aspect
            thumbnails.layout.pageAspects[turning.index] = turning.aspect
        }
        show(slot: frame.focusSlot)
        if let slot = frame.previewSlot { preview.show(position: slot) }
    }

    /// The animation is over: only now does the document change.
    private mutating func finishEditor() {
        guard let finished = editor else { return }
        mode = .resting
        apply(.rest)
        switch finished.kind {
        case .move(_, let to):
            focusIndex = to
        case .delete(let index, let toLeft, let count):
            pages.removeSubrange(index..<(index + count))
            focusIndex = pages.isEmpty ? -1 : (toLeft ? index - 1 : min(index, pages.count - 1))
        case .insert(let index, _, _):
            focusIndex = index
        case .rotate(let index, _, _, _, _):
            focusIndex = index
        case .reorder(let from, let to, _, _, _, _, _):
            pages.insert(pages.remove(at: from), at: to)
            focusIndex = to
        }
        layOut()
    }

    public mutating func tick(at time: Double) {
        tickSession(at: time)
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
        noteMotion(at: time)
    }
}
