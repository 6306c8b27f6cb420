import StripsCore

/// The camera view as drawn in one frame, where the preview was: the live picture fitted in, the
/// page found outlined (green once it lies still), the flash of a take, the pages taken flying to
/// their thumbnails, a line of help; and what the trace says about it (`camera`).
public struct CameraViewFrame: Hashable, Sendable {
    /// A taken page between where it lay and its thumbnail.
    public struct Flight: Hashable, Sendable {
        public var page: Page
        /// Where it starts, in window points (the page's place in the picture).
        public var from: Rect
        /// 0...1, eased.
        public var progress: Double
    }

    public var area: Rect
    /// Where the live picture is drawn (nil before the first frame).
    public var picture: Rect?
    /// The page's outline in window points, its opacity, and whether it lies still.
    public var outline: [Point]?
    public var outlineAlpha: Double
    public var steady: Bool
    public var flashAlpha: Double
    public var flights: [Flight]
    public var message: TextRun?
    public var help: TextRun?
    /// The switch for taking pages by themselves, top right: a click turns it (as A does).
    public var autoSwitch: Rect
    public var autoTake: Bool
    // The trace's.
    public var source: String
    public var frameIndex: Int
    public var quad: Quad?
    public var taken: Int

    static let found = Color(64, 140, 255)
    static let still = Color(60, 200, 110)

    public init(view: CameraView, area: Rect, at time: Double, measurer: any TextMeasurer) {
        self.area = area
        autoSwitch = Self.autoSwitch(in: area)
        autoTake = view.autoTake
        let inset = Rect(x: area.minX + 12, y: area.minY + 12, width: max(0, area.width - 24), height: max(0, area.height - 24))
        let size = view.look?.size ?? view.info?.size
        let picture = size.flatMap { $0.width > 0 && $0.height > 0 ? inset.aspectFit($0.aspectRatio) : nil }
        self.picture = view.look == nil ? nil : picture
        func toWindow(_ p: Point) -> Point {
            guard let picture, let size, size.width > 0 else { return p }
            let k = picture.width / size.width
            return Point(x: picture.minX + p.x * k, y: picture.minY + p.y * k)
        }
        // Once the camera has stopped, no page is being found in its last picture.
        outlineAlpha = view.isLive ? view.outline.alpha(at: time) : 0
        outline = outlineAlpha > 0 ? view.outline.quad.map { $0.corners.map(toWindow) } : nil
        steady = view.isSteady
        flashAlpha = view.flash.map { 0.85 * max(0, 1 - (time - $0) / CameraView.flashDuration) } ?? 0
        flights = view.flights.map { flight in
            let corners = flight.from.corners.map(toWindow)
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let box = Rect(x: xs.min() ?? 0, y: ys.min() ?? 0, width: (xs.max() ?? 0) - (xs.min() ?? 0), height: (ys.max() ?? 0) - (ys.min() ?? 0))
            let p = Easing.easeInOut(((time - flight.start) / CameraView.flightDuration).clamped(to: 0...1))
            return Flight(page: flight.page, from: box, progress: p)
        }
        let centre = Point(x: area.midX, y: area.midY)
        switch view.phase {
        case .starting:
            message = measurer.run(tr("Starting the camera…"), centeredAt: centre, pointSize: 17, color: .secondaryText)
        case .failed(let line):
            message = measurer.run(line, centeredAt: centre, pointSize: 15)
        case .stopped(let line):
            message = measurer.run(line, centeredAt: Point(x: area.midX, y: area.maxY - 52), pointSize: 14)
        case .live:
            message = nil
        }
        let taking = view.autoTake ? tr("Pages are taken when they lie still (A turns it off)") : tr("Pages are taken with Space only (A: by themselves)")
        let count = trn("%d page taken", "%d pages taken", view.taken)
        help = area.height > 80 ? measurer.run(count + "  ·  " + taking + "  ·  " + tr("Space takes it now  ·  Esc or Ctrl+K leaves"),
                                              centeredAt: Point(x: area.midX, y: area.maxY - 18), pointSize: 13, color: .secondaryText) : nil
        source = view.info?.source ?? ""
        frameIndex = view.look?.frame ?? -1
        quad = view.look?.quad
        taken = view.taken
    }

    /// Where the switch is in the view's `area`: empty when the view is too small for it.
    public static func autoSwitch(in area: Rect) -> Rect {
        let size = Size(width: 150, height: 28)
        guard area.width >= 2 * size.width, area.height >= 4 * size.height else { return Rect(x: area.maxX, y: area.minY, width: 0, height: 0) }
        return Rect(x: area.maxX - 12 - size.width, y: area.minY + 12, width: size.width, height: size.height)
    }

    /// The switch: a rounded pill with a knob, on (accent) or off (grey), and its words.
    private var switchItems: [DrawItem] {
        guard !autoSwitch.isEmpty else { return [] }
        let on = autoTake
        var items: [DrawItem] = [.polygon(Polygon.roundedRect(autoSwitch, radius: autoSwitch.height / 2, color: Color(0, 0, 0), alpha: 0.7))]
        let track = Rect(x: autoSwitch.minX + 8, y: autoSwitch.midY - 7, width: 26, height: 14)
        items.append(.polygon(Polygon.roundedRect(track, radius: 7, color: on ? Self.still : Color(110, 110, 118))))
        let knob = Rect(center: Point(x: on ? track.maxX - 7 : track.minX + 7, y: track.midY), size: Size(width: 10, height: 10))
        items.append(.polygon(Polygon.roundedRect(knob, radius: 5, color: Color(255, 255, 255))))
        let words = Rect(x: track.maxX + 8, y: autoSwitch.minY, width: autoSwitch.maxX - track.maxX - 14, height: autoSwitch.height)
        items.append(.text(TextRun(text: tr("Take by itself"), frame: words, pointSize: 13, color: on ? .text : .secondaryText)))
        return items
    }

    public func drawItems() -> [DrawItem] {
        var items: [DrawItem] = [.fill(Fill(rect: area, color: .background))]
        if let picture { items.append(.live(LiveQuad(frame: picture, clip: area))) }
        if let outline, outlineAlpha > 0 {
            let colour = steady ? Self.still : Self.found
            items.append(.polygon(Polygon(points: outline, color: colour, alpha: 0.1 * outlineAlpha, clip: area)))
            for k in 0..<4 {
                items.append(.polygon(Polygon(points: ConvexPolygons.line(from: outline[k], to: outline[(k + 1) % 4], width: 3),
                                              color: colour, alpha: outlineAlpha, clip: area)))
            }
        }
        if flashAlpha > 0, let picture {
            items.append(.fill(Fill(rect: picture, color: Color(255, 255, 255), alpha: flashAlpha, clip: area)))
        }
        for run in [message, help].compactMap({ $0 }) {
            let pill = Rect(center: run.frame.center, size: Size(width: run.frame.width + 24, height: run.frame.height + 10))
            items.append(.fill(Fill(rect: pill, color: Color(0, 0, 0), alpha: 0.7, clip: area)))
            items.append(.text(run))
        }
        return items + switchItems
    }

    /// The trace's `camera` object (docs/headless.md, additions).
    public var traceField: (String, JSON) {
        ("camera", .object([
            ("source", .string(source)),
            ("frame", .int(frameIndex)),
            ("quad", quad.map { .array($0.corners.map { .array([.number($0.x), .number($0.y)]) }) } ?? .null),
            ("steady", .bool(steady)),
            ("taken", .int(taken)),
        ]))
    }
}
