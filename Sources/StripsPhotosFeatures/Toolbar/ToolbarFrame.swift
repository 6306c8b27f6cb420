import StripsCore

/// The toolbar as drawn: the bar, each button (its icon greyed when it cannot act, lit under the
/// pointer and while pressed), the tooltip of the one the pointer rests on, and how far the
/// reading of the pages' text has got (a bar along the search button, a line in the bar).
public struct ToolbarFrame: Hashable, Sendable {
    public struct Button: Hashable, Sendable {
        package init(name: String, frame: Rect, enabled: Bool, hovered: Bool, pressed: Bool, on: Bool, tooltip: String) {
            self.name = name
            self.frame = frame
            self.enabled = enabled
            self.hovered = hovered
            self.pressed = pressed
            self.on = on
            self.tooltip = tooltip
        }

        public var name: String
        public var frame: Rect
        public var enabled: Bool
        public var hovered: Bool
        public var pressed: Bool
        /// A button that turns a mode on shows it on (the camera while its view is open).
        public var on: Bool
        public var tooltip: String
    }

    public var bar: Rect
    public var buttons: [Button]
    /// The tooltip shown, and its box.
    public var tooltip: TextRun?
    public var tooltipBox: Rect?
    public var reading: ReadingProgress?
    private var barItems: [DrawItem] = []

    static let iconSize = 20.0
    package static let accent = Color(120, 170, 255)

    package init(bar: Rect, buttons: [Button], window: Size, tooltipFor hover: String?, reading: ReadingProgress?, measurer: any TextMeasurer) {
        self.bar = bar
        self.buttons = buttons
        self.reading = reading
        var items: [DrawItem] = [
            .fill(Fill(rect: bar, color: Color(34, 34, 39))),
            .fill(Fill(rect: Rect(x: bar.minX, y: bar.maxY - 1, width: bar.width, height: 1), color: Color(56, 56, 64))),
        ]
        for b in buttons {
            if b.on { items.append(.polygon(Polygon.roundedRect(b.frame, radius: 6, color: Self.accent, alpha: 0.35))) }
            if b.enabled, b.pressed || b.hovered {
                items.append(.polygon(Polygon.roundedRect(b.frame, radius: 6, color: Color(255, 255, 255), alpha: b.pressed ? 0.2 : 0.1)))
            }
            let icon = Rect(center: b.frame.center, size: Size(width: Self.iconSize, height: Self.iconSize))
            items.append(.icon(Icon(name: b.name, frame: icon, color: .text, alpha: b.enabled ? 0.92 : 0.28)))
        }
        if let reading, let search = buttons.first(where: { $0.name == "search" }) {
            // A thin bar along the foot of the search button, filled as pages are read.
            let track = Rect(x: search.frame.minX + 5, y: search.frame.maxY - 3, width: search.frame.width - 10, height: 2)
            let done = Double(reading.known) / Double(max(1, reading.of))
            items.append(.fill(Fill(rect: track, color: Color(255, 255, 255), alpha: 0.15)))
            items.append(.fill(Fill(rect: Rect(x: track.minX, y: track.minY, width: track.width * done, height: track.height), color: Self.accent)))
            // Where there is room between the two groups, in words.
            let text = trn("Reading text: %2$d of %1$d page", "Reading text: %2$d of %1$d pages", reading.of, reading.known)
            let size = measurer.size(of: text, pointSize: 12, weight: .regular)
            let left = buttons.filter { $0.frame.maxX < search.frame.minX }.map(\.frame.maxX).max() ?? bar.minX
            if search.frame.minX - 14 - size.width > left + 14 {
                items.append(.text(TextRun(text: text, frame: Rect(x: search.frame.minX - 14 - size.width, y: bar.midY - size.height / 2,
                                                                   width: size.width, height: size.height), pointSize: 12, color: .secondaryText)))
            }
        }
        barItems = items
        if let hover, let b = buttons.first(where: { $0.name == hover }) {
            let full = b.name == "search" ? reading.map { b.tooltip + " · " + trn("text read on %2$d of %1$d page", "text read on %2$d of %1$d pages", $0.of, $0.known) } ?? b.tooltip : b.tooltip
            let size = measurer.size(of: full, pointSize: 13, weight: .regular)
            var box = Rect(x: b.frame.midX - size.width / 2 - 8, y: bar.maxY + 6, width: size.width + 16, height: size.height + 8)
            box.origin.x = max(4, min(box.minX, window.width - box.width - 4))
            tooltipBox = box
            tooltip = TextRun(text: full, frame: Rect(center: box.center, size: size), pointSize: 13, alpha: b.enabled ? 1 : 0.7)
        }
    }

    package func drawItems() -> [DrawItem] { barItems }

    /// Over everything but dialogs: the tooltip.
    package func tooltipItems() -> [DrawItem] {
        guard let tooltip, let tooltipBox else { return [] }
        return [
            .polygon(Polygon.roundedRect(tooltipBox, radius: 5, color: Color(12, 12, 14), alpha: 0.94)),
            .text(tooltip),
        ]
    }
}
