/// Cards over the editor (`Interaction.dialog`): a key or a press while one is up goes to the
/// one in charge, the scan panel and the offer of earlier scans (Scanning), the keys overlay
/// (Help) or a context menu (Menu).
extension PhotosScene {
    /// A key while a dialog is up: the dialog's, or nothing.
    mutating func dialogKey(_ key: Key, _ dialog: Dialog, under: Interaction, at time: Double) -> [Effect] {
        switch dialog {
        case .scanPanel(var panel):
            switch panel.key(key) {
            case .close:
                interaction = under
            case .stays(let effects):
                interaction = .dialog(.scanPanel(panel), under: under)
                return effects
            case .scan:
                return scanFromPanel(panel, under: under, at: time)
            }
        case .keys:
            return help(.key(key), at: time)
        case .menu:
            return menu(.key(key), at: time)
        case .recovery:
            switch key.name {
            // Return is the highlighted button's key, as in every dialog.
            case .t, .return: return answerRecovery(.take, under: under)
            case .d: return answerRecovery(.discard, under: under)
            case .escape: return answerRecovery(.later, under: under)
            default: break
            }
        }
        return []
    }

    /// A press while a dialog is up: a value cycles, a button answers; elsewhere, nothing.
    mutating func dialogPress(at p: Point, _ dialog: Dialog, under: Interaction, at time: Double) -> [Effect] {
        switch dialog {
        case .scanPanel(var panel):
            switch ScanPanelCard(panel, window: windowSize, measurer: measurer).hit(p) {
            case .value(let row)?:
                panel.row = row
                let describe = panel.step(row, by: 1, wraps: true)
                interaction = .dialog(.scanPanel(panel), under: under)
                return describe.map { [.scan(.describe($0))] } ?? []
            case .scan?: return scanFromPanel(panel, under: under, at: time)
            case .cancel?: interaction = under
            case nil: break
            }
        case .recovery(let offer):
            if let answer = RecoveryPrompt(offer, window: windowSize, measurer: measurer).answer(at: p) { return answerRecovery(answer, under: under) }
        case .keys:
            // A list to read: a click anywhere puts it away.
            return help(.click, at: time)
        case .menu:
            return menuClick(at: p, at: time)
        }
        return []
    }
}
