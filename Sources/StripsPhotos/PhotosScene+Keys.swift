import StripsCore
import StripsPhotosFeatures

/// Keys: the quit prompt, the border editor and a dialog take them while they are up; otherwise
/// each key is looked up in the editor's table (`EditorKey.table`) and its action done. A
/// toolbar button or a menu item does the same action through `perform(_:)`.
extension PhotosScene {
    public mutating func keyPressed(_ key: Key, at time: Double) -> [Effect] {
        switch interaction.layers.last {
        case .askingToQuit?: return answerPrompt(key, under: interaction.under, at: time)
        case .dialog(let dialog)?: return dialogKey(key, dialog, under: interaction.under, at: time)
        case nil: if case .editingBorders(let session) = interaction.activity { return borderKey(key, session, at: time) }
        case .searching?, .camera?: break
        }
        guard let action = EditorKey(key) else { return [] }
        return perform(action, repeating: key.isRepeat, at: time)
    }

    /// What an editor key does, asked by its key (`repeating`: a held key's repeat), a toolbar
    /// button or a menu item.
    mutating func perform(_ action: EditorKey, repeating: Bool = false, at time: Double) -> [Effect] {
        switch action {
        case .command(let command):
            // A held key's repeats page as fast as they come; other keys repeat only at rest.
            if repeating, !command.isNavigation, !isIdle { return [] }
            enqueue(command, at: time)
        case .selectAll:
            document.selection = .all(count: document.pages.count)
        case .escape:
            if case .activity(.carrying) = interaction.shape {
                carrying(.cancel, at: time)
            } else if isScanRunning, transfers.scan?.cancelling == false {
                return cancelScan(at: time)
            } else if findings.batches.judging.waiting != nil {
                // Ctrl+Shift+B or a save waiting for pages to be judged: it is not done after all.
                _ = saved(.quitWhenSaved(false), at: time)
                return batch(.stopWaiting, at: time)
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
            search(.open, at: time)
        case .borders:
            if repeating { return [] }
            return openBorders(at: time)
        case .applyDetectedBorders:
            if repeating { return [] }
            return applySuggestedBorders(at: time)
        case .copyBorders:
            if repeating { return [] }
            copyBordersToSelection(at: time)
        case .scan:
            if repeating { return [] }
            return startScan(nil, at: time)
        case .scanPanel:
            if repeating { return [] }
            return scanPanel(.open(languages: setup.readingLanguages), at: time)
        case .camera(let command):
            if repeating { return [] }
            return camera(command, at: time)
        case .selectBlank:
            if repeating { return [] }
            return selectBlank(at: time)
        case .zoomIn, .zoomOut, .zoomToFit:
            if repeating, !isIdle { return [] }
            zoomKey(action, at: time)
        case .open:
            if repeating { return [] }
            return openFiles(at: time)
        case .help:
            if repeating { return [] }
            return help(.toggle, at: time)
        case .contextMenu:
            if repeating { return [] }
            return openMenuForFocus(at: time)
        case .feature(let key):
            return perform(key, repeating: repeating, at: time)
        }
        return []
    }
}
