import StripsCore
import StripsPhotosFeatures

/// What the editor draws over its strips: the page counter, a status line, the quit prompt,
/// a dialog (the scan panel, the offer of earlier scans).
public struct PhotosDecorations: Hashable, Sendable {
    /// "3 / 12" over the preview; nil when fully faded.
    public var counter: TextRun?
    public var status: TextRun?
    public var prompt: QuitPrompt?
    /// The search field (Ctrl+F) while it is open.
    public var search: SearchField?
    public var scanPanel: ScanPanelCard?
    public var recovery: RecoveryPrompt?
    /// The keys overlay (F1) and a context menu, while they are up.
    public var keys: KeysOverlayCard?
    public var menu: ContextMenuCard?

    public static let none = PhotosDecorations()

    /// Pages done of the total while saving: a bar under the status line.
    public var progress: Double?

    func drawItems(toolbar: ToolbarFrame? = nil) -> [DrawItem] {
        var items: [DrawItem] = []
        for run in [counter, status].compactMap({ $0 }) {
            // A dark pill behind the text keeps it readable over any page.
            var pill = Rect(center: run.frame.center, size: Size(width: run.frame.width + 24, height: run.frame.height + 10))
            let showsBar = run == status && progress != nil
            if showsBar { pill = Rect(x: pill.minX, y: pill.minY, width: max(pill.width, 220), height: pill.height + 8) }
            pill.origin.x = run.frame.midX - pill.width / 2
            items.append(.fill(Fill(rect: pill, color: Color(0, 0, 0), alpha: 0.85 * run.alpha)))
            items.append(.text(run))
            if showsBar, let progress {
                let track = Rect(x: pill.minX + 12, y: pill.maxY - 8, width: pill.width - 24, height: 3)
                items.append(.fill(Fill(rect: track, color: Color(255, 255, 255), alpha: 0.2)))
                items.append(.fill(Fill(rect: Rect(x: track.minX, y: track.minY, width: track.width * progress.clamped(to: 0...1), height: track.height),
                                        color: ToolbarFrame.accent)))
            }
        }
        items += toolbar?.tooltipItems() ?? []
        if let search { items += search.drawItems() }
        if let scanPanel { items += scanPanel.drawItems() }
        if let recovery { items += recovery.drawItems() }
        if let keys { items += keys.drawItems() }
        if let menu { items += menu.drawItems() }
        if let prompt { items += prompt.drawItems() }
        return items
    }
}

/// "Save changes before quitting?": a card with three buttons, each with its key. The card and
/// its buttons grow to their words (a translation is often longer than the English, a document's
/// name any length), as far as the window allows; the question wraps onto more lines beyond that.
public struct QuitPrompt: Hashable, Sendable {
    public struct Button: Hashable, Sendable {
        public var label: String
        public var frame: Rect
        var answer: PhotosScene.QuitAnswer
    }

    public var window: Size
    public var card: Rect
    /// The question, a line each.
    public var question: [TextRun]
    public var buttons: [Button]
    var labels: [TextRun]

    static let margin = 16.0, questionSize = 17.0, labelSize = 14.0, lineHeight = 22.0

    public init(window: Size, documentName: String, measurer: any TextMeasurer) {
        self.window = window
        let specs: [(String, PhotosScene.QuitAnswer)] = [
            (tr("Save (S)"), .save), (tr("Quit without saving (D)"), .discard), (tr("Keep editing (Esc)"), .keepEditing),
        ]
        let text = tr("Save the changes to %s before quitting?", documentName)
        let margin = Self.margin, room = max(0, window.width - 24)
        // The card 620 pt wide (the English one), wider for buttons that hold the widest label
        // with 8 pt either side, or for the question, within the window.
        let widest = specs.map { measurer.size(of: $0.0, pointSize: Self.labelSize, weight: .regular).width }.max() ?? 0
        let asked = measurer.size(of: text, pointSize: Self.questionSize, weight: .bold).width
        let cardWidth = min(room, max(620, 3 * (widest + margin) + 4 * margin, asked + 3 * margin))
        let lines = KeysOverlayCard.wrap(text, width: max(1, cardWidth - 3 * margin), size: Self.questionSize, weight: .bold, measurer: measurer)
        let center = Point(x: window.width / 2, y: window.height / 2)
        let card = Rect(center: center, size: Size(width: cardWidth, height: 150 + Double(max(0, lines.count - 1)) * Self.lineHeight))
        self.card = card
        question = lines.enumerated().map { k, line in
            measurer.run(line, centeredAt: Point(x: center.x, y: card.minY + 40 + Double(k) * Self.lineHeight), pointSize: Self.questionSize, weight: .bold)
        }
        let width = (card.width - margin * 4) / 3
        let buttons = specs.enumerated().map { i, spec in
            let x = card.minX + margin + Double(i) * (width + margin)
            return Button(label: spec.0, frame: Rect(x: x, y: card.maxY - 60, width: width, height: 40), answer: spec.1)
        }
        self.buttons = buttons
        labels = buttons.map { measurer.run($0.label, centeredAt: $0.frame.center, pointSize: Self.labelSize) }
    }

    func answer(at p: Point) -> PhotosScene.QuitAnswer? { buttons.first { $0.frame.contains(p) }?.answer }

    func drawItems() -> [DrawItem] {
        var items: [DrawItem] = [
            .fill(Fill(rect: Rect(origin: .zero, size: window), color: Color(0, 0, 0), alpha: 0.5)),
            .fill(Fill(rect: card, color: Color(44, 44, 50))),
        ] + question.map(DrawItem.text)
        for (button, label) in zip(buttons, labels) {
            let color = button.answer == .save ? Color(52, 110, 220) : Color(70, 70, 78)
            items.append(.fill(Fill(rect: button.frame, color: color)))
            items.append(.text(label))
        }
        return items
    }
}

extension PhotosScene {
    func decorations(at time: Double) -> PhotosDecorations {
        var d = PhotosDecorations()
        let box = geometry.preview
        let count = shownPages.count
        let alpha = notices.counterAlpha(at: time, tuning: setup.tuning.editor)
        // The camera view has its own line where the counter would be.
        if alpha > 0, count > 0, box.height > 60, !isCameraOpen {
            d.counter = setup.measurer.run("\(strips.focusIndex + 1) / \(count)", centeredAt: Point(x: box.midX, y: box.maxY - 28),
                                     pointSize: 15, weight: .bold, alpha: alpha)
        }
        if let scan = transfers.scan, scan.isRunning, transfers.saving.progress == nil, notices.statusAlpha(at: time, tuning: setup.tuning.editor) == 0 || scan.cancelling {
            // The line while the scanner works (a status line just posted shows first).
            // Which page of the batch, and which page of the document it becomes.
            let text = scan.cancelling ? tr("Stopping the scan…")
                : scan.arriving.map { tr("Scanning page %d (%s)… (Esc stops)", scan.finished + 1, $0.placed) } ?? tr("Scanning page %d… (Esc stops)", scan.finished + 1)
            d.status = setup.measurer.run(text, centeredAt: Point(x: box.midX, y: box.minY + 28), pointSize: 14)
        } else if let saving = transfers.saving.progress {
            // No pages counted yet: the desktop's file chooser is asking where.
            let text = saving.total == 0 ? tr("Choose where to save…") : trn("Saving… %2$d of %1$d page", "Saving… %2$d of %1$d pages", saving.total, saving.done)
            d.status = setup.measurer.run(text, centeredAt: Point(x: box.midX, y: box.minY + 28), pointSize: 14)
            if saving.total > 0 { d.progress = Double(saving.done) / Double(saving.total) }
        } else if let waiting = findings.batches.judging.waiting {
            // Pages still being judged before Ctrl+Shift+B or a save can act.
            let text = waiting == .save
                ? trn("Looking for separator sheets before saving… %d page to go", "Looking for separator sheets before saving… %d pages to go", findings.batches.judging.outstanding)
                : trn("Looking for blank pages… %d page to go", "Looking for blank pages… %d pages to go", findings.batches.judging.outstanding)
            d.status = setup.measurer.run(text, centeredAt: Point(x: box.midX, y: box.minY + 28), pointSize: 14)
        } else if findings.borders.awaiting > 0, borderSession == nil, notices.statusAlpha(at: time, tuning: setup.tuning.editor) == 0 {
            // Shift+C under way: a book's spread or a 12 MP page takes the host a few seconds in the
            // window (a script's answer comes before its next frame, so never shows this).
            d.status = setup.measurer.run(tr("Finding the pages' borders…"), centeredAt: Point(x: box.midX, y: box.minY + 28), pointSize: 14)
        } else if notices.opening {
            d.status = setup.measurer.run(tr("Choose files to open…"), centeredAt: Point(x: box.midX, y: box.minY + 28), pointSize: 14)
        } else if let status = notices.status {
            let alpha = notices.statusAlpha(at: time, tuning: setup.tuning.editor)
            if alpha > 0 {
                d.status = setup.measurer.run(status.text, centeredAt: Point(x: box.midX, y: box.minY + 28), pointSize: 14, alpha: alpha)
            }
        }
        if let search = interaction.search, box.width > 0, box.height > 0 { d.search = SearchField(search, preview: box, measurer: setup.measurer) }
        if interaction.isAskingToQuit { d.prompt = QuitPrompt(window: setup.windowSize, documentName: setup.documentName, measurer: setup.measurer) }
        switch interaction.dialogUnderPrompt {
        case .scanPanel(let panel)?: d.scanPanel = ScanPanelCard(panel, window: setup.windowSize, measurer: setup.measurer)
        case .recovery(let offer)?: d.recovery = RecoveryPrompt(offer, window: setup.windowSize, measurer: setup.measurer)
        case .keys(let overlay)?: d.keys = KeysOverlayCard(overlay, window: setup.windowSize, measurer: setup.measurer)
        case .menu(let menu)?: d.menu = ContextMenuCard(menu, window: setup.windowSize, measurer: setup.measurer)
        case nil: break
        }
        return d
    }
}
