/// The document as something saved: unsaved edits, saving through the host, the page counter's
/// clock, and asking before quitting with unsaved edits. The core writes nothing itself: it asks
/// the host (`takeSaveRequest`) and is told how it went.
extension PhotosScene {
    /// Edits since the document was opened or last saved.
    public var isDirty: Bool { history.revision != session.savedRevision }

    /// Ctrl+S: the document as it is now is handed to the host at its next look.
    public mutating func requestSave(at time: Double) {
        guard session.saving == nil, session.saveRequest == nil else {
            session.status = StatusLine(text: "Already saving…", since: time)
            return
        }
        guard !pages.isEmpty else {
            session.status = StatusLine(text: "Nothing to save: the document has no pages", since: time)
            session.quitAfterSave = false
            return
        }
        session.saveRequest = SaveRequest(pages: pages, revision: history.revision)
    }

    /// The host takes the save to run; from now on the scene shows it as under way.
    public mutating func takeSaveRequest() -> SaveRequest? {
        guard let request = session.saveRequest else { return nil }
        session.saveRequest = nil
        session.saving = SaveProgress(done: 0, total: request.pages.count)
        return request
    }

    public mutating func saveProgressed(done: Int, total: Int) {
        session.saving = SaveProgress(done: done, total: total)
    }

    /// The save of `revision` is on disk at `path`.
    public mutating func saveSucceeded(revision: Int, path: String, at time: Double) {
        session.saving = nil
        session.savedRevision = revision
        session.status = StatusLine(text: "Saved to \(path)", since: time)
        if session.quitAfterSave { wantsToQuit = true }
        session.quitAfterSave = false
    }

    /// The save did not happen (refused, cancelled, a write error): the document stays open and unsaved.
    public mutating func saveFailed(_ message: String, at time: Double) {
        session.saving = nil
        session.quitAfterSave = false
        session.status = StatusLine(text: message, since: time)
    }

    /// The window's close button or Escape: quits at once unless there are unsaved edits, which
    /// bring up the prompt. Returns whether the scene may close now.
    /// The quit prompt answers S, D and Escape itself.
    public var capturesKeys: Bool { session.isAskingToQuit }

    public mutating func closeRequested(at time: Double) -> Bool {
        if !isDirty {
            wantsToQuit = true
            return true
        }
        session.isAskingToQuit = true
        return false
    }

    /// The prompt's answers: S saves then quits, D quits without saving, Escape keeps editing.
    enum QuitAnswer { case save, discard, keepEditing }

    mutating func answerQuitPrompt(_ answer: QuitAnswer, at time: Double) {
        session.isAskingToQuit = false
        switch answer {
        case .save:
            session.quitAfterSave = true
            requestSave(at: time)
        case .discard:
            wantsToQuit = true
        case .keepEditing:
            break
        }
    }

    /// Keys while the prompt is up, or the editor's document keys; true when handled.
    mutating func documentKey(_ key: Key, at time: Double) -> Bool {
        if session.isAskingToQuit {
            switch key.name {
            case .s: answerQuitPrompt(.save, at: time)
            case .d: answerQuitPrompt(.discard, at: time)
            case .escape: answerQuitPrompt(.keepEditing, at: time)
            default: break
            }
            return true
        }
        if key.name == .s && key.ctrl {
            requestSave(at: time)
            return true
        }
        if key.name == .escape || (key.name == .q && !key.ctrl) {
            _ = closeRequested(at: time)
            return true
        }
        return false
    }

    /// A click while the prompt is up answers it (or misses); true when the prompt took it.
    mutating func promptClick(_ p: Point, at time: Double) -> Bool {
        guard session.isAskingToQuit else { return false }
        let prompt = QuitPrompt(window: windowSize, documentName: documentName, measurer: measurer)
        if let answer = prompt.answer(at: p) { answerQuitPrompt(answer, at: time) }
        return true
    }

    /// Every tick: hold and carry (reordering) before the strips move.
    mutating func tickSession(at time: Double) {
        tickReorder(at: time)
    }

    /// After every tick: the counter's clock runs from the last moment anything moved (the
    /// tick on which the strips came to rest still moved them).
    mutating func noteMotion(at time: Double) {
        // The strips moving, not a zoom: the counter is about which page is shown.
        let moving = editor != nil || !pending.isEmpty || !preview.isIdle || !thumbnails.isIdle || session.reordering != nil
        if moving || session.wasMoving { session.lastMotion = time }
        session.wasMoving = moving
        session.lastTick = time
    }

    /// The page counter's opacity: 1 while the strips move and for 1.5 s after, then fading.
    public func counterAlpha(at time: Double) -> Double {
        guard let last = session.lastMotion, !pages.isEmpty else { return 0 }
        let after = time - last - tuning.editor.counterHold
        return after <= 0 ? 1 : max(0, 1 - after / tuning.editor.counterFade)
    }

    /// Something on screen changes with time though nothing moves (the counter fading, a hold
    /// being timed, a status line, a save under way): the live loop keeps drawing frames.
    public var needsFrames: Bool {
        let t = session.lastTick
        let counting = session.lastMotion.map { t - $0 < tuning.editor.counterHold + tuning.editor.counterFade } ?? false
        let status = session.status.map { t - $0.since < tuning.editor.statusHold + tuning.editor.counterFade } ?? false
        return counting || status || session.holdStart != nil || session.saving != nil || session.saveRequest != nil
    }
}
