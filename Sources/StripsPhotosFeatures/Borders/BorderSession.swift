import StripsCore

/// The border editor open on one page (issue 21's screen, `Interaction.editingBorders`): the
/// page's whole picture with the four corners of the page on it, which the user drags (corners,
/// or edges, which move their two corners), nudges with the arrow keys and turns with `[` / `]`;
/// Return applies them as one `correct` edit, Escape leaves the page as it was.
///
/// Corners are kept in the upright source picture's pixels (the recipe's own units), so the
/// window can change size under the editor. Every change keeps the quad convex, of a sane size
/// and inside the picture: a drag that would fold it stops where it last was convex.
public struct BorderSession: Hashable, Sendable {
    /// The page's index in the document and the page as it was when the editor opened.
    public var index: Int
    public var page: Page
    /// The page's corners in the upright source's pixels (top-left, top-right, bottom-right,
    /// bottom-left of the page as it will be).
    public private(set) var corners: Quad
    /// The fine turn the page will get, degrees counter-clockwise.
    public var straighten: Double
    /// The corners are the detector's suggestion (untouched since it came).
    public private(set) var detected = false
    /// The detector was asked and has not answered; it answered that it found no page.
    public var awaitingDetection = false
    public private(set) var foundNothing = false
    /// The user moved a corner, reset them or turned the page: a late suggestion is not applied
    /// over their work, and the applied page is not levelled automatically after a manual turn.
    public private(set) var touched = false
    public private(set) var turnedByHand = false
    /// Whether a curved page is laid flat (D turns it off and on): as the page's recipe says
    /// (on unless the user turned it off).
    public private(set) var laysFlat: Bool
    /// A corner or edge held by the pointer.
    public var drag: Drag?
    /// When the editor opened (its animation in), and where the picture was drawn then.
    public var opened: Double
    public var openingFrom: Rect?
    /// The corners glide from these to `corners` (a suggestion animating in).
    public var morph: Morph?
    /// Set once Return or Escape closes the editor: the animation back to the strips.
    public var closing: Closing?
    /// No animation runs (the scene's last tick found none): the editor is idle.
    public var settled = false

    public struct Drag: Hashable, Sendable {
        public var handle: Handle
        /// The pointer's offset from the handle when pressed (window points), so it does not jump.
        public var grab: Point
        /// The corners when the press began (an edge moves both its corners by the same amount).
        public var start: Quad
        /// The pointer, last seen (window points): where the loupe looks.
        public var pointer: Point
    }

    public struct Morph: Hashable, Sendable {
        public var from: Quad
        public var start: Double
    }

    public struct Closing: Hashable, Sendable {
        public var start: Double
        /// Where the picture's crop lands in the strips (the page as drawn after closing).
        public var to: Rect
        public var corners: Quad
    }

    /// A thing on the quad the pointer can hold.
    public enum Handle: Hashable, Sendable {
        /// Corner 0...3 (top-left, top-right, bottom-right, bottom-left).
        case corner(Int)
        /// Edge 0...3: top (corners 0-1), right (1-2), bottom (2-3), left (3-0).
        case edge(Int)
    }

    /// Seconds the editor takes to open and close, and a suggestion to glide in.
    public static let openDuration = 0.3
    public static let morphDuration = 0.25
    /// A page is at least this many pixels along each edge, and every corner's angle is at least
    /// this far from flat (its cosine at most), so it always flattens to a page.
    public static let minimumEdge = 8.0
    public static let maximumCosine = 0.985

    public init(index: Int, page: Page, opened: Double) {
        self.index = index
        self.page = page
        self.opened = opened
        corners = page.corrections.crop ?? Quad(whole: page.pixelSize)
        straighten = page.corrections.straighten
        laysFlat = page.corrections.laysFlat
    }

    /// The whole picture, in its pixels.
    public var pictureSize: Size { page.pixelSize }
    public var bounds: Rect { Rect(origin: .zero, size: page.pixelSize) }

    /// The corners drawn at `time`: gliding in from the old ones while a suggestion arrives.
    public func shownCorners(at time: Double) -> Quad {
        guard let morph else { return corners }
        let t = Self.eased((time - morph.start) / Self.morphDuration)
        guard t < 1 else { return corners }
        return Quad(corners: zip(morph.from.corners, corners.corners).map { a, b in
            Point(x: a.x.lerp(to: b.x, t), y: a.y.lerp(to: b.y, t))
        }) ?? corners
    }

    /// 0 as the editor starts opening, 1 once open; back to 0 as it closes.
    public func presence(at time: Double) -> Double {
        if let closing { return 1 - Self.eased((time - closing.start) / Self.openDuration) }
        return Self.eased((time - opened) / Self.openDuration)
    }

    public func isClosed(at time: Double) -> Bool {
        guard let closing else { return false }
        return time - closing.start >= Self.openDuration
    }

    /// The animations are still running at `time`.
    public func isAnimating(at time: Double) -> Bool {
        if closing != nil { return true }
        if time - opened < Self.openDuration { return true }
        if let morph, time - morph.start < Self.morphDuration { return true }
        return false
    }

    static func eased(_ t: Double) -> Double {
        let t = t.clamped(to: 0...1)
        return t * t * (3 - 2 * t)
    }

    // MARK: Changing the corners

    /// The detector's suggestion arrived: it glides in, unless the user has started.
    public mutating func suggest(_ quad: Quad?, at time: Double) {
        awaitingDetection = false
        guard !touched else { return }
        guard let quad, let fitted = sane(quad) else {
            foundNothing = true
            return
        }
        morph = Morph(from: shownCorners(at: time), start: time)
        corners = fitted
        detected = true
        settled = false
    }

    /// Back to the whole picture (the reset key).
    public mutating func reset(at time: Double) {
        morph = Morph(from: shownCorners(at: time), start: time)
        corners = Quad(whole: pictureSize)
        detected = false
        touched = true
        settled = false
    }

    /// Corner `k` moved to `p` (picture pixels), kept inside the picture; refused (false) when
    /// the quad would fold or collapse.
    @discardableResult
    public mutating func move(corner k: Int, to p: Point) -> Bool {
        var c = corners.corners
        c[k] = clamped(p)
        return take(Quad(corners: c))
    }

    /// Corner `k` moved by `delta` picture pixels (the arrow keys).
    @discardableResult
    public mutating func nudge(corner k: Int, by delta: Point) -> Bool {
        move(corner: k, to: corners.corners[k] + delta)
    }

    /// Edge `k`'s two corners moved by `delta` from where they were in `start`, both kept inside
    /// the picture (the move is shortened so neither leaves it).
    @discardableResult
    public mutating func move(edge k: Int, from start: Quad, by delta: Point) -> Bool {
        let (i, j) = (k, (k + 1) % 4)
        var c = start.corners
        var d = delta
        for p in [c[i], c[j]] {
            d.x = (p.x + d.x).clamped(to: 0...pictureSize.width) - p.x
            d.y = (p.y + d.y).clamped(to: 0...pictureSize.height) - p.y
        }
        c[i] = c[i] + d
        c[j] = c[j] + d
        return take(Quad(corners: c))
    }

    public mutating func turn(by degrees: Double) {
        // Tenths of a degree, so a run of key presses stays on whole tenths.
        straighten = ((straighten + degrees) * 10).rounded() / 10
        straighten = straighten.clamped(to: -45...45)
        turnedByHand = true
    }

    private mutating func take(_ quad: Quad?) -> Bool {
        guard let quad, let fitted = sane(quad) else { return false }
        morph = nil
        corners = fitted
        detected = false
        touched = true
        return true
    }

    /// `quad` if a page can be made of it: convex, every edge long enough, no corner nearly flat,
    /// inside the picture (corners a little outside are pulled in).
    func sane(_ quad: Quad) -> Quad? {
        guard let inside = Quad(corners: quad.corners.map(clamped)), inside.isConvex else { return nil }
        let e = inside.edgeLengths
        guard min(e.top, e.right, e.bottom, e.left) >= Self.minimumEdge,
              inside.cornerCosines.allSatisfy({ abs($0) <= Self.maximumCosine }) else { return nil }
        return inside
    }

    private func clamped(_ p: Point) -> Point {
        Point(x: p.x.clamped(to: 0...pictureSize.width), y: p.y.clamped(to: 0...pictureSize.height))
    }

    /// The corrections Return applies: the corners (none when they are the whole picture) and the turn.
    public var corrections: Corrections {
        var c = page.corrections
        let whole = Quad(whole: pictureSize)
        c.crop = corners.maxCornerDistance(to: whole) < 0.5 ? nil : corners
        c.straighten = straighten
        // D off is kept in the recipe (and drops the curve); a curve belongs to the corners it
        // was found on: new corners find theirs (the host's levelling answer).
        c.laysFlat = laysFlat
        if c.crop != page.corrections.crop { c.dewarp = nil }
        return c
    }

    // MARK: The editor's reducer: keys, the pointer, time

    /// What a key asks of the editor beyond its own corners.
    enum KeyOutcome: Hashable {
        /// Nothing for this editor (its table has no such key), or it is closing.
        case ignored
        /// The corners or the turn changed (or a nudge was refused), here.
        case changed
        /// Return and Escape: the scene applies the corners, or leaves the page as it was, and closes.
        case apply, cancel
    }

    /// A key, on the editor as drawn (`view`), with the pointer at `pointer` (the corner nearest
    /// it is the one the arrows nudge).
    mutating func key(_ key: Key, view: BorderView, pointer: Point, at time: Double) -> KeyOutcome {
        guard closing == nil else { return .ignored }
        switch BorderKey.table.action(for: key) {
        case .apply?:
            return .apply
        case .cancel?:
            return .cancel
        case .reset?:
            reset(at: time)
        case .nudge(let dx, let dy)?:
            // The corner nearest the pointer, a point at a time (Shift: ten), in window points.
            let step = key.shift ? 10.0 : 1.0
            let move = Point(x: dx * step, y: dy * step)
            // A window move in the picture's pixels (the picture may be shown turned).
            let k = view.nearestCorner(to: pointer)
            let delta = view.toPicture(view.corners[k] + move) - view.toPicture(view.corners[k])
            nudge(corner: k, by: delta)
        case .turn(let degrees)?:
            turn(by: degrees)
        case .layFlat?:
            laysFlat.toggle()
        case nil:
            return .ignored
        }
        return .changed
    }

    /// A press at `p` takes the handle under it, once the editor is open.
    mutating func press(_ p: Point, view: BorderView, at time: Double) {
        guard closing == nil, presence(at: time) >= 1, let handle = view.handle(at: p) else { return }
        drag = Drag(handle: handle, grab: p - view.position(of: handle), start: corners, pointer: p)
    }

    /// The pointer moved to `p` holding a handle: a corner follows it (a move that would fold the
    /// quad is refused: the corner stays where it last was convex), an edge moves both its corners.
    mutating func dragged(to p: Point, view: BorderView) {
        guard var drag else { return }
        let target = view.toPicture(p - drag.grab)
        switch drag.handle {
        case .corner(let k):
            move(corner: k, to: target)
        case .edge(let k):
            move(edge: k, from: drag.start, by: target - Self.midpoint(of: k, in: drag.start.corners))
        }
        drag.pointer = p
        self.drag = drag
    }

    /// Return or Escape: the animation back to the strips, onto `to` (where the page is drawn
    /// there), with `corners` on it.
    mutating func close(to: Rect, corners: Quad, at time: Double) {
        drag = nil
        closing = Closing(start: time, to: to, corners: corners)
        settled = false
    }

    /// A tick: idle once no animation runs.
    mutating func advance(at time: Double) { settled = !isAnimating(at: time) }

    static func midpoint(of edge: Int, in corners: [Point]) -> Point {
        let a = corners[edge], b = corners[(edge + 1) % 4]
        return Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
    }
}
