/// Pages turned upright by themselves, in the scene: the findings routed to `Uprighting` as they
/// come with the judges' answers, its turns run as an edit once the strips rest (with the turn's
/// animation, and one undo step), and what was decided said on the page: a badge on its
/// thumbnail, a tag over the preview and a note heading its menu.
extension PhotosScene {
    /// Judgements the host answered: the turns they find wait for the strips to rest.
    mutating func uprightJudged(_ pages: [JudgedPage], at time: Double) {
        uprighting(.judged(pages), at: time)
        applyUpright(at: time)
    }

    /// The turns waiting given to the document, when nothing else moves (an edit under way, a
    /// drag, a glide or a command waiting come first: the turns wait for them, never the user).
    mutating func applyUpright(at time: Double) {
        guard findings.upright.hasPending, queue.isEmpty, gestures.press == nil, case .resting = interaction.underPrompt else { return }
        uprighting(.apply(pages: pages), at: time)
    }

    /// The uprighting room's reducer on its state, its outputs (an edit, a line) routed; it asks
    /// nothing of the host.
    private mutating func uprighting(_ action: Uprighting.Action, at time: Double) {
        _ = apply(UprightingFeature.reduce(into: &findings.upright, action: action, context: ()), at: time)
    }

    /// What the judges decided about `page` and why, as notes heading its menu: turned upright,
    /// blank, a separator sheet; none for an ordinary page left as it is.
    func judgementNotes(for page: Page) -> [MenuItem] {
        var lines: [(name: String, title: String)] = []
        if page.corrections.upright != 0 {
            lines.append(("upright", UprightFinding.decision(turns: page.corrections.upright)))
            if let finding = judging[page]?.upright { lines.append(("upright reason", finding.reason)) }
        }
        if let code = judging.separator(page) {
            lines.append(("separator", code.text.map { tr("Separator sheet: %s “%s”", code.symbology, $0) } ?? tr("Separator sheet: %s", code.symbology)))
            lines.append(("separator reason", tr("A code and little else: a new document begins after it")))
        } else if judging.isBlank(page) {
            lines.append(("blank", tr("Blank page")))
            let keys = EditorKey.table.shortcut(for: .selectBlank) ?? ""
            lines.append(("blank reason", tr("Nothing written on it: %s selects the blank pages", keys)))
        }
        return lines.map { MenuItem(name: $0.name, title: $0.title, action: nil, enabled: false) }
    }
}

extension BatchMarks {
    /// A page turned upright by itself: a round blue badge with a turning arrow in its thumbnail's
    /// lower left corner (the blank page's mark is the upper right one).
    func uprightBadge(frame: Rect, alpha: Double, clip: Rect) -> [DrawItem] {
        let side = min(16, frame.width * 0.4, frame.height * 0.4)
        guard side >= 6 else { return [] }
        let badge = Rect(x: frame.minX + 3, y: frame.maxY - side - 3, width: side, height: side)
        let size = side * 0.75, width = arrowWidth * side * 0.75
        return [
            .polygon(Polygon.roundedRect(badge, radius: side / 2, color: SelectionMark.color, alpha: alpha, clip: clip)),
            .text(TextRun(text: "↻", frame: Rect(x: badge.midX - width / 2, y: badge.minY, width: width, height: side), pointSize: size, weight: .bold,
                          alpha: alpha)),
        ]
    }
}
