import StripsCore

/// The zoom room: the zoom mode's value (`State`: a `PreviewZoom` while the preview is zoomed in)
/// and the one reducer that starts, moves and ends it. What it reads of the editor (the pages, the
/// focus, the preview's box, whether a zoom may start now, the pointer held down) comes in as
/// `Context`; the scene's door keeps the value in `Interaction.zoomed`. It asks nothing of the
/// host and says nothing on the status line: its outputs are empty.
package enum ZoomFeature: PhotosFeature {
    /// The zoom mode as the reducer leaves it. `ended` is kept apart from `notZoomed` because a
    /// zoom that ends (its page gone, back at fit) leaves the strips resting, whatever they were
    /// doing before it began, while an action that starts nothing leaves them as they are.
    package enum State {
        case notZoomed
        case zoomed(PreviewZoom)
        case ended
    }

    package enum Action {
        /// A double-click on the preview at fit: the close-up about it.
        case closeUp(about: Point)
        /// Lines on the page in focus (boxes in shares of its picture: a search hit) made readable:
        /// zoomed in on, centred, when they are small at the zoom now or at fit; nothing when they
        /// are readable as they are. Who asks has waited for the strips to rest on that page with
        /// nothing queued or held, so this begins a zoom from fit without `canStart`.
        case show(lines: [Rect])
        /// `+`, `-`, `0` about `anchor` (the pointer over the preview, else its centre).
        case key(EditorKey, anchor: Point)
        /// At once (a pinch step, a Ctrl+wheel notch), starting a zoom from fit if it grows.
        case zoom(by: Double, about: Point)
        /// The zoomed picture pressed, dragged, let go (a double-click goes back to fit).
        case press(Point)
        case drag(Point)
        case release(Point, backToFit: Bool)
        /// A plain wheel over the zoomed preview.
        case pan(dx: Double, dy: Double)
        /// A drag that will not be released (a pinch took over, a dialog came up).
        case endDrag
        /// A frame: follow a resized window, advance, end when its page is no longer in focus.
        case tick
    }

    package struct Context {
        package init(pages: [Page], focus: Int, box: Rect, pressed: Bool, canStart: Bool, tuning: Tuning.Zoom, physics: Tuning.Scroll, time: Double) {
            self.pages = pages
            self.focus = focus
            self.box = box
            self.pressed = pressed
            self.canStart = canStart
            self.tuning = tuning
            self.physics = physics
            self.time = time
        }

        var pages: [Page]
        var focus: Int
        /// The preview in the window.
        var box: Rect
        /// The pointer is down.
        var pressed: Bool
        /// A zoom may begin now on the page in focus (strips at rest, nothing else under way).
        var canStart: Bool
        var tuning: Tuning.Zoom
        var physics: Tuning.Scroll
        var time: Double
    }

    /// A line shorter than this on screen (points) is zoomed in on by `show`...
    static let smallLine = 12.0
    /// ...until it is this tall, as far as the zoom goes.
    static let readableLine = 28.0

    package static func reduce(into state: inout State, action: Action, context c: Context) -> [PhotosOutput] {
        let time = c.time, tuning = c.tuning
        switch action {
        case .closeUp(let p):
            guard var zoom = fresh(c) else { break }
            zoom.animate(to: zoom.closeUpScale(tuning), about: p, at: time, tuning: tuning)
            state = .zoomed(zoom)
        case .show(let lines):
            var zoom: PreviewZoom
            if case .zoomed(let current) = state {
                zoom = current
            } else {
                guard let atFit = atFit(c) else { break }
                zoom = atFit
            }
            if readable(lines, in: &zoom, c) { state = .zoomed(zoom) }
        case .key(let key, let anchor):
            func target(_ zoom: PreviewZoom) -> Double {
                switch key {
                case .zoomIn: return zoom.targetScale * tuning.keyFactor
                case .zoomOut: return zoom.targetScale / tuning.keyFactor
                default: return 1
                }
            }
            if case .zoomed(var zoom) = state {
                zoom.animate(to: target(zoom), about: anchor, at: time, tuning: tuning)
                state = .zoomed(zoom)
            } else if var zoom = fresh(c), target(zoom) > 1 {
                zoom.animate(to: target(zoom), about: anchor, at: time, tuning: tuning)
                state = .zoomed(zoom)
            }
        case .zoom(let factor, let anchor):
            guard !c.pressed else { break }
            var zoom: PreviewZoom
            if case .zoomed(let current) = state {
                zoom = current
            } else {
                guard factor > 1, let started = fresh(c) else { break }
                zoom = started
            }
            zoom.zoom(by: factor, about: anchor, tuning: tuning)
            state = zoom.isAtFit ? .ended : .zoomed(zoom)
        case .press(let p):
            change(&state) { $0.press(p, at: time) }
        case .drag(let p):
            change(&state) { $0.drag(p, at: time) }
        case .release(let p, let backToFit):
            change(&state) { zoom in
                zoom.release(p, at: time)
                if backToFit { zoom.animate(to: 1, about: p, at: time, tuning: tuning) }
            }
        case .pan(let dx, let dy):
            change(&state) { $0.pan(dx: dx, dy: dy, at: time) }
        case .endDrag:
            change(&state) { $0.endDrag(at: time) }
        case .tick:
            guard case .zoomed(var zoom) = state else { break }
            guard zoom.advance(pages: c.pages, focus: c.focus, box: c.box, pressed: c.pressed, at: time, tuning: tuning) else {
                state = .ended
                break
            }
            state = zoom.isAtFit ? .ended : .zoomed(zoom)
        }
        return []
    }

    /// A zoom at fit on the page in focus, when one may begin.
    private static func fresh(_ c: Context) -> PreviewZoom? {
        guard c.canStart else { return nil }
        return atFit(c)
    }

    /// A zoom at fit on the page in focus (none without one).
    private static func atFit(_ c: Context) -> PreviewZoom? {
        guard c.pages.indices.contains(c.focus) else { return nil }
        let page = c.pages[c.focus]
        return PreviewZoom(page: c.focus, pageID: page.id, pixelSize: page.shownSize, box: c.box, physics: c.physics)
    }

    /// `zoom` animated to show `lines` (on its page) `readableLine` tall, centred, when the tallest
    /// is shorter than `smallLine` on screen now; false when it is left as it was (readable as it
    /// is, or at fit and not growing).
    private static func readable(_ lines: [Rect], in zoom: inout PreviewZoom, _ c: Context) -> Bool {
        guard c.pages.indices.contains(zoom.page) else { return false }
        let rects = SearchHighlight.rects(lines, onPicture: zoom.pictureFrame, quarterTurns: c.pages[zoom.page].quarterTurns)
        guard let first = rects.first else { return false }
        let band = rects.dropFirst().reduce(first) { $0.union($1) }
        let lineHeight = rects.map(\.height).max() ?? band.height
        guard lineHeight > 0, lineHeight < smallLine else { return false }
        var shown = zoom
        shown.animate(to: zoom.scale * readableLine / lineHeight, centring: band.center, at: c.time, tuning: c.tuning)
        guard shown.targetScale > shown.scale + 1e-9 || shown.scale > 1 else { return false }
        zoom = shown
        return true
    }

    /// The zoom under way changed by `body`; nothing when there is none.
    private static func change(_ state: inout State, _ body: (inout PreviewZoom) -> Void) {
        guard case .zoomed(var zoom) = state else { return }
        body(&zoom)
        state = .zoomed(zoom)
    }
}
