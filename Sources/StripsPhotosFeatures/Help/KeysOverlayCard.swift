import Foundation
import StripsCore

/// The keys overlay as drawn: a dimmed window, a card with a title, and the entries in as many
/// columns as fit (group headings kept with their first line, long lines wrapped), scrolled
/// when even that is taller than the card.
public struct KeysOverlayCard: Hashable, Sendable {
    static let lineHeight = 18.0
    static let textSize = 13.0
    static let headingSize = 14.0
    static let minColumn = 330.0
    static let padding = 20.0

    public var card: Rect
    /// The scroll actually shown, and the most there is.
    public var scroll: Double
    public var maxScroll: Double
    private var items: [DrawItem]

    public init(_ overlay: KeysOverlay, window: Size, measurer: any TextMeasurer) {
        let margin = window.width < 400 || window.height < 300 ? 0.0 : 24
        let card = Rect(x: margin, y: margin, width: max(0, window.width - 2 * margin), height: max(0, window.height - 2 * margin))
        self.card = card
        let pad = Self.padding
        let top = card.minY + 52
        let viewport = max(0, card.maxY - pad - top)
        let columns = max(1, min(3, Int((card.width - pad) / Self.minColumn)))
        let columnWidth = max(1, (card.width - pad * Double(columns + 1)) / Double(columns))
        let keysWidth = min(150, columnWidth * 0.4)
        let helpWidth = max(1, columnWidth - keysWidth - 10)

        // Blocks: a heading, or an entry's lines (keys beside the first of its wrapped help lines).
        struct Block { var heading: String?; var keys: [String]; var help: [String]; var context: String?
            var height: Double { Double(max(heading == nil ? 0 : 1, keys.count, help.count)) * KeysOverlayCard.lineHeight + (heading == nil ? 0 : 8) } }
        var blocks: [Block] = []
        for group in KeyGroup.allCases {
            let entries = KeysOverlay.entries.filter { $0.group == group }
            guard !entries.isEmpty else { continue }
            blocks.append(Block(heading: group.title, keys: [], help: []))
            for entry in entries {
                let keys = Self.wrap(entry.context.map { "\($0): \(entry.keys)" } ?? entry.keys, width: keysWidth, size: Self.textSize, weight: .bold, measurer: measurer)
                let help = Self.wrap(entry.help, width: helpWidth, size: Self.textSize, weight: .regular, measurer: measurer)
                blocks.append(Block(keys: keys, help: help))
            }
        }
        // Balanced columns: each takes about its share, a heading never ends one.
        let total = blocks.reduce(0) { $0 + $1.height }
        let share = max(viewport, total / Double(columns))
        var placed: [(Block, column: Int, y: Double)] = []
        var column = 0, y = 0.0
        for (i, block) in blocks.enumerated() {
            let next = i + 1 < blocks.count ? blocks[i + 1].height : 0
            let need = block.height + (block.heading != nil ? next : 0)
            if y > 0, y + need > share + Self.lineHeight / 2, column + 1 < columns {
                column += 1
                y = 0
            }
            placed.append((block, column, y))
            y += block.height
        }
        let contentHeight = placed.map { $0.y + $0.0.height }.max() ?? 0
        let most = max(0, contentHeight - viewport), shown = min(overlay.scroll, most)
        maxScroll = most
        scroll = shown

        var items: [DrawItem] = [
            .fill(Fill(rect: Rect(origin: .zero, size: window), color: Color(0, 0, 0), alpha: 0.55)),
            .polygon(Polygon.roundedRect(card, radius: margin > 0 ? 10 : 0, color: Color(36, 36, 42))),
        ]
        let heading = tr("Keys and gestures")
        let title = measurer.size(of: heading, pointSize: 18, weight: .bold)
        items.append(.text(TextRun(text: heading, frame: Rect(x: card.minX + pad, y: card.minY + 16, width: title.width, height: title.height),
                                   pointSize: 18, weight: .bold)))
        let hint = most > 0 ? tr("Esc or F1 closes · Up / Down scroll") : tr("Esc or F1 closes")
        let hintSize = measurer.size(of: hint, pointSize: 13, weight: .regular)
        items.append(.text(TextRun(text: hint, frame: Rect(x: card.maxX - pad - hintSize.width, y: card.minY + 20, width: hintSize.width, height: hintSize.height),
                                   pointSize: 13, color: .secondaryText)))
        for (block, column, blockY) in placed {
            let x = card.minX + pad + Double(column) * (columnWidth + pad)
            func line(_ text: String, at lineY: Double, dx: Double, size: Double, weight: TextRun.Weight, color: Color) {
                let y = top + lineY - shown
                // Only whole lines inside the card: text is not clipped.
                guard y >= top - 0.5, y + Self.lineHeight <= top + viewport + 0.5 else { return }
                let s = measurer.size(of: text, pointSize: size, weight: weight)
                items.append(.text(TextRun(text: text, frame: Rect(x: x + dx, y: y + (Self.lineHeight - s.height) / 2, width: s.width, height: s.height),
                                           pointSize: size, weight: weight, color: color)))
            }
            if let heading = block.heading {
                line(heading, at: blockY + 4, dx: 0, size: Self.headingSize, weight: .bold, color: Color(120, 170, 255))
                continue
            }
            for (i, text) in block.keys.enumerated() { line(text, at: blockY + Double(i) * Self.lineHeight, dx: 0, size: Self.textSize, weight: .bold, color: .text) }
            for (i, text) in block.help.enumerated() {
                line(text, at: blockY + Double(i) * Self.lineHeight, dx: keysWidth + 10, size: Self.textSize, weight: .regular, color: Color(200, 200, 208))
            }
        }
        self.items = items
    }

    package func drawItems() -> [DrawItem] { items }

    /// `text` broken at spaces into lines no wider than `width` (a word longer than that is a line of its own).
    package static func wrap(_ text: String, width: Double, size: Double, weight: TextRun.Weight, measurer: any TextMeasurer) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || measurer.size(of: candidate, pointSize: size, weight: weight).width <= width {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

extension Polygon {
    /// A rectangle with rounded corners (a convex polygon: each corner a quarter circle of a few points).
    public static func roundedRect(_ rect: Rect, radius: Double, color: Color, alpha: Double = 1, clip: Rect? = nil) -> Polygon {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        guard r > 0.5 else {
            return Polygon(points: [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY),
                                    Point(x: rect.minX, y: rect.maxY)], color: color, alpha: alpha, clip: clip)
        }
        let centres = [Point(x: rect.maxX - r, y: rect.minY + r), Point(x: rect.maxX - r, y: rect.maxY - r),
                       Point(x: rect.minX + r, y: rect.maxY - r), Point(x: rect.minX + r, y: rect.minY + r)]
        var points: [Point] = []
        let steps = 5
        for (k, c) in centres.enumerated() {
            // Clockwise from the top-right corner's top (-90 degrees).
            let start = -Double.pi / 2 + Double(k) * Double.pi / 2
            for s in 0...steps {
                let a = start + Double(s) / Double(steps) * Double.pi / 2
                points.append(Point(x: c.x + r * cos(a), y: c.y + r * sin(a)))
            }
        }
        return Polygon(points: points, color: color, alpha: alpha, clip: clip)
    }
}
