/// Where a page's text sits on a PDF page: the page's size in points (its MediaBox as stored,
/// before /Rotate), its /Rotate, and the map from the text's coordinates (a picture's pixels or
/// any top-left space, as `PageText` has them) to PDF user space (points, bottom-left origin).
public struct TextPlacement: Hashable, Sendable {
    public var pageWidth: Double
    public var pageHeight: Double
    /// The page's /Rotate (0, 90, 180, 270), repeated on the text page so an overlay lines up.
    public var rotate: Int
    /// x' = a x + c y + e, y' = b x + d y + f.
    public var a: Double, b: Double, c: Double, d: Double, e: Double, f: Double

    public init(pageWidth: Double, pageHeight: Double, rotate: Int = 0,
                a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        self.rotate = ((rotate % 360) + 360) % 360
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// The text's space (`width` x `height`, top-left origin) stretched over the whole page, as a
    /// scan fills its page.
    public static func filling(pageWidth: Double, pageHeight: Double, rotate: Int = 0, textWidth: Double, textHeight: Double) -> TextPlacement {
        let sx = textWidth > 0 ? pageWidth / textWidth : 1, sy = textHeight > 0 ? pageHeight / textHeight : 1
        return TextPlacement(pageWidth: pageWidth, pageHeight: pageHeight, rotate: rotate, a: sx, b: 0, c: 0, d: -sy, e: 0, f: pageHeight)
    }

    /// A picture of `pixels` at `dpi` filling a page of its own size (what a scan saved alone is).
    public static func scan(width: Int, height: Int, dpi: Double, rotate: Int = 0) -> TextPlacement {
        let scale = 72 / (dpi > 0 ? dpi : 72)
        return filling(pageWidth: Double(width) * scale, pageHeight: Double(height) * scale, rotate: rotate,
                       textWidth: Double(width), textHeight: Double(height))
    }

    /// The placement for text whose space is this placement's source space (`width` x `height`)
    /// turned `quarterTurns` clockwise, as `PageText.quarterTurns` says of a page read the right way
    /// up: the text is turned back as it is placed, so its lines run along the picture's.
    public func forText(turnedBy quarterTurns: Int, sourceWidth width: Double, sourceHeight height: Double) -> TextPlacement {
        var placement = self
        let turns = ((quarterTurns % 4) + 4) % 4
        // Turn i took a space whose height is H (even i) or W (odd i); its inverse is
        // (u, v) -> (v, height - u). A text point is taken back through the last turn first, so the
        // map is this after inverse 0 after inverse 1 ...: composed on the inside in turn order.
        for index in 0..<turns {
            let sourceHeight = index % 2 == 0 ? height : width
            placement = placement.composed(with: (a: 0, b: -1, c: 1, d: 0, e: 0, f: sourceHeight))
        }
        return placement
    }

    /// This map after `inner`: first `inner`, then this.
    private func composed(with inner: (a: Double, b: Double, c: Double, d: Double, e: Double, f: Double)) -> TextPlacement {
        TextPlacement(pageWidth: pageWidth, pageHeight: pageHeight, rotate: rotate,
                      a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
                      c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
                      e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }

    /// Where a point of the text's space lands on the page, in points.
    public func point(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + e, b * x + d * y + f)
    }

    /// How long a unit of the text's space is in points along x and along y.
    var scaleX: Double { (a * a + b * b).squareRoot() }
    var scaleY: Double { (c * c + d * d).squareRoot() }
}
