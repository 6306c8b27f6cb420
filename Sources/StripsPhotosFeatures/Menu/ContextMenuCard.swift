import StripsCore

/// A context menu as drawn: its items in a card at the pointer (kept inside the window), an open
/// submenu beside its item; what the pointer is over.
public struct ContextMenuCard: Hashable, Sendable {
    static let itemHeight = 26.0
    static let separator = 9.0
    static let padding = 5.0
    static let textSize = 14.0

    public enum Hit: Hashable, Sendable {
        case item(Int), subitem(Int)
    }

    public var frame: Rect
    public var itemFrames: [Rect]
    public var subframe: Rect?
    public var subitemFrames: [Rect] = []
    private var items: [DrawItem] = []

    public init(_ menu: ContextMenu, window: Size, measurer: any TextMeasurer) {
        let (frame, frames) = Self.place(menu.items, at: menu.anchor, window: window, measurer: measurer, beside: nil)
        self.frame = frame
        itemFrames = frames
        items = Self.draw(menu.items, in: frame, frames: frames, highlight: menu.highlight, measurer: measurer)
        if let s = menu.submenu, menu.items.indices.contains(s), frames.indices.contains(s) {
            let (sub, subFrames) = Self.place(menu.items[s].submenu, at: Point(x: frame.maxX - 2, y: frames[s].minY - Self.padding), window: window,
                                               measurer: measurer, beside: frame)
            subframe = sub
            subitemFrames = subFrames
            items += Self.draw(menu.items[s].submenu, in: sub, frames: subFrames, highlight: menu.subHighlight, measurer: measurer)
        }
    }

    public func hit(_ p: Point) -> Hit? {
        if let subframe, subframe.contains(p) {
            return subitemFrames.firstIndex { $0.contains(p) }.map { .subitem($0) }
        }
        return itemFrames.firstIndex { $0.contains(p) }.map { .item($0) }
    }

    /// True when `p` is on the menu or its submenu (between items too).
    public func contains(_ p: Point) -> Bool { frame.contains(p) || (subframe?.contains(p) ?? false) }

    package func drawItems() -> [DrawItem] { items }

    /// The card for `entries` with its top-left at `anchor`, moved inside the window (a submenu
    /// that does not fit on the right of its menu, `beside`, goes to its left).
    private static func place(_ entries: [MenuItem], at anchor: Point, window: Size, measurer: any TextMeasurer,
                              beside parent: Rect?) -> (Rect, [Rect]) {
        let widest = entries.map { item -> Double in
            let title = measurer.size(of: item.title, pointSize: textSize, weight: .regular).width
            let key = item.shortcut.map { measurer.size(of: $0, pointSize: 12, weight: .regular).width + 28 } ?? 0
            return title + key + (item.submenu.isEmpty ? 0 : 24)
        }.max() ?? 0
        let width = max(180, (widest + 52).rounded(.up))
        let height = entries.reduce(2 * padding) { $0 + itemHeight + ($1.startsGroup ? separator : 0) }
        var x = anchor.x, y = anchor.y
        if x + width > window.width { x = parent.map { $0.minX - width + 2 } ?? window.width - width }
        if y + height > window.height { y = window.height - height }
        x = max(0, x)
        y = max(0, y)
        let frame = Rect(x: x, y: y, width: width, height: height)
        var frames: [Rect] = []
        var top = y + padding
        for item in entries {
            if item.startsGroup { top += separator }
            frames.append(Rect(x: x + padding, y: top, width: width - 2 * padding, height: itemHeight))
            top += itemHeight
        }
        return (frame, frames)
    }

    private static func draw(_ entries: [MenuItem], in frame: Rect, frames: [Rect], highlight: Int?, measurer: any TextMeasurer) -> [DrawItem] {
        var items: [DrawItem] = [
            .polygon(Polygon.roundedRect(frame.offsetBy(dx: 0, dy: 3), radius: 8, color: Color(0, 0, 0), alpha: 0.35)),
            .polygon(Polygon.roundedRect(frame, radius: 8, color: Color(48, 48, 56))),
        ]
        for (i, (item, f)) in zip(entries, frames).enumerated() {
            if item.startsGroup {
                items.append(.fill(Fill(rect: Rect(x: f.minX + 6, y: f.minY - separator / 2 - 0.5, width: f.width - 12, height: 1), color: Color(80, 80, 90))))
            }
            if i == highlight, item.enabled {
                items.append(.polygon(Polygon.roundedRect(f, radius: 5, color: Color(52, 110, 220))))
            }
            // A note (what the judges decided) reads in full, in the secondary colour; a disabled item is dimmed.
            let alpha = item.enabled || item.isNote ? 1.0 : 0.4
            if item.checked {
                items.append(.text(measurer.run("✓", centeredAt: Point(x: f.minX + 13, y: f.midY), pointSize: textSize, alpha: alpha)))
            }
            let title = measurer.size(of: item.title, pointSize: textSize, weight: .regular)
            items.append(.text(TextRun(text: item.title, frame: Rect(x: f.minX + 26, y: f.midY - title.height / 2, width: title.width, height: title.height),
                                       pointSize: textSize, color: item.isNote ? .secondaryText : .text, alpha: alpha)))
            if let shortcut = item.shortcut {
                let s = measurer.size(of: shortcut, pointSize: 12, weight: .regular)
                items.append(.text(TextRun(text: shortcut, frame: Rect(x: f.maxX - 10 - s.width, y: f.midY - s.height / 2, width: s.width, height: s.height),
                                           pointSize: 12, color: i == highlight && item.enabled ? .text : .secondaryText, alpha: alpha)))
            }
            if !item.submenu.isEmpty {
                items.append(.text(measurer.run("›", centeredAt: Point(x: f.maxX - 14, y: f.midY - 1), pointSize: 17, alpha: alpha)))
            }
        }
        return items
    }
}
