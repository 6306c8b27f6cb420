import StripsCore

/// The scan panel as drawn: a card with a row per setting (label, value between arrows), a line
/// for a problem, and Scan / Cancel buttons; also what a click on it means.
public struct ScanPanelCard: Hashable, Sendable {
    /// What a click on the card does.
    enum Hit: Hashable {
        case value(ScanPanel.Row)
        case scan, cancel
    }

    public var window: Size
    public var card: Rect
    var rows: [(row: ScanPanel.Row, frame: Rect)]
    var scanButton: Rect
    var cancelButton: Rect
    private var items: [DrawItem]

    public static func == (a: ScanPanelCard, b: ScanPanelCard) -> Bool { a.items == b.items && a.card == b.card }
    public func hash(into hasher: inout Hasher) { hasher.combine(items) }

    public init(_ panel: ScanPanel, window: Size, measurer: any TextMeasurer) {
        self.window = window
        let rowHeight = 36.0, width = min(560, max(0, window.width - 24))
        let height = 64 + Double(panel.rows.count) * rowHeight + 30 + 60
        let card = Rect(center: Point(x: window.width / 2, y: window.height / 2), size: Size(width: width, height: height))
        self.card = card
        var items: [DrawItem] = [
            .fill(Fill(rect: Rect(origin: .zero, size: window), color: Color(0, 0, 0), alpha: 0.5)),
            .fill(Fill(rect: card, color: Color(44, 44, 50))),
            .text(measurer.run(tr("Scan"), centeredAt: Point(x: card.midX, y: card.minY + 30), pointSize: 17, weight: .bold)),
        ]
        var rows: [(ScanPanel.Row, Rect)] = []
        let labelX = card.minX + 24, valueCenter = card.minX + width * 0.62
        for (i, row) in panel.rows.enumerated() {
            let frame = Rect(x: card.minX + 12, y: card.minY + 56 + Double(i) * rowHeight, width: width - 24, height: rowHeight - 4)
            rows.append((row, frame))
            if row == panel.row { items.append(.fill(Fill(rect: frame, color: Color(62, 62, 72)))) }
            let label = measurer.size(of: row.label, pointSize: 14, weight: .regular)
            items.append(.text(TextRun(text: row.label, frame: Rect(x: labelX, y: frame.midY - label.height / 2, width: label.width, height: label.height),
                                       pointSize: 14, color: .secondaryText)))
            let several = panel.values(row).count > 1
            let value = several ? "‹  \(panel.shown(row))  ›" : panel.shown(row)
            items.append(.text(measurer.run(value, centeredAt: Point(x: valueCenter, y: frame.midY), pointSize: 14,
                                            weight: row == panel.row ? .bold : .regular)))
        }
        self.rows = rows
        let lineY = card.minY + 56 + Double(rows.count) * rowHeight + 12
        if let problem = panel.problem {
            items.append(.text(measurer.run(problem, centeredAt: Point(x: card.midX, y: lineY), pointSize: 13, color: Color(240, 150, 130))))
        }
        let buttonWidth = (width - 16 * 3) / 2
        scanButton = Rect(x: card.minX + 16, y: card.maxY - 56, width: buttonWidth, height: 40)
        cancelButton = Rect(x: scanButton.maxX + 16, y: card.maxY - 56, width: buttonWidth, height: 40)
        items.append(.fill(Fill(rect: scanButton, color: panel.isReady ? Color(52, 110, 220) : Color(60, 70, 95))))
        items.append(.text(measurer.run(tr("Scan (Return)"), centeredAt: scanButton.center, pointSize: 14, alpha: panel.isReady ? 1 : 0.5)))
        items.append(.fill(Fill(rect: cancelButton, color: Color(70, 70, 78))))
        items.append(.text(measurer.run(tr("Cancel (Esc)"), centeredAt: cancelButton.center, pointSize: 14)))
        self.items = items
    }

    func hit(_ p: Point) -> Hit? {
        if scanButton.contains(p) { return .scan }
        if cancelButton.contains(p) { return .cancel }
        return rows.first { $0.frame.contains(p) }.map { .value($0.row) }
    }

    package func drawItems() -> [DrawItem] { items }
}

/// "N scanned pages were not saved": the offer of scans an earlier session left, with its keys.
public struct RecoveryPrompt: Hashable, Sendable {
    package enum Answer: Hashable { case take, discard, later }

    public var window: Size
    public var card: Rect
    var buttons: [(answer: Answer, frame: Rect)]
    private var items: [DrawItem]

    public static func == (a: RecoveryPrompt, b: RecoveryPrompt) -> Bool { a.items == b.items && a.card == b.card }
    public func hash(into hasher: inout Hasher) { hasher.combine(items) }

    public init(_ offer: RecoveryOffer, window: Size, measurer: any TextMeasurer) {
        self.window = window
        let center = Point(x: window.width / 2, y: window.height / 2)
        let card = Rect(center: center, size: Size(width: min(640, max(0, window.width - 24)), height: 170))
        self.card = card
        let one = offer.pages == 1
        var items: [DrawItem] = [
            .fill(Fill(rect: Rect(origin: .zero, size: window), color: Color(0, 0, 0), alpha: 0.5)),
            .fill(Fill(rect: card, color: Color(44, 44, 50))),
            .text(measurer.run(trn("%s from an earlier session was not saved", "%s from an earlier session were not saved", offer.pages, offer.phrase), centeredAt: Point(x: center.x, y: card.minY + 36),
                               pointSize: 17, weight: .bold)),
            .text(measurer.run(offer.camera == offer.pages
                               ? trn("Taken %s; kept in case Strips stopped before it was saved.", "Taken %s; kept in case Strips stopped before they were saved.", offer.pages, offer.when)
                               : trn("Scanned %s; kept in case Strips stopped before it was saved.", "Scanned %s; kept in case Strips stopped before they were saved.", offer.pages, offer.when),
                               centeredAt: Point(x: center.x, y: card.minY + 66), pointSize: 13, color: .secondaryText)),
        ]
        let specs: [(String, Answer)] = [(one ? tr("Add it (T)") : tr("Add them (T)"), .take), (one ? tr("Discard it (D)") : tr("Discard them (D)"), .discard),
                                         (tr("Later (Esc)"), .later)]
        let width = (card.width - 16 * 4) / 3
        var buttons: [(Answer, Rect)] = []
        for (i, spec) in specs.enumerated() {
            let frame = Rect(x: card.minX + 16 + Double(i) * (width + 16), y: card.maxY - 60, width: width, height: 40)
            buttons.append((spec.1, frame))
            items.append(.fill(Fill(rect: frame, color: spec.1 == .take ? Color(52, 110, 220) : Color(70, 70, 78))))
            items.append(.text(measurer.run(spec.0, centeredAt: frame.center, pointSize: 14)))
        }
        self.buttons = buttons
        self.items = items
    }

    package func answer(at p: Point) -> Answer? { buttons.first { $0.frame.contains(p) }?.answer }

    package func drawItems() -> [DrawItem] { items }
}
