/// A strip: the UICollectionView analogue, as a value. Scroll motion, a layout, the strip's frame
/// in the window and its snapping policy; it takes gestures, advances on the clock it is given,
/// converts between window and content points, hit-tests, and lists its visible cells in window
/// points. Scenes are strips plus the rules that tie them together.
public struct Strip<Layout: CollectionLayout>: Sendable {
    public var layout: Layout
    public private(set) var scroll: ScrollView
    public var snapping: Snapping
    /// Where the strip sits in the window.
    public private(set) var frame = Rect.zero

    public init(_ layout: Layout, snapping: Snapping, decelerationRate: Double = Tuning.defaults.scroll.fastDeceleration) {
        self.layout = layout
        self.snapping = snapping
        scroll = ScrollView(axis: layout.axis, decelerationRate: decelerationRate)
    }

    public var offset: Double { scroll.offset }
    /// The item position (fractional index) the strip shows now.
    public var position: Double { layout.position(atOffset: scroll.offset) }
    public var nearestIndex: Int { layout.nearestIndex(atOffset: scroll.offset) }
    public var isIdle: Bool { scroll.isIdle }
    public var isDragging: Bool { scroll.isDragging }

    /// The item the strip is heading for: the end of its animation, fling or spring, else the nearest.
    public var destinationIndex: Int {
        switch scroll.motion {
        case .animating(_, let to, _): return layout.nearestIndex(atOffset: to)
        case .decelerating(let decel, _): return layout.nearestIndex(atOffset: decel.restingPoint)
        case .springing(let spring, _): return layout.nearestIndex(atOffset: spring.target)
        case .idle, .dragging, .wheeling: return nearestIndex
        }
    }

    /// New scroll physics (a tuning change): free strips take the normal deceleration, snapping
    /// ones the fast one, as UIKit's paging and snapping views do.
    public mutating func tune(_ physics: Tuning.Scroll) {
        scroll.physics = physics
        scroll.decelerationRate = snapping.rule == .free ? physics.normalDeceleration : physics.fastDeceleration
        snapping.pagingFlickSpeed = physics.pagingFlickSpeed
    }

    // MARK: Geometry

    /// A new frame in the window, or new content (a resize, an edit): the strip shows `position`
    /// and whatever was moving stops there.
    public mutating func place(in frame: Rect, showing position: Double) {
        self.frame = frame
        layout.viewport = frame.size
        scroll.setGeometry(viewport: layout.viewportLength, contentLength: layout.contentLength,
                           leadingInset: layout.leadingInset, trailingInset: layout.trailingInset,
                           offset: layout.offset(atPosition: position))
    }

    /// Jumps to `position` without animation (a strip that follows another, an editor animation).
    public mutating func show(position: Double) { scroll.setOffset(layout.offset(atPosition: position)) }

    // MARK: Gestures

    public mutating func press(_ p: Point, at time: Double) { scroll.beginDrag(pointer: p, at: time) }

    public mutating func drag(_ p: Point, at time: Double) { scroll.drag(pointer: p, at: time) }

    /// Lets go: the strip settles where its snapping says, carrying the release velocity.
    public mutating func release(_ p: Point, at time: Double) {
        guard let (velocity, start) = scroll.release(pointer: p, at: time) else { return }
        if let target = restingOffset(after: .fling(startOffset: start, velocity: velocity)) {
            scroll.settle(on: target, velocity: velocity, at: time)
        } else {
            scroll.fling(velocity: velocity, at: time)
        }
    }

    public mutating func wheel(_ delta: Double, at time: Double) {
        let snapping = snapping, layout = layout, range = scroll.offsetRange
        scroll.wheel(delta: delta, at: time) { snapping.wheelRange(start: $0, within: range, layout: layout) }
    }

    /// A programmatic move to item `index` (a click, a key).
    public mutating func animate(to index: Int, at time: Double, duration: Double) {
        scroll.animate(to: layout.offset(atPosition: Double(index)), at: time, duration: duration)
    }

    /// Another strip takes the lead: this one stops on its nearest resting place at once.
    public mutating func stopAtRest() {
        if let target = restingOffset(after: .stop) { scroll.setOffset(target) } else { scroll.stop() }
    }

    /// Advances to `time`; true when the strip came to rest on this tick.
    @discardableResult
    public mutating func tick(at time: Double) -> Bool {
        if let start = scroll.endedWheelGesture(at: time) {
            if let target = restingOffset(after: .wheel(startOffset: start)) {
                scroll.settle(on: target, velocity: 0, at: time)
            } else {
                scroll.stop()
            }
            return scroll.isIdle
        }
        return scroll.tick(at: time)
    }

    private func restingOffset(after gesture: Snapping.Gesture) -> Double? {
        snapping.restingOffset(after: gesture, from: scroll.offset, decelerationRate: scroll.decelerationRate, layout: layout)
    }

    // MARK: Space

    /// From content to window points: the frame's origin, minus the scroll along the axis.
    private var contentToWindow: Point {
        layout.axis == .horizontal
            ? Point(x: frame.minX - scroll.offset, y: frame.minY)
            : Point(x: frame.minX, y: frame.minY - scroll.offset)
    }

    public func windowPoint(fromContent p: Point) -> Point { p + contentToWindow }
    public func contentPoint(fromWindow p: Point) -> Point { p - contentToWindow }

    /// The elements the strip draws now of `content`, in window points, only those meeting `window`.
    public func cells(in window: Rect, content: Layout.Content) -> [Cell] {
        let shift = contentToWindow
        return layout.attributes(in: layout.bounds(at: scroll.offset), offset: scroll.offset, content: content).compactMap { a in
            let frame = a.drawnFrame.offsetBy(dx: shift.x, dy: shift.y)
            guard frame.intersects(window) else { return nil }
            return Cell(kind: a.kind, index: a.index, frame: frame, alpha: a.alpha, scale: a.transform.scale,
                        z: a.zIndex, parallax: a.parallax)
        }
    }

    /// The topmost cell under window point `p`; with `alongAxis`, a cell whose extent along the
    /// axis holds `p`, else the one whose centre is nearest (a click in a gap still picks one).
    public func cell(at p: Point, content: Layout.Content, alongAxis: Bool = false) -> Cell? {
        let cells = self.cells(in: .infinite, content: content).filter(\.isCell)
        let axis = layout.axis
        func holds(_ c: Cell) -> Bool {
            guard alongAxis else { return c.frame.contains(p) }
            let lo = axis == .horizontal ? c.frame.minX : c.frame.minY, hi = lo + (axis == .horizontal ? c.frame.width : c.frame.height)
            return lo <= p.along(axis) && p.along(axis) < hi
        }
        if let hit = cells.filter(holds).max(by: { $0.z < $1.z }) { return hit }
        guard alongAxis else { return nil }
        return cells.min { abs($0.frame.center.along(axis) - p.along(axis)) < abs($1.frame.center.along(axis) - p.along(axis)) }
    }
}
