import StripsCore

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
