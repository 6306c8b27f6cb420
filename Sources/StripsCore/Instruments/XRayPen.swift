/// Draws the x-ray's marks as draw items: outlines, guide lines and labels on a dark backing,
/// sized to stay readable at 1024x768.
public struct XRayPen {
    public static let cellColor = Color(80, 200, 255)
    public static let pictureColor = Color(255, 210, 80)
    public static let targetColor = Color(255, 80, 200)
    public static let centreColor = Color(255, 255, 255)
    public static let labelSize = 11.0

    public let measurer: any TextMeasurer
    public private(set) var items: [DrawItem] = []

    public init(measurer: any TextMeasurer) { self.measurer = measurer }

    /// A rectangle's outline, `width` points thick, inside the rectangle.
    public mutating func outline(_ r: Rect, _ color: Color, width: Double = 1, alpha: Double = 0.9) {
        guard !r.isEmpty else { return }
        let w = min(width, r.width / 2, r.height / 2)
        for edge in [Rect(x: r.minX, y: r.minY, width: r.width, height: w), Rect(x: r.minX, y: r.maxY - w, width: r.width, height: w),
                     Rect(x: r.minX, y: r.minY + w, width: w, height: r.height - 2 * w),
                     Rect(x: r.maxX - w, y: r.minY + w, width: w, height: r.height - 2 * w)] {
            items.append(.fill(Fill(rect: edge, color: color, alpha: alpha)))
        }
    }

    /// A filled bar (guide lines, markers).
    public mutating func bar(_ r: Rect, _ color: Color, alpha: Double = 0.9) {
        items.append(.fill(Fill(rect: r, color: color, alpha: alpha)))
    }

    /// The width of `label(text, size:)`'s box.
    public func labelWidth(_ text: String, size: Double = XRayPen.labelSize) -> Double {
        measurer.size(of: text, pointSize: size, weight: .regular).width + 8
    }

    /// A label whose top-left corner is at `origin`, on a dark backing; returns its box.
    @discardableResult
    public mutating func label(_ text: String, at origin: Point, color: Color = .text, size: Double = XRayPen.labelSize,
                               bold: Bool = false) -> Rect {
        let weight: TextRun.Weight = bold ? .bold : .regular
        let s = measurer.size(of: text, pointSize: size, weight: weight)
        let box = Rect(x: origin.x, y: origin.y, width: s.width + 8, height: s.height + 2)
        items.append(.fill(Fill(rect: box, color: Color(0, 0, 0), alpha: 0.7)))
        items.append(.text(TextRun(text: text, frame: Rect(center: box.center, size: s), pointSize: size, weight: weight, color: color)))
        return box
    }

    /// The strip's numbers as one line, and its resting target marked across it: where the
    /// content that will sit at the strip's centre is now, before the strip gets there.
    public mutating func strip(_ d: StripDiagnostics, infoAt origin: Point, unit: String) {
        let v = d.visible
        var text = "\(d.name)  offset \(d.offset.fixed(1))  visible [\(v.minX.fixed(0)), \(v.minY.fixed(0)), \(v.width.fixed(0)), \(v.height.fixed(0))]"
        text += "  v \(d.velocity.fixed(0)) pt/s"
        if let rest = d.restingOffset, let index = d.restingIndex { text += "  -> \(unit) \(index) at \(rest.fixed(1))" }
        label(text, at: origin, size: 12)
        let f = d.frame
        let centre = d.windowCoordinate(ofOffset: d.offset)
        if d.axis == .horizontal {
            bar(Rect(x: centre - 0.5, y: f.minY, width: 1, height: f.height), Self.centreColor, alpha: 0.5)
        } else {
            bar(Rect(x: f.minX, y: centre - 0.5, width: f.width, height: 1), Self.centreColor, alpha: 0.5)
        }
        guard let rest = d.restingOffset else { return }
        let mark = d.windowCoordinate(ofOffset: rest)
        if d.axis == .horizontal {
            bar(Rect(x: mark - 1.5, y: f.minY, width: 3, height: f.height), Self.targetColor)
            label("rest \(unit) \(d.restingIndex ?? 0)", at: Point(x: mark + 4, y: f.minY + 2), color: Self.targetColor)
        } else {
            bar(Rect(x: f.minX, y: mark - 1.5, width: f.width, height: 3), Self.targetColor)
            label("rest \(unit) \(d.restingIndex ?? 0)", at: Point(x: f.minX + 4, y: mark + 4), color: Self.targetColor)
        }
    }
}
