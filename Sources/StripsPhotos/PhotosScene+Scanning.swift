import StripsCore
import StripsPhotosFeatures

/// Scanning in the editor (issue 23): Ctrl+N scans with the last settings after the page in
/// focus, Ctrl+Shift+N opens the panel first; each page takes its slot with the insert animation
/// as it starts (the host draws its rows as they arrive) and the focus follows it; a page cut
/// short leaves with the delete animation, as if it had never come; Escape stops the scan. The
/// offer of scans an earlier session left is a dialog too. The scanner itself is the host's.
extension PhotosScene {
    // MARK: Starting

    /// Ctrl+N (`choice` nil: the last settings) or the panel's Scan.
    mutating func startScan(_ choice: ScanChoice?, at time: Double) -> [Effect] {
        let anchor = pages.indices.contains(strips.focusIndex) ? pages[strips.focusIndex].id : nil
        // The first page's number is looked up only when a scan may start (it reads the history).
        return scan(.start(choice, anchor: anchor, firstNumber: transfers.scan == nil ? document.nextScanNumber : 0), at: time)
    }

    /// Escape while the scanner works: it stops; pages finished so far stay.
    mutating func cancelScan(at time: Double) -> [Effect] { scan(.cancel, at: time) }

    var isScanRunning: Bool { transfers.scan?.isRunning == true }

    /// The scan room's reducer on the scan under way (or none), its outputs routed.
    @discardableResult
    mutating func scan(_ action: ScanFeature.Action, at time: Double) -> [Effect] {
        apply(ScanFeature.reduce(into: &transfers.scan, action: action, context: ()), at: time)
    }

    // MARK: The host's news

    /// The scanner's news to the room it is for: the panel's (devices, offers), the recovery
    /// offer's, or the scan's.
    mutating func scanUpdate(_ update: ScanUpdate, at time: Double) -> [Effect] {
        switch update {
        case .scanners, .noScanners, .offers:
            return scanPanel(.news(update), at: time)
        case .recoveryOffered(let offer):
            return recovery(.offered(offer), at: time)
        case .recovered(let pages):
            return recovery(.recovered(pages), at: time)
        case .started, .finished, .cutShort, .ended, .note:
            return scan(.update(update), at: time)
        }
    }

    // MARK: Steps, in order with the other commands

    mutating func perform(_ step: ScanStep, at time: Double) {
        scan(.step(step, pages: pages, focus: strips.focusIndex), at: time)
    }

    /// A cut-short page's insert taken back as if it had never come (the next page goes where it
    /// was), or removed when edits came after it.
    mutating func withdraw(_ placed: PlacedPage, at time: Double) {
        if let (before, removal) = document.withdrawing(.insert([placed])) {
            scan(.withdrew(placed.index, pages: pages), at: time)
            run(removal, to: before, at: time)
        } else {
            edit(.remove([placed]), at: time)
        }
    }

    // MARK: Dialogs

    /// The scan panel room's reducer on the panel up (or none), its outputs routed.
    mutating func scanPanel(_ action: ScanPanelFeature.Action, at time: Double) -> [Effect] {
        let context = ScanPanelFeature.Context(scanRunning: isScanRunning, window: setup.windowSize, measurer: setup.measurer)
        return card({ if case .scanPanel(let panel) = $0 { panel } else { nil } }, Dialog.scanPanel, at: time) {
            ScanPanelFeature.reduce(into: &$0, action: action, context: context)
        }
    }

    /// The recovery offer's room: a new offer goes over whatever is up, the quit prompt included
    /// (it stays on top); an answer takes the card away first.
    mutating func recovery(_ action: RecoveryFeature.Action, at time: Double) -> [Effect] {
        var state: RecoveryOffer?
        let outputs = RecoveryFeature.reduce(into: &state, action: action, context: ())
        if let offer = state {
            if case .askingToQuit(let under) = interaction.shape {
                interaction = .askingToQuit(under: .dialog(.recovery(offer), under: under))
            } else {
                interaction = .dialog(.recovery(offer), under: interaction)
            }
        }
        return apply(outputs, at: time)
    }

    mutating func answerRecovery(_ answer: RecoveryPrompt.Answer, under: Interaction, at time: Double) -> [Effect] {
        interaction = under
        return recovery(.answer(answer, firstNumber: answer == .take ? document.nextScanNumber : 0), at: time)
    }

    // MARK: Interleave

    /// Ctrl+I on the selection, else the whole document.
    mutating func interleave(at time: Double) {
        let places = document.selection.isEmpty ? Array(pages.indices) : document.selection.indices
        guard let edit = Interleave.edit(places: places) else {
            notices.post(tr("Nothing to interleave: select the pages of a two-sided scan (three or more), or none for the whole document"), at: time)
            return
        }
        self.edit(edit, at: time)
    }
}

/// The host's answer to this feature, through this door (`PhotosScene.hostAnswered`).
extension ScanUpdate: PhotosAnswer {
    func deliver(to scene: inout PhotosScene, at time: Double) -> [Effect] { scene.scanUpdate(self, at: time) }
}
