import StripsCore

/// What an empty document (every page deleted, or none to start with) shows instead of the
/// strips: what to do to get pages, as buttons that do it (each an editor key's action, its key
/// from the table), and dropping files. One line a way in: a new source is one more line here.
public struct EmptyDocument: Hashable, Sendable {
    public struct WayIn: Hashable, Sendable {
        /// The icon's name (`Assets/Toolbar/NAME.png`).
        public var name: String
        public var title: String
        public var action: EditorKey
    }

    public static let waysIn: [WayIn] = [
        WayIn(name: "open", title: tr("Open files…"), action: .open),
        WayIn(name: "scan", title: tr("Scan"), action: .scan),
        WayIn(name: "camera", title: tr("Camera"), action: .camera(.toggle)),
    ]

    public var buttons: [(way: WayIn, frame: Rect)]
    private var items: [DrawItem]

    public static func == (a: EmptyDocument, b: EmptyDocument) -> Bool { a.items == b.items }
    public func hash(into hasher: inout Hasher) { hasher.combine(items) }

    /// Laid out in `box` (the preview's place); `canUndo`: a deleted page can come back.
    public init(in box: Rect, canUndo: Bool, enabled: (EditorKey) -> Bool, measurer: any TextMeasurer) {
        var items: [DrawItem] = []
        var buttons: [(WayIn, Rect)] = []
        // Each button as wide as its icon, name and key need.
        let widths = Self.waysIn.map { way -> Double in
            let key = EditorKey.table.shortcut(for: way.action).map { "  \($0)" } ?? ""
            return 20 + 8 + measurer.size(of: way.title, pointSize: 15, weight: .bold).width + measurer.size(of: key, pointSize: 12, weight: .regular).width + 32
        }
        let buttonHeight = 40.0
        let gap = 14.0
        let row = widths.reduce(0, +) + Double(Self.waysIn.count - 1) * gap
        // Too small a window for the buttons: the words alone.
        let roomy = box.width >= row + 20 && box.height >= 180
        let centre = box.center
        items.append(.text(measurer.run(tr("No pages"), centeredAt: Point(x: centre.x, y: centre.y - (roomy ? 64 : 18)), pointSize: 28, weight: .bold)))
        if roomy {
            var x = centre.x - row / 2
            for (way, width) in zip(Self.waysIn, widths) {
                let frame = Rect(x: x, y: centre.y - buttonHeight / 2, width: width, height: buttonHeight)
                let on = enabled(way.action)
                items.append(.polygon(Polygon.roundedRect(frame, radius: 8, color: way.name == "open" ? Color(52, 110, 220) : Color(62, 62, 72),
                                                          alpha: on ? 1 : 0.5)))
                let key = EditorKey.table.shortcut(for: way.action).map { "  \($0)" } ?? ""
                let label = measurer.size(of: way.title, pointSize: 15, weight: .bold)
                let keySize = measurer.size(of: key, pointSize: 12, weight: .regular)
                let content = 20 + 8 + label.width + keySize.width
                let left = frame.midX - content / 2
                items.append(.icon(Icon(name: way.name, frame: Rect(x: left, y: frame.midY - 10, width: 20, height: 20), alpha: on ? 1 : 0.4)))
                items.append(.text(TextRun(text: way.title, frame: Rect(x: left + 28, y: frame.midY - label.height / 2, width: label.width, height: label.height),
                                           pointSize: 15, weight: .bold, alpha: on ? 1 : 0.5)))
                if !key.isEmpty {
                    items.append(.text(TextRun(text: key, frame: Rect(x: left + 28 + label.width, y: frame.midY - keySize.height / 2 + 1,
                                                                      width: keySize.width, height: keySize.height),
                                               pointSize: 12, color: Color(210, 215, 230), alpha: on ? 1 : 0.5)))
                }
                buttons.append((way, frame))
                x += width + gap
            }
        }
        var lines = [tr("Drop pictures, PDFs or folders here")]
        if !roomy {
            lines.append(Self.waysIn.map { way in EditorKey.table.shortcut(for: way.action).map { "\(way.title) \($0)" } ?? way.title }
                .joined(separator: " · "))
        }
        if canUndo { lines.append(tr("Ctrl+Z brings back the last page deleted")) }
        var y = centre.y + (roomy ? 46 : 20)
        for line in lines {
            // Smaller in a small window, so a line stays inside it.
            let width = measurer.size(of: line, pointSize: 15, weight: .regular).width
            let size = width > box.width - 16 ? max(9, (15 * (box.width - 16) / max(1, width)).rounded(.down)) : 15
            items.append(.text(measurer.run(line, centeredAt: Point(x: centre.x, y: y), pointSize: size, color: .secondaryText)))
            y += 24
        }
        self.buttons = buttons
        self.items = items
    }

    public func way(at p: Point) -> WayIn? { buttons.first { $0.frame.contains(p) }?.way }

    package func drawItems() -> [DrawItem] { items }
}
