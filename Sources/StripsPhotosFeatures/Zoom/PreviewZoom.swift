import Foundation
import StripsCore

/// The page in focus zoomed in the preview: UIScrollView's zooming, nested in the paging strip.
/// A scale over the aspect-fit size and a 2-D pan made of two `ScrollView` motions, one per axis,
/// so panning has the engine's rubber band, deceleration and bounce. A scale change about a point
/// keeps the picture point under it in place; animated ones (double-click, keys) are tweens of time.
public struct PreviewZoom: Sendable {
    /// Where the picture sits: its scale over aspect fit, and the pan (the preview's top-left in
    /// the zoomed picture's coordinates; negative when the picture is narrower than the preview).
    public struct Pose: Hashable, Sendable {
        public var scale: Double
        public var offset: Point
    }

    private struct Animation: Sendable {
        var from: Pose
        var to: Pose
        var tween: Tween
    }

    public let page: Int
    public let pageID: String
    public let pixelSize: Size
    /// The preview in the window: the picture is clipped to it.
    public private(set) var box: Rect
    public private(set) var scale = 1.0
    private var x: ScrollView
    private var y: ScrollView
    private var animation: Animation?
    /// The pan while an animation runs: poses in between need not be in bounds.
    private var animatedOffset = Point.zero

    /// `physics`: the scene's scroll tuning; a zoomed pan decelerates like UIScrollView's normal rate.
    public init(page: Int, pageID: String, pixelSize: Size, box: Rect, physics: Tuning.Scroll = Tuning.defaults.scroll) {
        self.page = page
        self.pageID = pageID
        self.pixelSize = pixelSize
        self.box = box
        x = ScrollView(axis: .horizontal, decelerationRate: physics.normalDeceleration)
        y = ScrollView(axis: .vertical, decelerationRate: physics.normalDeceleration)
        x.physics = physics
        y.physics = physics
        apply(fitPose)
    }

    // MARK: Geometry

    private var fitSize: Size { box.aspectFit(pixelSize.aspectRatio).size }

    /// The deepest zoom: the tuning's points per pixel, at least its minimum over fit.
    public func maxScale(_ tuning: Tuning.Zoom) -> Double {
        let fit = fitSize.width
        guard fit > 0 else { return 1 }
        return max(tuning.minimumMaxScale, tuning.maxPixelScale * pixelSize.width / fit)
    }

    /// A double-click's close-up: the picture's own pixels, at least the tuning's minimum over fit.
    public func closeUpScale(_ tuning: Tuning.Zoom) -> Double {
        let fit = fitSize.width
        guard fit > 0 else { return 1 }
        return min(maxScale(tuning), max(tuning.minimumCloseUp, pixelSize.width / fit))
    }

    public var pose: Pose {
        Pose(scale: scale, offset: animation == nil ? Point(x: x.offset, y: y.offset) : animatedOffset)
    }

    /// The picture's rectangle in the window, as drawn now.
    public var pictureFrame: Rect { frame(of: pose) }

    private var fitPose: Pose { clamped(Pose(scale: 1, offset: .zero)) }

    private func frame(of pose: Pose) -> Rect {
        let fit = fitSize
        return Rect(x: box.minX - pose.offset.x, y: box.minY - pose.offset.y,
                    width: fit.width * pose.scale, height: fit.height * pose.scale)
    }

    /// The pans at `scale` that keep the picture in view: from its leading edge to its trailing
    /// one, or only the centred one when it is smaller than the preview.
    private static func range(content: Double, viewport: Double) -> ClosedRange<Double> {
        content >= viewport ? 0...(content - viewport) : (content - viewport) / 2...(content - viewport) / 2
    }

    private func clamped(_ pose: Pose) -> Pose {
        let fit = fitSize
        return Pose(scale: pose.scale, offset: Point(
            x: pose.offset.x.clamped(to: Self.range(content: fit.width * pose.scale, viewport: box.width)),
            y: pose.offset.y.clamped(to: Self.range(content: fit.height * pose.scale, viewport: box.height))))
    }

    /// `base` scaled to `scale` (within 1...max) about window point `anchor`, which keeps the
    /// picture point under it, then moved back in bounds.
    private func pose(scale: Double, about anchor: Point, from base: Pose, tuning: Tuning.Zoom) -> Pose {
        let s = scale.clamped(to: 1...maxScale(tuning))
        let local = Point(x: anchor.x - box.minX, y: anchor.y - box.minY)
        return clamped(Pose(scale: s, offset: Point(
            x: (local.x + base.offset.x) / base.scale * s - local.x,
            y: (local.y + base.offset.y) / base.scale * s - local.y)))
    }

    /// Sets both axes' content for the pose's scale, and its pan; any motion stops.
    private mutating func apply(_ pose: Pose) {
        let fit = fitSize
        scale = pose.scale
        animation = nil
        Self.place(&x, content: fit.width * pose.scale, viewport: box.width, offset: pose.offset.x)
        Self.place(&y, content: fit.height * pose.scale, viewport: box.height, offset: pose.offset.y)
    }

    /// A picture smaller than the preview along an axis is centred by equal insets (its only pan).
    private static func place(_ axis: inout ScrollView, content: Double, viewport: Double, offset: Double) {
        let inset = max(0, (viewport - content) / 2)
        axis.setGeometry(viewport: viewport, contentLength: content, leadingInset: inset, trailingInset: inset, offset: offset)
    }

    /// Stops an animation where it is now, moved back in bounds.
    private mutating func freeze() {
        if animation != nil { apply(clamped(pose)) }
    }

    /// The window resized: same scale, the picture point at the preview's centre stays there.
    public mutating func refit(in newBox: Rect, tuning: Tuning.Zoom) {
        let old = pose, oldFit = fitSize
        let fx = oldFit.width > 0 ? (box.width / 2 + old.offset.x) / (oldFit.width * old.scale) : 0.5
        let fy = oldFit.height > 0 ? (box.height / 2 + old.offset.y) / (oldFit.height * old.scale) : 0.5
        box = newBox
        let fit = fitSize, s = old.scale.clamped(to: 1...maxScale(tuning))
        apply(clamped(Pose(scale: s, offset: Point(x: fx * fit.width * s - box.width / 2, y: fy * fit.height * s - box.height / 2))))
    }

    // MARK: Zooming

    /// Back at fit with nothing moving: the strip may page again.
    public var isAtFit: Bool { animation == nil && scale <= 1 + 1e-9 }
    public var isIdle: Bool { animation == nil && x.isIdle && y.isIdle }
    public var isDragging: Bool { x.isDragging || y.isDragging }
    /// Where the zoom is going: an animation's end, else the scale now.
    public var targetScale: Double { animation?.to.scale ?? scale }

    /// Scales by `factor` about `anchor` at once (a pinch step, Ctrl+wheel).
    public mutating func zoom(by factor: Double, about anchor: Point, tuning: Tuning.Zoom) {
        freeze()
        apply(pose(scale: scale * factor, about: anchor, from: pose, tuning: tuning))
    }

    /// Animates to `target` about `anchor`. Asked again while animating, the new end is taken from
    /// the old one, so repeated key presses add up about the same point.
    public mutating func animate(to target: Double, about anchor: Point, at time: Double, tuning: Tuning.Zoom) {
        let base = animation?.to ?? pose
        let now = clamped(pose)
        let end = pose(scale: target, about: anchor, from: base, tuning: tuning)
        guard end != now else {
            apply(end)
            return
        }
        // Both ends in bounds and the scale and pan eased together: the picture's rectangle moves
        // linearly between two of the same shape, so one point of it (the anchor) stays put.
        animatedOffset = pose.offset
        animation = Animation(from: pose, to: end, tween: Tween(start: time, duration: tuning.duration))
    }

    /// Animates to `target` with window point `p` (as drawn now) brought to the preview's centre,
    /// as near as the picture's edges allow (a search hit's close-up).
    public mutating func animate(to target: Double, centring p: Point, at time: Double, tuning: Tuning.Zoom) {
        let now = clamped(pose)
        let s = target.clamped(to: 1...maxScale(tuning))
        // The point in the zoomed picture's coordinates at the scale now, then at `s`.
        let local = Point(x: p.x - box.minX + now.offset.x, y: p.y - box.minY + now.offset.y)
        let end = clamped(Pose(scale: s, offset: Point(x: local.x / now.scale * s - box.width / 2, y: local.y / now.scale * s - box.height / 2)))
        guard end != now else {
            apply(end)
            return
        }
        animatedOffset = pose.offset
        animation = Animation(from: pose, to: end, tween: Tween(start: time, duration: tuning.duration))
    }

    // MARK: Panning

    public mutating func press(_ p: Point, at time: Double) {
        freeze()
        x.beginDrag(pointer: p, at: time)
        y.beginDrag(pointer: p, at: time)
    }

    public mutating func drag(_ p: Point, at time: Double) {
        x.drag(pointer: p, at: time)
        y.drag(pointer: p, at: time)
    }

    /// Lets go: each axis flings on with the release velocity, bouncing back past an edge.
    public mutating func release(_ p: Point, at time: Double) {
        if let (velocity, _) = x.release(pointer: p, at: time) { x.fling(velocity: velocity, at: time) }
        if let (velocity, _) = y.release(pointer: p, at: time) { y.fling(velocity: velocity, at: time) }
    }

    /// A drag that will not be released (a pinch took over, the window resized): it stops, and
    /// springs back if it was pulled past an edge.
    public mutating func endDrag(at time: Double) {
        if x.isDragging {
            x.stop()
            x.fling(velocity: 0, at: time)
        }
        if y.isDragging {
            y.stop()
            y.fling(velocity: 0, at: time)
        }
    }

    /// A wheel or two-finger scroll pans; positive `dy` scrolls up, as SDL reports it.
    public mutating func pan(dx: Double, dy: Double, at time: Double) {
        freeze()
        let rx = x.offsetRange, ry = y.offsetRange
        if dx != 0 { x.wheel(delta: dx, at: time) { _ in rx } }
        if dy != 0 { y.wheel(delta: -dy, at: time) { _ in ry } }
    }

    // MARK: Time

    public mutating func tick(at time: Double) {
        if let animation {
            if animation.tween.isFinished(at: time) {
                apply(animation.to)
            } else {
                let p = animation.tween.progress(at: time)
                scale = animation.from.scale.lerp(to: animation.to.scale, p)
                animatedOffset = Point(x: animation.from.offset.x.lerp(to: animation.to.offset.x, p),
                                       y: animation.from.offset.y.lerp(to: animation.to.offset.y, p))
            }
            return
        }
        // The wheel only ever moves within bounds: once it stops there is nothing to settle.
        if x.endedWheelGesture(at: time) != nil { x.stop() }
        if y.endedWheelGesture(at: time) != nil { y.stop() }
        x.tick(at: time)
        y.tick(at: time)
    }

    // MARK: The zoom's reducer: a tick

    /// A tick of the zoom on `pages` with `focus` in focus, in the preview's `box`; `pressed`: the
    /// pointer is down. It follows a resized window and ends a drag let go. False when the zoom
    /// ends: its page is no longer the one in focus as it was, or there is no preview to show it in.
    mutating func advance(pages: [Page], focus: Int, box: Rect, pressed: Bool, at time: Double, tuning: Tuning.Zoom) -> Bool {
        let shown = pages.indices.contains(page) ? pages[page] : nil
        guard page == focus, shown?.id == pageID, shown?.shownSize == pixelSize, !box.isEmpty else { return false }
        if self.box != box { refit(in: box, tuning: tuning) }
        if isDragging && !pressed { endDrag(at: time) }
        tick(at: time)
        return true
    }
}
