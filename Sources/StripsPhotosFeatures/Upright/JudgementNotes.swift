import StripsCore

extension UprightFinding {
    /// What the judges decided about `page` and why, as notes heading its menu: turned upright,
    /// blank, a separator sheet; none for an ordinary page left as it is.
    package static func notes(for page: Page, judging: Judging) -> [MenuItem] {
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
