import StripsCore

/// How a selected page is marked: a ring in the accent colour around its thumbnail, and around
/// the preview's picture with a tick badge in its corner.
package enum SelectionMark {
    static let color = Color(64, 140, 255)

    /// A ring `width` points wide just outside `box`.
    package static func ring(around box: Rect, width: Double, alpha: Double, clip: Rect?) -> [DrawItem] {
        let outer = Rect(x: box.minX - width, y: box.minY - width, width: box.width + 2 * width, height: box.height + 2 * width)
        return [
            Rect(x: outer.minX, y: outer.minY, width: outer.width, height: width),
            Rect(x: outer.minX, y: box.maxY, width: outer.width, height: width),
            Rect(x: outer.minX, y: box.minY, width: width, height: box.height),
            Rect(x: box.maxX, y: box.minY, width: width, height: box.height),
        ].map { .fill(Fill(rect: $0, color: color, alpha: alpha, clip: clip)) }
    }

    /// A ring `width` points wide just inside `box`.
    package static func ring(inside box: Rect, width: Double, alpha: Double, clip: Rect?) -> [DrawItem] {
        let w = min(width, box.width / 2, box.height / 2)
        guard w > 0 else { return [] }
        let inner = Rect(x: box.minX + w, y: box.minY + w, width: box.width - 2 * w, height: box.height - 2 * w)
        return ring(around: inner, width: w, alpha: alpha, clip: clip)
    }

    /// A square badge with a tick, inside the top-right corner of `box`.
    package static func badge(at box: Rect, alpha: Double, clip: Rect?) -> [DrawItem] {
        let side = 26.0
        let square = Rect(x: box.maxX - side - 8, y: box.minY + 8, width: side, height: side)
        return [
            .fill(Fill(rect: square, color: color, alpha: alpha, clip: clip)),
            .text(TextRun(text: "✓", frame: square, pointSize: 18, weight: .bold, alpha: alpha)),
        ]
    }
}
