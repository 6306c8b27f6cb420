/// Scanning in the editor (issue 23): Ctrl+N scans with the last settings after the page in
/// focus, Ctrl+Shift+N opens the panel first; each page takes its slot with the insert animation
/// as it starts (the host draws its rows as they arrive) and the focus follows it; a page cut
/// short leaves with the delete animation, as if it had never come; Escape stops the scan. The
/// offer of scans an earlier session left is a dialog too. The scanner itself is the host's.
extension PhotosScene {
    // MARK: Starting

    /// Ctrl+N (`choice` nil: the last settings) or the panel's Scan.
    mutating func startScan(_ choice: ScanChoice?, at time: Double) -> [Effect] {
        if let scanning = transfers.scan {
            notices.post(scanning.isRunning ? tr("Already scanning… (Esc stops it)") : tr("Placing the last scanned pages…"), at: time)
            return []
        }
        let anchor = pages.indices.contains(focusIndex) ? pages[focusIndex].id : nil
        transfers.scan = ScanProgress(anchor: anchor, language: choice?.language)
        return [.scan(.start(ScanRequest(choice: choice, firstNumber: document.nextScanNumber)))]
    }

    /// Escape while the scanner works: it stops; pages finished so far stay.
    mutating func cancelScan(at time: Double) -> [Effect] {
        guard var scan = transfers.scan, scan.isRunning, !scan.cancelling else { return [] }
        scan.cancelling = true
        transfers.scan = scan
        return [.scan(.cancel)]
    }

    var isScanRunning: Bool { transfers.scan?.isRunning == true }

    // MARK: The host's news

    mutating func scanUpdate(_ update: ScanUpdate, at time: Double) -> [Effect] {
        switch update {
        case .started(let page):
            guard transfers.scan != nil else { return [] }
            underPrompt { $0.enqueue(.scan(.started(page)), at: time) }
        case .finished(let page):
            guard transfers.scan != nil else { return [] }
            underPrompt { $0.enqueue(.scan(.finished(page)), at: time) }
        case .cutShort(let id):
            guard transfers.scan != nil else { return [] }
            underPrompt { $0.enqueue(.scan(.cutShort(pageID: id)), at: time) }
        case .ended(let count, let end):
            guard let line = transfers.scan?.ended(count: count, end) else { return [] }
            // Said at once, not after the last page's animation.
            notices.post(line, at: time)
            underPrompt { $0.enqueue(.scan(.ended), at: time) }
        case .note(let message):
            notices.post(message.shown, at: time)
        case .scanners, .noScanners, .offers:
            return scanPanel(.news(update), at: time)
        case .recoveryOffered(let offer):
            guard offer.pages > 0 else { return [] }
            // Over whatever is up, the quit prompt included (it stays on top).
            if case .askingToQuit(let under) = interaction {
                interaction = .askingToQuit(under: .dialog(.recovery(offer), under: under))
            } else {
                interaction = .dialog(.recovery(offer), under: interaction)
            }
        case .recovered(let pages):
            guard !pages.isEmpty else { return [] }
            underPrompt { $0.enqueue(.insert(pages), at: time) }
            let camera = pages.filter { $0.source.isCameraTake }.count
            notices.post(tr("Added %s from an earlier session", RecoveryOffer.phrase(pages: pages.count, camera: camera)), at: time)
        }
        return []
    }

    // MARK: Steps, in order with the other commands

    mutating func perform(_ step: ScanStep, at time: Double) {
        let pages = self.pages, focus = focusIndex
        switch step {
        case .started(let page):
            guard let placed = transfers.scan?.started(page, in: pages, focus: focus) else { return }
            // Its rows may come at once: it grows into its slot as the gap opens, on screen from
            // the first frame, so the first of them are drawn as they arrive.
            edit(.insert([placed]), growsWhileOpening: true, at: time)
        case .finished(let page):
            guard let (index, done) = transfers.scan?.finished(page, in: pages) ?? nil, done != pages[index] else { return }
            document = document.replacing(index, with: done)
            layOut()
        case .cutShort(let id):
            guard let index = transfers.scan?.cutShort(id, in: pages) ?? nil else { return }
            let insert = Edit.insert([PlacedPage(index: index, page: pages[index])])
            if let (before, removal) = document.withdrawing(insert) {
                transfers.scan?.withdrew(index, in: pages)
                run(removal, to: before, at: time)
            } else {
                edit(.remove([PlacedPage(index: index, page: pages[index])]), at: time)
            }
        case .ended:
            transfers.scan = nil
        }
    }

    // MARK: Dialogs

    /// The scan panel room's reducer on the panel up (or none), its outputs routed.
    mutating func scanPanel(_ action: ScanPanelFeature.Action, at time: Double) -> [Effect] {
        let context = ScanPanelFeature.Context(scanRunning: isScanRunning, window: windowSize, measurer: measurer)
        return card({ if case .scanPanel(let panel) = $0 { panel } else { nil } }, Dialog.scanPanel, at: time) {
            ScanPanelFeature.reduce(into: &$0, action: action, context: context)
        }
    }

    mutating func answerRecovery(_ answer: RecoveryPrompt.Answer, under: Interaction) -> [Effect] {
        interaction = under
        switch answer {
        case .take: return [.scan(.recover(take: true, firstNumber: document.nextScanNumber))]
        case .discard: return [.scan(.recover(take: false, firstNumber: 0))]
        case .later: return []
        }
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
