import StripsCore

/// The room of the scan in progress: its value (`State`: none, or the `ScanProgress` under way)
/// and the one reducer that starts and stops it, takes the host's news of its pages and places
/// each in turn. What it reads of the editor (the pages and the focus a step is placed among, the
/// page a new scan goes after, the number its first page takes) comes in with the action; what
/// it wants of the rest comes back as outputs: the host's scan requests, a line on the status
/// line, its steps queued with the editor's other commands, and each step's change of the
/// document (a page taking its slot, filled in, or withdrawn).
package enum ScanFeature: PhotosFeature {
    package typealias State = ScanProgress?

    package enum Action {
        /// Ctrl+N (`choice` nil: the last settings) or the panel's Scan: after the page `anchor`
        /// (the one in focus), the first page numbered `firstNumber`.
        case start(ScanChoice?, anchor: String?, firstNumber: Int)
        /// Escape while the scanner works: it stops; pages finished so far stay.
        case cancel
        /// The host's news of the scan's pages (`started`, `finished`, `cutShort`, `ended`, `note`;
        /// the panel's and the recovery offer's news go to their rooms).
        case update(ScanUpdate)
        /// A step's turn among the editor's commands, placed among `pages` around `focus`.
        case step(ScanStep, pages: [Page], focus: Int)
        /// The page at `index` of `pages` was withdrawn as if it had never come: the next goes there.
        case withdrew(Int, pages: [Page])
    }

    package static func reduce(into state: inout State, action: Action, context: Void) -> [PhotosOutput] {
        switch action {
        case .start(let choice, let anchor, let firstNumber):
            if let scanning = state {
                return [.notice(scanning.isRunning ? tr("Already scanning… (Esc stops it)") : tr("Placing the last scanned pages…"))]
            }
            state = ScanProgress(anchor: anchor, language: choice?.language)
            return [.effect(.scan(.start(ScanRequest(choice: choice, firstNumber: firstNumber))))]
        case .cancel:
            guard let scan = state, scan.isRunning, !scan.cancelling else { return [] }
            state?.cancelling = true
            return [.effect(.scan(.cancel))]
        case .update(let update):
            return updated(update, &state)
        case .step(let step, let pages, let focus):
            return placed(step, pages: pages, focus: focus, &state)
        case .withdrew(let index, let pages):
            state?.withdrew(index, in: pages)
            return []
        }
    }

    private static func updated(_ update: ScanUpdate, _ state: inout State) -> [PhotosOutput] {
        switch update {
        case .started(let page):
            return state == nil ? [] : [.enqueue(.scan(.started(page)))]
        case .finished(let page):
            return state == nil ? [] : [.enqueue(.scan(.finished(page)))]
        case .cutShort(let id):
            return state == nil ? [] : [.enqueue(.scan(.cutShort(pageID: id)))]
        case .ended(let count, let end):
            guard let line = state?.ended(count: count, end) else { return [] }
            // Said at once, not after the last page's animation.
            return [.notice(line), .enqueue(.scan(.ended))]
        case .note(let message):
            return [.notice(message.shown)]
        case .scanners, .noScanners, .offers, .recoveryOffered, .recovered:
            return []
        }
    }

    private static func placed(_ step: ScanStep, pages: [Page], focus: Int, _ state: inout State) -> [PhotosOutput] {
        switch step {
        case .started(let page):
            guard let placed = state?.started(page, in: pages, focus: focus) else { return [] }
            return [.arriving(placed)]
        case .finished(let page):
            guard let (index, done) = state?.finished(page, in: pages) ?? nil, done != pages[index] else { return [] }
            return [.replace(index, with: done)]
        case .cutShort(let id):
            guard let index = state?.cutShort(id, in: pages) ?? nil else { return [] }
            return [.withdraw(PlacedPage(index: index, page: pages[index]))]
        case .ended:
            state = nil
            return []
        }
    }
}

/// The recovery offer's room: the card offering the scans an earlier session left (`State`: the
/// offer up, or none) and its answers. Taking them asks the host for them, numbered from
/// `firstNumber`; they come back as `recovered` and are inserted, said on the status line.
package enum RecoveryFeature: PhotosFeature {
    package typealias State = RecoveryOffer?

    package enum Action {
        /// The host found an earlier session's scans (an offer of none is not made).
        case offered(RecoveryOffer)
        /// The card answered: take them (numbered from `firstNumber`), discard them, or later.
        case answer(RecoveryPrompt.Answer, firstNumber: Int)
        /// The pages taken back arrived.
        case recovered([Page])
    }

    package static func reduce(into state: inout State, action: Action, context: Void) -> [PhotosOutput] {
        switch action {
        case .offered(let offer):
            if offer.pages > 0 { state = offer }
            return []
        case .answer(let answer, let firstNumber):
            state = nil
            switch answer {
            case .take: return [.effect(.scan(.recover(take: true, firstNumber: firstNumber)))]
            case .discard: return [.effect(.scan(.recover(take: false, firstNumber: 0)))]
            case .later: return []
            }
        case .recovered(let pages):
            guard !pages.isEmpty else { return [] }
            let camera = pages.filter { $0.source.isCameraTake }.count
            return [.enqueue(.insert(pages)), .notice(tr("Added %s from an earlier session", RecoveryOffer.phrase(pages: pages.count, camera: camera)))]
        }
    }
}
