import StripsCore

/// The search field over the preview's top right corner: the query as typed with a caret, and
/// how many hits ("3 of 17"); hits are highlighted on the pages themselves (`SearchHighlight`).
public struct SearchField: Hashable, Sendable {
    public var box: Rect
    public var query: TextRun
    public var count: TextRun?
    public var caret: Rect

    static let width = 360.0, height = 36.0, margin = 12.0, padding = 12.0

    package init(_ search: Search, preview: Rect, measurer: any TextMeasurer) {
        let width = max(120, min(Self.width, preview.width - 2 * Self.margin))
        box = Rect(x: preview.maxX - width - Self.margin, y: preview.minY + Self.margin, width: width, height: Self.height)
        let pointSize = 15.0
        let countText = search.countText
        let counted = countText.isEmpty ? nil : measurer.size(of: countText, pointSize: 13, weight: .regular)
        let box = self.box
        count = counted.map { size in
            TextRun(text: countText, frame: Rect(x: box.maxX - Self.padding - size.width, y: box.midY - size.height / 2, width: size.width, height: size.height),
                    pointSize: 13, color: .secondaryText)
        }
        // The query's end stays in view: a long one loses its start.
        let room = box.width - 2 * Self.padding - (counted.map { $0.width + 10 } ?? 0)
        let (shown, size) = Self.fitted(search.query, room: room, pointSize: pointSize, measurer: measurer)
        let origin = Point(x: box.minX + Self.padding, y: box.midY - size.height / 2)
        if search.query.isEmpty {
            let placeholder = tr("Search the pages' text")
            let hint = measurer.size(of: placeholder, pointSize: pointSize, weight: .regular)
            query = TextRun(text: placeholder, frame: Rect(x: origin.x, y: box.midY - hint.height / 2, width: hint.width, height: hint.height),
                            pointSize: pointSize, color: .secondaryText)
            caret = Rect(x: origin.x, y: box.midY - 9, width: 2, height: 18)
        } else {
            query = TextRun(text: shown, frame: Rect(x: origin.x, y: origin.y, width: size.width, height: size.height), pointSize: pointSize)
            caret = Rect(x: origin.x + size.width + 1, y: box.midY - 9, width: 2, height: 18)
        }
    }

    /// The end of `query` that fits in `room` points, with "…" before it when the start is cut,
    /// and its size. The work is bounded by what fits, not by the query: tails of 16, 32, 64, ...
    /// characters are measured until one is too wide, then a binary search between the last two
    /// finds the longest that fits (a 10,000-character query costs what a 100-character one does).
    public static func fitted(_ query: String, room: Double, pointSize: Double, measurer: any TextMeasurer) -> (String, Size) {
        func measure(_ text: String) -> Size { measurer.size(of: text, pointSize: pointSize, weight: .regular) }
        var fits = 0, fitsSize = measure("…")
        var tooWide: Int?
        var k = 16
        while tooWide == nil {
            let tail = query.suffix(k)
            if tail.endIndex == query.endIndex, tail.startIndex == query.startIndex {
                // The whole query is this short: shown whole when it fits.
                let whole = measure(query)
                if whole.width <= room { return (query, whole) }
                tooWide = tail.count
                break
            }
            let size = measure("…" + tail)
            if size.width > room {
                tooWide = k
            } else {
                (fits, fitsSize) = (k, size)
                k *= 2
            }
        }
        var low = fits, high = tooWide ?? fits + 1
        while high - low > 1 {
            let middle = (low + high) / 2
            let size = measure("…" + query.suffix(middle))
            if size.width <= room { (low, fitsSize) = (middle, size) } else { high = middle }
        }
        return ("…" + query.suffix(low), fitsSize)
    }

    package func drawItems() -> [DrawItem] {
        var items: [DrawItem] = [
            .fill(Fill(rect: Rect(x: box.minX - 1, y: box.minY - 1, width: box.width + 2, height: box.height + 2), color: Color(90, 90, 100))),
            .fill(Fill(rect: box, color: Color(32, 32, 38), alpha: 0.96)),
            .text(query),
            .fill(Fill(rect: caret, color: Color(120, 170, 255))),
        ]
        if let count { items.append(.text(count)) }
        return items
    }
}

/// Search hits on the pages: every hit on a page in view lightly, the current one strongly.
package enum SearchHighlight {
    package static let hit = Color(255, 214, 0)
    package static let current = Color(255, 140, 0)

    /// Boxes in shares of a page's picture (`PageWords`), in window points: `shown` is the page's
    /// rectangle as drawn, the picture turned `quarterTurns` clockwise inside it.
    package static func rects(_ boxes: [Rect], onPicture shown: Rect, quarterTurns: Int) -> [Rect] {
        boxes.map { box in
            let a = turned(Point(x: box.minX, y: box.minY), quarterTurns), b = turned(Point(x: box.maxX, y: box.maxY), quarterTurns)
            let x0 = min(a.x, b.x), x1 = max(a.x, b.x), y0 = min(a.y, b.y), y1 = max(a.y, b.y)
            return Rect(x: shown.minX + x0 * shown.width, y: shown.minY + y0 * shown.height,
                        width: (x1 - x0) * shown.width, height: (y1 - y0) * shown.height)
        }
    }

    /// A point in shares of the picture, in shares of the picture turned `quarters` clockwise.
    static func turned(_ p: Point, _ quarters: Int) -> Point {
        switch ((quarters % 4) + 4) % 4 {
        case 1: return Point(x: 1 - p.y, y: p.x)
        case 2: return Point(x: 1 - p.x, y: 1 - p.y)
        case 3: return Point(x: p.y, y: 1 - p.x)
        default: return p
        }
    }
}
