import StripsCore
import StripsPhotosFeatures

/// Where the document's commands (`DocumentFeature`) meet the scene: commands run one at a time,
/// in order: a glide or an edit's animation runs to its end before the next command starts; a
/// navigation asked for during a glide retargets it instead (the target moves on, the strips
/// carry on from where they are). What the document room returns is played here: an edit's
/// animation on the strips, a glide, another room's command.
extension PhotosScene {
    /// Queues a command; it starts at once unless an edit animates or the pointer drags.
    mutating func enqueue(_ command: EditorCommand, at time: Double) {
        if interaction.layers.isEmpty, case .gliding(let glide) = interaction.activity, strips.queue.isEmpty, case .go(let navigation) = command, !pages.isEmpty {
            let target = navigation.destination(from: glide.to, count: pages.count)
            // The page it was heading for counts as reached: the counter moves on with each key.
            if target != glide.to {
                strips.focusIndex = glide.to
                interaction = .gliding(glide.retargeted(to: target, at: time))
            }
            return
        }
        strips.queue.append(command)
        startQueued(at: time)
    }

    /// An edit animates, the strips glide, a thumbnail is carried or the pointer drags: commands wait.
    var isBusy: Bool {
        switch interaction.activity {
        case .gliding, .animating, .carrying, .editingBorders: return true
        default: return rooms.pointer.gestures.press?.isDragging == true
        }
    }

    /// A glide or an edit's animation has ended: the strips settle on `focus`, and the commands
    /// that waited for them run.
    mutating func comeToRest(focusing focus: Int, at time: Double) {
        strips.focusIndex = focus
        interaction.activity = .resting  // the tick's, with the layers taken off (`underPrompt`)
        layOut()
        startQueued(at: time)
    }

    mutating func startQueued(at time: Double) {
        while !isBusy, let next = nextRunnable {
            perform(strips.queue.remove(at: next), at: time)
        }
    }

    /// The queued command to run next: the first, unless it edits the document while a scanned
    /// page is arriving; then the scan's own next step goes first (edits wait for the page).
    private var nextRunnable: Int? {
        guard let first = strips.queue.first else { return nil }
        guard transfers.scan?.arriving != nil, first.editsDocument else { return 0 }
        return strips.queue.firstIndex { if case .scan = $0 { return true } else { return false } }
    }

    /// Where the strips are as a command takes them over; a drag in progress will not fling.
    private mutating func takeOver() -> Double {
        let slot = currentSlot
        rooms.pointer.gestures.abandon()
        return slot
    }

    /// The document room's reducer on the document, given the focus (and for O the text room's
    /// finding); its animations, glides and other rooms' commands done here.
    private mutating func perform(_ command: EditorCommand, at time: Double) {
        var upright: (changes: [CorrectionChange], nothingToDo: String)?
        if case .upright = command { upright = (uprightChanges(), uprightNothingToDo) }
        // Where the strips are as the command takes them over, and the focus then.
        let slot = currentSlot, focus = strips.focusIndex
        for output in DocumentFeature.reduce(into: &document, action: command, context: DocumentFeature.Context(focus: focus, upright: upright)) {
            switch output {
            case .animate(let edit, let before, let drop):
                // A drag in progress will not fling.
                rooms.pointer.gestures.abandon()
                let origin = if let drop {
                    EditTransition.Origin(slot: slot, focus: focus, carried: drop.carried, previewSlot: drop.previewSlot)
                } else {
                    Self.origin(of: edit, slot: slot, focus: focus)
                }
                animate(edit, from: before, origin: origin, at: time)
            case .glide(let index):
                glide(to: index, at: time)
            case .first(let commands):
                strips.queue.insert(contentsOf: commands, at: 0)
            case .notice(let line):
                notices.post(line, at: time)
            case .interleave:
                interleave(at: time)
            case .toggleBreak(let index):
                toggleBreak(at: index, at: time)
            case .scan(let step):
                perform(step, at: time)
            }
        }
    }

    /// The user's edit: the document changes at once, and the change animates. `growsWhileOpening`:
    /// an insert whose page is on screen from the first frame (a page arriving from the scanner).
    mutating func edit(_ edit: Edit, growsWhileOpening: Bool = false, at time: Double) {
        guard !edit.isEmpty else { return }
        run(edit, to: document.apply(edit), growsWhileOpening: growsWhileOpening, at: time)
    }

    /// Starts the animation of `edit`, which took the document to `next`.
    mutating func run(_ edit: Edit, to next: Document, growsWhileOpening: Bool = false, at time: Double) {
        var origin = Self.origin(of: edit, slot: takeOver(), focus: strips.focusIndex)
        origin.growsWhileOpening = growsWhileOpening
        let before = document.pages
        document = next
        animate(edit, from: before, origin: origin, at: time)
    }

    /// Where an edit's animation starts: a new page comes in from where the strips are; the other
    /// edits act on the page in focus.
    private static func origin(of edit: Edit, slot: Double, focus: Int) -> EditTransition.Origin {
        let comesIn = if case .insert = edit { true } else { false }
        return EditTransition.Origin(slot: comesIn ? slot : Double(focus), focus: focus)
    }

    /// The strips animate `edit`, which took the document from the pages `before` to what it is now.
    private mutating func animate(_ edit: Edit, from before: [Page], origin: EditTransition.Origin, at time: Double) {
        let transition = EditTransition(edit, from: before, to: document.pages, origin: origin, at: time, timing: setup.tuning.editor)
        strips.focusIndex = transition.focusDuring
        interaction = Interaction(activity: .animating(transition), layers: [])
        layOut()
        applyFrame(transition, at: time)
    }

    /// Both strips glide to page `index` from where they are.
    private mutating func glide(to index: Int, at time: Double) {
        let slot = takeOver()
        if abs(slot - Double(index)) < 1e-6 {
            show(slot: slot)
            interaction = .resting
            strips.focusIndex = index
            return
        }
        let glide = Glide(from: slot, to: index, start: time, duration: setup.tuning.editor.moveDuration)
        interaction = .gliding(glide)
        show(slot: glide.slot(at: time))
    }
}
