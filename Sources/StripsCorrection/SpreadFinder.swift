import CLeptonica
import StripsCore
import StripsPictures

/// Whether a flattened page is an open book photographed whole (a spread: two pages meeting at a
/// gutter), and where the gutter is. A spread is wider than tall; down its middle third runs a
/// band with no ink from top to bottom (the two inner margins), with text on both sides of it;
/// and the paper in that band is in shadow (the pages curve down into the binding), which a
/// single page set in two columns, its paper evenly lit between them, is not.
/// Pure; safe on any thread.
public enum SpreadFinder {
    /// The gutter's shadow: the darkest column of the blank band at least this much darker than
    /// the paper beside the text (a fraction of the paper's brightness).
    public static let gutterShadow = 0.06

    /// The gutter's place across the flattened `page` (a fraction of its width), or nil when the
    /// page is no spread.
    public static func gutter(of page: PixelBuffer) -> Double? {
        guard page.width >= 64, page.height >= 64, Double(page.width) >= 1.05 * Double(page.height) else { return nil }
        QuietLeptonica.install()
        guard let working = WorkingInk(page, side: PageCurveFinder.workingSide),
              let greyBuffer = working.grey.buffer(),
              let ink = working.binary.buffer() else { return nil }
        let (w, h) = (ink.width, ink.height)
        // Ink and brightness per column over the middle 80 % of the rows (the page's own edges
        // and the desk past them left out).
        let top = h / 10, bottom = h - h / 10
        var inkPerColumn = [Int](repeating: 0, count: w), light = [Double](repeating: 0, count: w)
        for y in top..<bottom {
            for x in 0..<w {
                if ink.bytes[y * w + x] < 128 { inkPerColumn[x] += 1 }
                light[x] += Double(greyBuffer.bytes[y * w + x])
            }
        }
        let rows = Double(bottom - top)
        light = light.map { $0 / rows }
        // A column is blank when almost no ink crosses it: fewer dark pixels than a hundredth of its rows.
        let blank = inkPerColumn.map { Double($0) < rows * 0.01 }
        // The widest blank run in the middle third.
        let (from, to) = (w / 3, w - w / 3)
        var best: Range<Int>?, start: Int?
        for x in from...to {
            if x < to, blank[x] { if start == nil { start = x }; continue }
            if let s = start {
                if (best?.count ?? 0) < x - s { best = s..<x }
                start = nil
            }
        }
        // The band must not be a sliver (a space between words down a page) and text must lie on
        // both sides: a third of each half's columns cross ink.
        guard let band = best, band.count >= max(4, w / 100) else { return nil }
        let leftText = (w / 20..<band.lowerBound).filter { !blank[$0] }.count
        let rightText = (band.upperBound..<(w - w / 20)).filter { !blank[$0] }.count
        guard Double(leftText) >= Double(band.lowerBound - w / 20) / 3, Double(rightText) >= Double(w - w / 20 - band.upperBound) / 3 else { return nil }
        // The shadow: the band's darkest column against the paper's light (the columns with no
        // ink, the margins: the brightest twentieth of all columns).
        guard let darkest = band.min(by: { light[$0] < light[$1] }) else { return nil }
        let paper = light.sorted()[w * 19 / 20]
        guard paper > 0, (paper - light[darkest]) / paper >= gutterShadow else { return nil }
        return (Double(darkest) + 0.5) / Double(w)
    }

    /// The spread flattened from `quad` (in a picture's pixels, the flattened page `pageSize`)
    /// split at `gutter` (a fraction of the flattened page's width): the left and the right
    /// page's corners in the picture's pixels.
    public static func halves(of quad: Quad, pageSize: Size, gutter: Double) -> (left: Quad, right: Quad)? {
        guard let map = Homography(rectangle: pageSize, to: quad) else { return nil }
        let topGutter = map.apply(Point(x: gutter * pageSize.width, y: 0))
        let bottomGutter = map.apply(Point(x: gutter * pageSize.width, y: pageSize.height))
        guard let left = Quad(corners: [quad.topLeft, topGutter, bottomGutter, quad.bottomLeft]),
              let right = Quad(corners: [topGutter, quad.topRight, quad.bottomRight, bottomGutter]),
              left.isConvex, right.isConvex else { return nil }
        return (left, right)
    }
}
