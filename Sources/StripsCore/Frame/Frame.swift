/// Everything one tick of a scene shows, built once: the draw list, the trace line and the
/// renderer's picture requests are all made from it, so nothing computes cells a second time.
public struct Frame: Sendable {
    /// The scene's clock, in seconds: picture fade-ins are timed on it.
    public var time: Double
    public var scene: String
    public var window: Size
    /// No drag, deceleration, bounce or animation is running.
    public var isIdle: Bool
    public var title: String
    public var content: any FrameContent
    /// How long a decoded picture takes to fade in over its placeholder (the tuning's).
    public var pictureFadeDuration = Tuning.defaults.preview.pictureFadeDuration
    /// Instruments drawn over the scene (x-ray, slow-motion badge, messages): the frame stepper
    /// adds them from this same frame; never part of the trace.
    public var overlay: [DrawItem] = []

    public init(time: Double, scene: String, window: Size, isIdle: Bool, title: String, content: any FrameContent) {
        self.time = time
        self.scene = scene
        self.window = window
        self.isIdle = isIdle
        self.title = title
        self.content = content
    }
}

/// What a scene's frame holds besides the common fields: its strips' cells in window points.
public protocol FrameContent: Sendable {
    /// What to draw, in painter's order; pictures as quads whose state the renderer reports.
    func drawItems() -> [DrawItem]
    /// The scene's own fields of a trace line (docs/headless.md).
    func traceFields() -> [(String, JSON)]
    /// Pictures about to be needed, most wanted first, decoded ahead so they never show paper.
    var prefetch: [PictureRequest] { get }
    /// The x-ray overlay (X): the layout at work, drawn from this frame's own numbers.
    func xray(measurer: any TextMeasurer) -> [DrawItem]
}

extension FrameContent {
    public func xray(measurer: any TextMeasurer) -> [DrawItem] { [] }
    public var prefetch: [PictureRequest] { [] }
}

extension Frame {
    /// Pictures to have decoded, most wanted first: those `items` (this frame's draw items) draw,
    /// then those about to be. The renderer passes the items it draws, so they are built once.
    public func pictures(drawing items: [DrawItem]) -> [PictureRequest] { PictureRequest.drawn(in: items) + content.prefetch }

    public var pictures: [PictureRequest] { pictures(drawing: content.drawItems()) }
}

/// A picture the frame needs: drawn now at `drawnAt`, or wanted soon (prefetch).
public struct PictureRequest: Hashable, Sendable {
    public var image: ImageRef
    /// The points the picture is fitted into; nil for the variant's own size (thumbnails).
    public var size: Size?
    /// Where it is drawn this frame, nil for a prefetch.
    public var drawnAt: Rect?
    /// The part of `drawnAt` its clip lets show (a zoomed picture larger than the window shows
    /// only part of itself); nil when unclipped.
    public var shown: Rect?
    /// Degrees clockwise the picture is drawn turned.
    public var rotation: Double
    /// Wanted where a moving strip will come to rest: decoded before the pictures drawn in
    /// passing, which will be gone by the time they would be ready.
    public var landing: Bool

    public init(image: ImageRef, size: Size?, drawnAt: Rect? = nil, shown: Rect? = nil, rotation: Double = 0, landing: Bool = false) {
        self.image = image
        self.size = size
        self.drawnAt = drawnAt
        self.shown = shown
        self.rotation = rotation
        self.landing = landing
    }

    /// Requests for the quads of a draw list that show anything.
    public static func drawn(in items: [DrawItem]) -> [PictureRequest] {
        items.compactMap { item in
            guard case .image(let quad) = item, quad.alpha > 0, !quad.frame.isEmpty, quad.clip.map({ !$0.isEmpty }) ?? true
            else { return nil }
            return PictureRequest(image: quad.image, size: quad.frame.size, drawnAt: quad.frame,
                                  shown: quad.clip.map { quad.drawnBounds.intersection($0) }, rotation: quad.rotation)
        }
    }
}
