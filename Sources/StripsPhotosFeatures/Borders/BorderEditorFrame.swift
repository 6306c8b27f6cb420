import StripsCore

/// The border editor as drawn in one frame, over the strips: the preview area darkened, the
/// page's whole picture, the outside of the corners dimmed, the quad's edges, its handles, the
/// loupe beside a dragged handle (the picture's own pixels magnified, with a crosshair), a curved
/// page's curve (its laid-flat rows where they lie in the photo), and a line of help. Also what
/// the trace says about it (`crop`).
public struct BorderEditorFrame: Hashable, Sendable {
    public struct Loupe: Hashable, Sendable {
        public var frame: Rect
        /// The part of the picture shown, 0...1.
        public var source: Rect
        public var crosshair: Point
    }

    public var pageID: String
    /// The page's picture as it is (no recipe), and the same at its own pixels for the loupe.
    public var picture: ImageRef
    public var loupePicture: ImageRef
    public var area: Rect
    public var view: BorderView
    /// 0...1: the editor fading in over the strips (and out as it closes).
    public var presence: Double
    /// The corners in the picture's own pixels.
    public var source: Quad
    public var detected: Bool
    public var straighten: Double
    /// Open and taking input (not closing): the trace reports it.
    public var isOpen: Bool
    public var held: BorderSession.Handle?
    public var loupe: Loupe?
    /// A curved page laid flat: its rows (top edge, rows between, bottom edge) in window points,
    /// while the corners are those the curve was found on and D has not turned it off.
    public var curve: [[Point]]
    public var curveLines: Int
    public var help: TextRun?

    static let accent = Color(64, 140, 255)
    /// The curve apart from the corners' blue: what laying flat follows, not what a drag moves.
    static let curveColour = Color(255, 170, 40)

    public init(session: BorderSession, area: Rect, at time: Double, measurer: any TextMeasurer) {
        pageID = session.page.id
        picture = session.page.picture(.full).uncorrected
        loupePicture = ImageRef(source: session.page.source, variant: .loupe)
        self.area = area
        view = BorderView(session: session, area: area, at: time)
        presence = session.presence(at: time)
        source = session.closing?.corners ?? session.shownCorners(at: time)
        detected = session.detected
        straighten = session.straighten
        isOpen = session.closing == nil
        held = session.drag?.handle
        if let drag = session.drag {
            let l = view.loupe(at: view.position(of: drag.handle), area: area)
            loupe = Loupe(frame: l.frame, source: l.source, crosshair: l.crosshair)
        }
        if session.laysFlat, session.corners == session.page.corrections.crop ?? Quad(whole: session.pictureSize),
           let found = BorderCurve(page: session.page) {
            let view = view
            curve = found.rows.map { $0.map(view.toWindow) }
            curveLines = found.lines
        } else {
            curve = []
            curveLines = 0
        }
        let turn = session.straighten == 0 ? "" : "  ·  " + tr("turned %s", Self.degrees(session.straighten))
        let found = session.awaitingDetection ? tr("Looking for the page…") + "  ·  " : session.detected ? tr("Suggested corners") + "  ·  "
            : session.foundNothing && !session.touched ? tr("No page found") + "  ·  " : ""
        let flat = session.page.corrections.dewarp != nil && session.laysFlat ? "  ·  " + tr("curved page laid flat (D: off)")
            : session.laysFlat ? "" : "  ·  " + tr("not laid flat (D: on)")
        let count = session.page.corrections.fingers.count
        let fingers = count == 0 ? "" : "  ·  " + trn("a finger painted out", "%d fingers painted out", count)
        let text = found + tr("Drag corners or edges  ·  arrows nudge  ·  [ ] turn  ·  Backspace: whole picture  ·  Return applies  ·  Escape cancels") + turn + flat + fingers
        help = measurer.run(text, centeredAt: Point(x: area.midX, y: area.minY + BorderView.margin / 2), pointSize: 13,
                            color: .secondaryText, alpha: presence)
    }

    static func degrees(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : "+"
        return tr("%s degrees", "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)")
    }

    public func drawItems() -> [DrawItem] {
        var items: [DrawItem] = [.fill(Fill(rect: area, color: .background, alpha: presence))]
        let degrees = Double(view.turns * 90)
        items.append(.image(ImageQuad(image: picture, frame: view.uprightFrame, clip: area, rotation: degrees)))
        let c = view.corners
        for piece in ConvexPolygons.outside(c, within: view.picture) {
            items.append(.fill(Fill(rect: piece, color: Color(0, 0, 0), alpha: 0.55 * presence, clip: area)))
        }
        for k in 0..<4 {
            items.append(.polygon(Polygon(points: ConvexPolygons.line(from: c[k], to: c[(k + 1) % 4], width: 2), color: Self.accent,
                                          alpha: presence, clip: area)))
        }
        for (r, row) in curve.enumerated() {
            // The edges drawn as the quad's sides are, the rows between finer.
            let edge = r == 0 || r == curve.count - 1
            for (a, b) in zip(row, row.dropFirst()) {
                items.append(.polygon(Polygon(points: ConvexPolygons.line(from: a, to: b, width: edge ? 2 : 1), color: Self.curveColour,
                                              alpha: (edge ? 1 : 0.7) * presence, clip: area)))
            }
        }
        guard isOpen else { return items + help.map { [.text($0)] }.orEmpty }
        for k in 0..<4 {
            let p = view.position(of: .edge(k)), r = BorderView.edgeRadius * (held == .edge(k) ? 1.4 : 1)
            items.append(.polygon(Polygon(points: ConvexPolygons.disc(p, radius: r + 2), color: Self.accent, alpha: presence)))
            items.append(.polygon(Polygon(points: ConvexPolygons.disc(p, radius: r), color: Color(255, 255, 255), alpha: presence)))
        }
        for k in 0..<4 {
            let p = c[k], r = BorderView.cornerRadius * (held == .corner(k) ? 1.4 : 1)
            items.append(.polygon(Polygon(points: ConvexPolygons.disc(p, radius: r + 2.5), color: Color(255, 255, 255), alpha: presence)))
            items.append(.polygon(Polygon(points: ConvexPolygons.disc(p, radius: r), color: Self.accent, alpha: presence)))
        }
        if let loupe {
            let f = loupe.frame
            items.append(.fill(Fill(rect: Rect(x: f.minX - 3, y: f.minY - 3, width: f.width + 6, height: f.height + 6), color: Color(255, 255, 255))))
            items.append(.image(ImageQuad(image: loupePicture, frame: f, source: loupe.source, clip: f, rotation: degrees)))
            let x = loupe.crosshair.x, y = loupe.crosshair.y
            items.append(.fill(Fill(rect: Rect(x: f.minX, y: y - 0.75, width: f.width, height: 1.5), color: Self.accent, clip: f)))
            items.append(.fill(Fill(rect: Rect(x: x - 0.75, y: f.minY, width: 1.5, height: f.height), color: Self.accent, clip: f)))
        }
        if let help { items.append(.text(help)) }
        return items
    }

    /// The trace's `crop` object (docs/headless.md): the page, the corners in window points and
    /// in the picture's pixels, whether they are the detector's suggestion, then the turn; on a
    /// curved page laid flat, `curve`: its lines and its top and bottom edges in window points
    /// (every fourth point drawn).
    public var traceField: (String, JSON) {
        var fields: [(String, JSON)] = [
            ("page", .string(pageID)),
            ("corners", .array(view.corners.map { .array([.number($0.x), .number($0.y)]) })),
            ("source", .array(source.corners.map { .array([.number($0.x), .number($0.y)]) })),
            ("detected", .bool(detected)),
            ("straighten", .number(straighten)),
        ]
        if let top = curve.first, let bottom = curve.last {
            let points = { (row: [Point]) in JSON.array(stride(from: 0, to: row.count, by: 4).map { .array([.number(row[$0].x.rounded()), .number(row[$0].y.rounded())]) }) }
            fields.append(("curve", .object([("lines", .number(Double(curveLines))), ("top", points(top)), ("bottom", points(bottom))])))
        }
        return ("crop", .object(fields))
    }
}

private extension Optional where Wrapped == [DrawItem] {
    var orEmpty: [DrawItem] { self ?? [] }
}
