import Foundation

/// A look's parameters in the page's own units, turned into pixels for the picture at hand, so a
/// 66 pt thumbnail, a preview and a 300 dpi page get the same look: the same share of the page
/// counts as "around" a pixel whatever the resolution.
struct LookScale: Hashable, Sendable {
    /// Pixels per inch of the page in this picture.
    var pixelsPerInch: Double

    /// When the caller does not know the page's size, its longer side is taken as 11 inches (letter;
    /// A4 is 11.7): scans are documents, and being a little off only shifts sizes by a few percent.
    static let assumedLongSideInches = 11.0

    /// The picture's shorter side, which bounds the reduction.
    var shortSide: Int

    /// Which of the picture's sides are the page's edges (a zoomed part of a page has fewer).
    var pageEdges: PageEdges = .all

    init(pixelsPerInch: Double?, width: Int, height: Int) {
        let guess = Double(max(width, height)) / Self.assumedLongSideInches
        let given = pixelsPerInch.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.pixelsPerInch = max(1, given ?? guess)
        shortSide = min(width, height)
    }

    /// The background is estimated on a copy at about 25 pixels an inch: coarse enough to be cheap,
    /// fine enough to follow a shadow's edge. Leptonica takes whole reductions from 1 to 16, and its
    /// map must keep at least 5 pixels a side.
    var reduction: Int { max(1, min(16, Int((pixelsPerInch / 25).rounded()), shortSide / 4)) }

    /// Whether the picture is big enough to have its paper evened at all (a map of 5 x 5).
    var canEven: Bool { shortSide >= 4 }

    /// The closing that wipes the text off the paper spans 0.2 inch (5 mm): wider than the strokes,
    /// counters and letter gaps of text up to about 16 pt bold, narrower than a shadow's fall-off.
    var closingSize: Int { Self.odd(max(3, Int((0.2 * pixelsPerInch / Double(reduction)).rounded()))) }

    /// The background map is smoothed over about 0.12 inch (in map pixels, half-width) so the
    /// division leaves no blocks.
    var mapSmoothing: Int { max(1, Int((0.06 * pixelsPerInch / Double(reduction)).rounded())) }

    /// The tone stretch after evening (paper at 240): levels at or under `black` become black, at
    /// or over `white` white, linear between. Where text is resolved (100 pixels an inch and up) the
    /// stretch is steep, 60...215: ink black, paper noise gone. Where a pixel holds paper and ink
    /// mixed (a thumbnail, 25 pixels an inch and down) it is the gentle 30...240 that maps ink and
    /// paper to black and white and keeps a mixed pixel's mean, so a thumbnail looks like the full
    /// page reduced rather than paler. Between, the points slide with the log of the resolution.
    var tones: (black: Int32, white: Int32) {
        let t = min(1, max(0, (log2(pixelsPerInch) - log2(25)) / (log2(100) - log2(25))))
        return (Int32((30 + 30 * t).rounded()), Int32((240 - 25 * t).rounded()))
    }

    private static func odd(_ value: Int) -> Int { value % 2 == 1 ? value : value + 1 }
}
