/// Keys: the quit prompt takes them while it is up; otherwise each `EditorKey` does its thing.
extension PhotosScene {
    mutating func keyPressed(_ key: Key, at time: Double) -> [Effect] {
        if case .askingToQuit(let under) = interaction { return answerPrompt(key, under: under, at: time) }
        if case .editingBorders(let session) = interaction { return borderKey(key, session, at: time) }
        if case .dialog(let dialog, let under) = interaction { return dialogKey(key, dialog, under: under, at: time) }
        guard let action = EditorKey(key) else { return [] }
        switch action {
        case .command(let command):
            // A held key's repeats page as fast as they come; other keys repeat only at rest.
            if key.isRepeat, !command.isNavigation, !isIdle { return [] }
            enqueue(command, at: time)
        case .selectAll:
            document.selection = .all(count: document.pages.count)
        case .escape:
            if case .carrying(let carry) = interaction {
                cancel(carry, at: time)
            } else if isScanRunning, scanning?.cancelling == false {
                return cancelScan(at: time)
            } else if let waiting = judging.waiting {
                // Ctrl+Shift+B or a save waiting for pages to be judged: it is not done after all.
                _ = judging.takeWaiting()
                notices.quitAfterSave = false
                notices.post(waiting == .save ? "Not saved" : "Stopped looking for blank pages", at: time)
            } else if !document.selection.isEmpty {
                document.selection = .none
            } else {
                _ = closeRequested(at: time)
            }
        case .quit:
            _ = closeRequested(at: time)
        case .save(let scope):
            return save(scope, at: time)
        case .search:
            openSearch(at: time)
        case .copyText:
            if key.isRepeat { return [] }
            return copyText(at: time)
        case .borders:
            if key.isRepeat { return [] }
            return openBorders(at: time)
        case .applyDetectedBorders:
            if key.isRepeat { return [] }
            return applySuggestedBorders(at: time)
        case .copyBorders:
            if key.isRepeat { return [] }
            copyBordersToSelection(at: time)
        case .scan:
            if key.isRepeat { return [] }
            return startScan(nil, at: time)
        case .scanPanel:
            if key.isRepeat { return [] }
            return openScanPanel(at: time)
        case .selectBlank:
            if key.isRepeat { return [] }
            return selectBlank(at: time)
        case .zoomIn, .zoomOut, .zoomToFit:
            if key.isRepeat, !isIdle { return [] }
            zoomKey(action, at: time)
        }
        return []
    }
}

extension EditorCommand {
    var isNavigation: Bool {
        if case .go = self { return true }
        return false
    }

    /// Undo, redo and new pages work on an empty document too.
    var worksOnNoPages: Bool {
        switch self {
        case .undo, .redo, .insert, .scan: return true
        default: return false
        }
    }

    /// It changes the document (and its history): it waits while a scanned page is arriving.
    var editsDocument: Bool {
        switch self {
        case .go, .scan: return false
        case .delete, .rotate, .shift, .drop, .insert, .interleave, .cycleLook, .upright, .undo, .redo, .correctPages, .toggleBreak: return true
        }
    }
}
