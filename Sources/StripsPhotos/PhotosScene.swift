import StripsCore
import StripsPhotosFeatures

/// The document editor screen: the preview strip above the thumbnail strip, kept in step, with
/// the Photos article's delete and move animations, undo and redo, selection, keys, zoom and
/// resizing.
///
/// Its state is eight fields, each a feature's room or a group of rooms that belong together; at
/// its heart the `document` (pages, history, selection), the page in focus (`strips`) and the
/// `interaction`, what the user is doing right now (one `Interaction.Activity`, under the layers
/// put over it). Every input handler is one switch over the interaction; an edit changes the
/// document at once and runs as the activity `animating`, from the document before to the one after. Effects (saving,
/// reading dropped files) are values returned to the host, whose answers come back as events.
public struct PhotosScene: Scene {
    public var name: String { "photos" }
    /// What the host gives the editor: the document's name, the window, the design's numbers, the
    /// languages offered and how text is measured.
    public internal(set) var setup: PhotosSetup
    public internal(set) var document: Document
    public internal(set) var interaction = Interaction.resting
    /// The two strips, the page in focus and the commands waiting for them.
    public internal(set) var strips: StripsState
    /// Rooms kept by their type: the pointer's (presses, drags, taps, double-clicks and holds, and
    /// where it is on the toolbar) and every registered feature's (`PhotosFeatures`).
    public internal(set) var rooms = FeatureRooms()
    /// The page counter's clock, the status line, the file chooser awaited.
    public internal(set) var notices = Notices()
    /// What the host found in the pages' pictures (text, the judges' verdicts, turns upright,
    /// borders) and what is asked of it and not answered.
    public internal(set) var findings = PageFindings()
    /// The pages going out to files and coming in from the scanner: a save, a scan.
    public internal(set) var transfers = Transfers()

    /// `focusedPage`: the id of the page to open on (the live window's remembered focus); the
    /// first page when it is nil or no longer in the document.
    public init(documentName: String, pages: [Page], windowSize: Size, measurer: any TextMeasurer = ApproximateTextMeasurer(),
                focusedPage: String? = nil) {
        setup = PhotosSetup(documentName: documentName, windowSize: windowSize, measurer: measurer)
        document = Document(pages: pages)
        strips = StripsState(focusIndex: pages.isEmpty ? -1 : focusedPage.flatMap { id in pages.firstIndex { $0.id == id } } ?? 0)
        layOut()
    }

    public var pages: [Page] { document.pages }
    /// The window and the design's numbers, as every scene gives them to the loop and the instruments.
    public var windowSize: Size { setup.windowSize }
    public var tuning: Tuning { setup.tuning }
    public var wantsToQuit: Bool { transfers.saving.wantsToQuit }
    /// The preview's zoom while it is zoomed in.
    public var zoom: PreviewZoom? {
        if case .zoomed(let zoom) = interaction.activity { return zoom }
        return nil
    }
    public var isDirty: Bool { document.isDirty }
    public var geometry: EditorGeometry { EditorGeometry(window: setup.windowSize, thumbnails: setup.tuning.thumbnails) }

    /// The pages the strips lay out now: the document's, or during an edit the fuller of the
    /// documents before and after.
    public var shownPages: [Page] {
        if case .animating(let transition) = interaction.activity { return transition.shown }
        return document.pages
    }

    public var isIdle: Bool {
        let interactionIdle: Bool
        switch interaction.activity {
        case .gliding, .animating, .carrying: interactionIdle = false
        case .zoomed(let zoom): interactionIdle = zoom.isIdle
        case .editingBorders(let session): interactionIdle = session.settled
        case .resting, .dragging, .flinging: interactionIdle = true
        }
        return interactionIdle && interaction.camera?.isAnimating != true && strips.queue.isEmpty && strips.preview.isIdle && strips.thumbnails.isIdle && !strips.expanding.isAnimating
            && rooms.pointer.gestures.press?.isDragging != true
    }

    /// The document's name, marked "*" while there are unsaved edits ("*" survives a window
    /// manager title in a non-UTF-8 locale, where SDL drops a title it cannot convert).
    public var title: String {
        let name = isDirty ? "*\(setup.documentName)" : setup.documentName
        let count = shownPages.count
        return count == 0 ? tr("%s - no pages", name) : tr("%s - page %d of %d", name, strips.focusIndex + 1, count)
    }

    // MARK: Input

    @discardableResult
    public mutating func handle(_ event: InputEvent, at time: Double) -> [Effect] {
        switch interaction.layers.last {
        case .searching?: return searching(event, at: time)
        case .camera?: return cameraInput(event, under: interaction.under, at: time)
        case .askingToQuit?, .dialog?, nil: return route(event, at: time)
        }
    }

    // MARK: Time

    public mutating func tick(at time: Double) {
        if let held = rooms.pointer.gestures.hold(at: time, tuning: setup.tuning) { lift(held, at: time) }
        underPrompt { $0.advance(at: time) }
        search(.tick, at: time)
        tickCamera(at: time)
        // The rate follows one rule: 0 while the user scrolls or carries on the thumbnails, 1
        // whenever the strip is at rest, however it came to rest.
        if strips.thumbnails.isIdle && !handsOnThumbnails {
            strips.expanding.animate(to: 1, at: time, fullDuration: setup.tuning.editor.expandingFullDuration)
        }
        strips.expanding.tick(at: time)
        notices.noteMotion(isMoving, at: time)
        _ = toolbar(.tick, at: time)
        refreshSplit()
    }

    /// After each tick, once the strips rest (a frame in passing decodes no picture and shows no
    /// text): the text of the pages around the focus, and the pages that came near it to be judged,
    /// each asked for as a change since it was last asked, never as the document.
    public mutating func effectsDue(at time: Double) -> [Effect] {
        guard isIdle else { return [] }
        defer { applyUpright(at: time) }
        return textDue(at: time) + judgingDue(at: time)
    }

    /// One step of whatever the user is doing (`underPrompt` has taken the layers off).
    private mutating func advance(at time: Double) {
        switch interaction.activity {
        case .resting:
            break
        case .dragging(let strip), .flinging(let strip):
            strips.preview.tick(at: time)
            strips.thumbnails.tick(at: time)
            follow(strip)
            if interaction.layers.isEmpty, case .flinging = interaction.activity, strips.preview.isIdle, strips.thumbnails.isIdle { interaction = .resting }
        case .carrying:
            carrying(.autoscroll, at: time)
            follow(.thumbnails)
        case .zoomed:
            zooming(.tick, at: time)
        case .gliding(let glide):
            show(slot: glide.slot(at: time))
            if glide.isFinished(at: time) { comeToRest(focusing: glide.to, at: time) }
        case .animating(let transition):
            applyFrame(transition, at: time)
            if transition.isFinished(at: time) { comeToRest(focusing: transition.focusAfter, at: time) }
        case .editingBorders(let session):
            advanceBorders(session, at: time)
        }
    }

    /// Runs `body` on the interaction under the quit prompt, the search field and dialogs, if
    /// they are up, and puts them back.
    mutating func underPrompt(_ body: (inout PhotosScene) -> Void) {
        guard let top = interaction.layers.last else { return body(&self) }
        interaction = interaction.under
        underPrompt(body)
        switch top {
        case .askingToQuit: interaction = .askingToQuit(under: interaction)
        case .searching(let search): interaction = interaction.wrapped(in: search)
        case .dialog(let dialog): interaction = .dialog(dialog, under: interaction)
        case .camera(let view): interaction = interaction.wrapped(inCamera: view)
        }
    }

    /// The strips move on screen (not a zoom): the page counter shows.
    private var isMoving: Bool {
        switch interaction.activity {
        case .gliding, .animating, .carrying: return true
        default: return !strips.queue.isEmpty || !strips.preview.isIdle || !strips.thumbnails.isIdle
        }
    }

    /// The pointer holds the thumbnail strip (dragging it or carrying a thumbnail).
    private var handsOnThumbnails: Bool {
        switch interaction.activity {
        case .dragging(.thumbnails), .carrying: return true
        default: return false
        }
    }

    /// Something on screen changes with time though nothing moves (the counter fading, a hold
    /// being timed, a status line, a save under way): the live loop keeps drawing frames.
    /// A scan under way or a dialog waiting on the host keeps frames coming too: the host's
    /// answers are asked for before each one, and the page being scanned fills in. (The camera
    /// view does not: its host wakes the loop for each new frame, so the window draws at the
    /// camera's rate, not at its own.)
    public var needsFrames: Bool {
        notices.needsFrames(tuning: setup.tuning.editor) || transfers.isUnderWay || rooms.pointer.gestures.isTimingHold || interaction.dialog?.waitsOnHost == true
            || findings.borders.awaiting > 0 || rooms.pointer.toolbar.waitsForTooltip
            || interaction.camera?.phase == .starting || findings.batches.judging.waiting != nil
    }

    /// The quit prompt answers S, D and Escape itself, a dialog its own keys; the search field
    /// takes typed letters.
    public var capturesKeys: Bool {
        switch interaction.layers.last {
        case .askingToQuit?, .searching?, .dialog?: return true
        case .camera?, nil: return false
        }
    }
}
