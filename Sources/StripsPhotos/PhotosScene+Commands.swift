import StripsCore
import StripsPhotosFeatures

/// Commands run one at a time, in order: a glide or an edit's animation runs to its end before
/// the next command starts; a navigation asked for during a glide retargets it instead (the
/// target moves on, the strips carry on from where they are).
extension PhotosScene {
    /// Queues a command; it starts at once unless an edit animates or the pointer drags.
    mutating func enqueue(_ command: EditorCommand, at time: Double) {
        if case .gliding(let glide) = interaction, queue.isEmpty, case .go(let navigation) = command, !pages.isEmpty {
            let target = navigation.destination(from: glide.to, count: pages.count)
            // The page it was heading for counts as reached: the counter moves on with each key.
            if target != glide.to {
                focusIndex = glide.to
                interaction = .gliding(glide.retargeted(to: target, at: time))
            }
            return
        }
        queue.append(command)
        startQueued(at: time)
    }

    /// An edit animates, the strips glide, a thumbnail is carried or the pointer drags: commands wait.
    var isBusy: Bool {
        switch interaction.underPrompt {
        case .gliding, .animating, .carrying, .editingBorders: return true
        default: return gestures.press?.isDragging == true
        }
    }

    mutating func startQueued(at time: Double) {
        while !isBusy, let next = nextRunnable {
            perform(queue.remove(at: next), at: time)
        }
    }

    /// The queued command to run next: the first, unless it edits the document while a scanned
    /// page is arriving; then the scan's own next step goes first (edits wait for the page).
    private var nextRunnable: Int? {
        guard let first = queue.first else { return nil }
        guard transfers.scan?.arriving != nil, first.editsDocument else { return 0 }
        return queue.firstIndex { if case .scan = $0 { return true } else { return false } }
    }

    /// Where the strips are as a command takes them over; a drag in progress will not fling.
    private mutating func takeOver() -> Double {
        let slot = currentSlot
        gestures.abandon()
        return slot
    }

    private mutating func perform(_ command: EditorCommand, at time: Double) {
        guard !pages.isEmpty || command.worksOnNoPages else { return }
        switch command {
        case .go(let navigation):
            glide(to: navigation.destination(from: focusIndex, count: pages.count), at: time)
        case .delete:
            let targets = document.target(focus: focusIndex)
            edit(.remove(targets.map { PlacedPage(index: $0, page: pages[$0]) }), at: time)
        case .rotate(let turns):
            let targets = document.target(focus: focusIndex)
            edit(.correct(targets.map { CorrectionChange(index: $0, before: pages[$0].corrections, after: pages[$0].corrections.turned(turns)) }),
                 at: time)
        case .cycle(let kind):
            let targets = document.target(focus: focusIndex)
            guard let first = targets.first,
                  let step = kind.next(after: pages[targets.contains(focusIndex) ? focusIndex : first].corrections.pixels) else { return }
            // All take the step after the focus page's (or the first selected page's): alike after one press.
            edit(.correct(targets.map { i in
                var after = pages[i].corrections
                after.pixels.set(step)
                return CorrectionChange(index: i, before: pages[i].corrections, after: after)
            }), at: time)
        case .set(let step):
            let targets = document.target(focus: focusIndex)
            edit(.correct(targets.compactMap { i in
                var after = pages[i].corrections
                after.pixels.set(step)
                return after == pages[i].corrections ? nil : CorrectionChange(index: i, before: pages[i].corrections, after: after)
            }), at: time)
        case .setLanguage(let language):
            let targets = document.target(focus: focusIndex)
            edit(.correct(targets.compactMap { i in
                var after = pages[i].corrections
                after.language = language
                return after == pages[i].corrections ? nil : CorrectionChange(index: i, before: pages[i].corrections, after: after)
            }), at: time)
        case .moveToEnd(let toEnd):
            let from = document.target(focus: focusIndex)
            // As a block, in their order, at the start or the end.
            let to = from.indices.map { toEnd ? pages.count - from.count + $0 : $0 }
            guard from != to else { return }
            edit(.move(from: from, to: to), at: time)
        case .upright:
            let changes = uprightChanges()
            guard !changes.isEmpty else {
                notices.post(uprightNothingToDo, at: time)
                return
            }
            edit(.correct(changes), at: time)
        case .shift(let places):
            let from = document.target(focus: focusIndex)
            let to = from.map { $0 + places }
            // A block at an end goes no further; a single page stops at the end.
            guard let first = to.first, let last = to.last, first >= 0, last < pages.count else { return }
            edit(.move(from: from, to: to), at: time)
        case .drop(let from, let to, let carried, let previewSlot):
            guard pages.indices.contains(from), pages.indices.contains(to) else { return }
            let origin = EditTransition.Origin(slot: takeOver(), focus: focusIndex, carried: carried, previewSlot: previewSlot)
            // Dropped back where it was: it settles, and nothing is recorded.
            run(.move(from: [from], to: [to]), to: from == to ? document : document.apply(.move(from: [from], to: [to])), origin: origin, at: time)
        case .insert(let newPages):
            let at = pages.isEmpty ? 0 : focusIndex + 1
            let placed = pages.uniquelyNamed(newPages).enumerated().map { PlacedPage(index: at + $0.offset, page: $0.element) }
            edit(.insert(placed), at: time)
        case .correctPages(let changes):
            guard changes.allSatisfy({ pages.indices.contains($0.index) && pages[$0.index].corrections == $0.before }) else { return }
            edit(.correct(changes), at: time)
        case .replacePages(let replacements):
            guard replacements.allSatisfy({ r in r.index >= 0 && r.index + r.before.count <= pages.count && Array(pages[r.index..<(r.index + r.before.count)]) == r.before })
            else { return }
            edit(.replace(replacements), at: time)
        case .interleave:
            interleave(at: time)
        case .toggleBreak(let index):
            toggleBreak(at: index, at: time)
        case .scan(let step):
            perform(step, at: time)
        case .undo:
            guard let next = document.nextUndo else { return }
            if bringIntoFocus(next, then: .undo) { return }
            if let (undone, edit) = document.undo() { run(edit, to: undone, at: time) }
        case .redo:
            guard let next = document.nextRedo else { return }
            if bringIntoFocus(next, then: .redo) { return }
            if let (redone, edit) = document.redo() { run(edit, to: redone, at: time) }
        }
    }

    /// Undo and redo: the page an edit acts on comes into focus first (unless the focus is already
    /// on one of its pages), then the edit runs with its animation, exactly as the user's own did.
    /// True when the glide was queued first.
    private mutating func bringIntoFocus(_ edit: Edit, then command: EditorCommand) -> Bool {
        if case .insert = edit { return false }
        let indices = edit.indices
        guard let first = indices.first, !indices.contains(focusIndex), pages.indices.contains(first) else { return false }
        queue.insert(contentsOf: [.go(.page(first)), command], at: 0)
        return true
    }

    /// The user's edit: the document changes at once, and the change animates. `growsWhileOpening`:
    /// an insert whose page is on screen from the first frame (a page arriving from the scanner).
    mutating func edit(_ edit: Edit, growsWhileOpening: Bool = false, at time: Double) {
        guard !edit.isEmpty else { return }
        run(edit, to: document.apply(edit), growsWhileOpening: growsWhileOpening, at: time)
    }

    /// Starts the animation of `edit`, which took the document to `next`.
    mutating func run(_ edit: Edit, to next: Document, origin: EditTransition.Origin? = nil, growsWhileOpening: Bool = false, at time: Double) {
        let slot = takeOver()
        // A new page comes in from where the strips are; the other edits act on the page in focus.
        let comesIn = if case .insert = edit { true } else { false }
        var origin = origin ?? EditTransition.Origin(slot: comesIn ? slot : Double(focusIndex), focus: focusIndex)
        origin.growsWhileOpening = growsWhileOpening
        let transition = EditTransition(edit, from: document.pages, to: next.pages, origin: origin, at: time, timing: tuning.editor)
        document = next
        focusIndex = transition.focusDuring
        interaction = .animating(transition)
        layOut()
        applyFrame(transition, at: time)
    }

    /// Both strips glide to page `index` from where they are.
    private mutating func glide(to index: Int, at time: Double) {
        let slot = takeOver()
        if abs(slot - Double(index)) < 1e-6 {
            show(slot: slot)
            interaction = .resting
            focusIndex = index
            return
        }
        let glide = Glide(from: slot, to: index, start: time, duration: tuning.editor.moveDuration)
        interaction = .gliding(glide)
        show(slot: glide.slot(at: time))
    }
}
