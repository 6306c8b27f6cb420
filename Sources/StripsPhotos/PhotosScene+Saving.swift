import StripsCore
import StripsPhotosFeatures

/// The document as something saved: Ctrl+S asks the host to save it (Ctrl+Shift+S the selection),
/// and the host's answers come back as events; with unsaved edits, quitting asks first. The core
/// writes nothing itself.
extension PhotosScene {
    /// The prompt's answers: S saves then quits, D quits without saving, Escape keeps editing.
    enum QuitAnswer { case save, discard, keepEditing }

    /// Ctrl+S (the document) or Ctrl+Shift+S (the selection, else the page in focus).
    mutating func save(_ scope: SaveRequest.Scope, at time: Double) -> [Effect] {
        let pages = scope == .document ? document.pages : document.target(focus: strips.focusIndex).map { document.pages[$0] }
        let scan: SavingFeature.ScanHold? = transfers.scan.map { $0.isRunning ? .scanning : .placing }
        return saved(.save(scope, pages: pages, revision: document.history.revision, scan: scan), at: time)
    }

    /// The document's save once its pages are judged (asked for first when some are not: the
    /// save waits, and runs again when they are), one file a document of the split.
    mutating func judgeThenSave(_ pages: [Page], at time: Double) -> [Effect] {
        let asked = batch(.judgeBeforeSaving(pages), at: time)
        if findings.batches.judging.waiting != nil { return asked }
        let split = DocumentSplit(pages: pages, separator: findings.batches.judging.separator)
        let documents = split.parts.map { SavedDocument(pages: Array(pages[$0.pages]), title: $0.title) }
        return asked + saved(.write(.document, pages: documents.flatMap(\.pages), documents: documents, revision: document.history.revision), at: time)
    }

    /// The window's close button, Escape or Q: quits at once unless there are unsaved edits,
    /// which bring up the prompt. Returns whether the scene may close now.
    public mutating func closeRequested(at time: Double) -> Bool {
        if !isDirty {
            transfers.saving.wantsToQuit = true
            return true
        }
        guard !interaction.isAskingToQuit else { return false }
        // The prompt takes the pointer: a press under way ends where it is, a carried thumbnail goes back.
        switch interaction.shape {
        case .activity(.dragging(let strip)):
            rooms.pointer.gestures.abandon()
            if strip == .preview { strips.preview.stopAtRest() } else { strips.thumbnails.stopAtRest() }
            follow(strip)
            interaction = .flinging(strip)
        case .activity(.carrying):
            carrying(.cancel, at: time)
        case .activity(.zoomed):
            rooms.pointer.gestures.abandon()
            zooming(.endDrag, at: time)
        case .activity(.editingBorders(var session)):
            rooms.pointer.gestures.abandon()
            session.drag = nil
            interaction = .editingBorders(session)
        case .activity(.resting), .activity(.flinging), .activity(.gliding), .activity(.animating), .askingToQuit, .searching, .dialog, .camera:
            break
        }
        interaction = .askingToQuit(under: interaction)
        return false
    }

    /// A key while the prompt is up: S, D and Escape answer it; the others wait.
    mutating func answerPrompt(_ key: Key, under: Interaction, at time: Double) -> [Effect] {
        switch key.name {
        // Return is the highlighted button's key, as in every dialog.
        case .s, .return: return answer(.save, under: under, at: time)
        case .d: return answer(.discard, under: under, at: time)
        case .escape: return answer(.keepEditing, under: under, at: time)
        default: return []
        }
    }

    /// A click while the prompt is up answers it, or misses.
    mutating func answerPrompt(at p: Point, under: Interaction, at time: Double) -> [Effect] {
        let prompt = QuitPrompt(window: setup.windowSize, documentName: setup.documentName, measurer: setup.measurer)
        guard let choice = prompt.answer(at: p) else { return [] }
        return answer(choice, under: under, at: time)
    }

    private mutating func answer(_ choice: QuitAnswer, under: Interaction, at time: Double) -> [Effect] {
        interaction = under
        switch choice {
        case .save:
            _ = saved(.quitWhenSaved(true), at: time)
            return save(.document, at: time)
        case .discard:
            transfers.saving.wantsToQuit = true
            // Thrown away on purpose: scans kept for recovery go too.
            return [.scan(.discard)]
        case .keepEditing:
            break
        }
        return []
    }

    /// The saving feature's reducer on its state, its outputs routed: the host's news of a save
    /// marks the document saved, says so on the status line and quits when the prompt waited.
    mutating func saved(_ action: SavingFeature.Action, at time: Double) -> [Effect] {
        apply(SavingFeature.reduce(into: &transfers.saving, action: action, context: ()), at: time)
    }
}

/// The host's answer to this feature, through this door (`PhotosScene.hostAnswered`).
extension SaveEvent: PhotosAnswer {
    func deliver(to scene: inout PhotosScene, at time: Double) -> [Effect] {
        _ = scene.saved(.answered(self), at: time)
        return []
    }
}
