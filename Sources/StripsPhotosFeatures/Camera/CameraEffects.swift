import StripsCore

/// What the editor asks of a camera and hears back (issue 27). The core knows the camera only by
/// these values: the host (capture and detection on workers, or a video file played on the
/// scene's clock in a script) turns them into pictures and answers with `CameraNews`.

/// The camera effects (`Effect.camera`).
public enum CameraRequest: FeatureRequest {
    /// Ctrl+K: start the camera (`--camera`'s source, else the first found). Answered by
    /// `opened`, then a `looked` for each frame looked at; or by `failed`.
    case open
    /// The view closed: the camera stops.
    case close
    /// Keep a frame as a page. Answered by `taken` (or `failed` with the reason it could not be kept).
    case take(CameraTake)
}

/// A frame to keep as page `Camera N`.
public struct CameraTake: Hashable, Sendable {
    /// The frame looked at when the page was taken (the host keeps the last few); the newest when
    /// that one is gone.
    public var frame: Int
    /// The page's corners in the frame's pixels: the page's crop from the start (nil: the whole frame).
    public var quad: Quad?
    /// The page's number: its id is `Camera N`, unique in the document and its history.
    public var number: Int

    public init(frame: Int, quad: Quad?, number: Int) {
        self.frame = frame
        self.quad = quad
        self.number = number
    }
}

/// The camera as it started: what the view says and the trace names.
public struct CameraInfo: Hashable, Sendable {
    /// The device (`/dev/video0`) or the video file.
    public var source: String
    /// Frames' size in pixels.
    public var size: Size
    /// Frames a second, as the camera or the file states it (0: unknown).
    public var rate: Double
    /// A few words on the format for the view (`MJPEG 1280x720 at 30 fps`).
    public var label: String

    public init(source: String, size: Size, rate: Double, label: String) {
        self.source = source
        self.size = size
        self.rate = rate
        self.label = label
    }
}

/// One frame looked at: which, what was found in it, and what the page looks like.
public struct CameraLook: Hashable, Sendable {
    /// From 0, counted since the camera opened.
    public var frame: Int
    public var size: Size
    /// The page's corners in the frame's pixels (top-left first, clockwise), nil when none was found.
    public var quad: Quad?
    /// The page's content (the whole frame's when no page was found); nil when it could not be sampled.
    public var signature: PageSignature?

    public init(frame: Int, size: Size, quad: Quad?, signature: PageSignature?) {
        self.frame = frame
        self.size = size
        self.quad = quad
        self.signature = signature
    }
}

/// The host's news about the camera (`HostEvent.camera`).
public enum CameraNews: FeatureAnswer {
    case opened(CameraInfo)
    /// The newest frame looked at (the live picture the renderer draws is the host's, newest first).
    case looked(CameraLook)
    /// A page kept: its file written (and kept for recovery), its crop the corners it was taken with.
    case taken(Page)
    /// The camera could not be opened, or a take could not be kept: one line, already on
    /// standard error. The view stays, saying so; the pages taken before stay.
    case failed(HostMessage)
    /// The camera went away (unplugged), or the video file ended or was cut short: one line,
    /// already on standard error. The last picture stays on screen; the pages taken before stay.
    case stopped(HostMessage)
}

extension Effect {
    public static func camera(_ request: CameraRequest) -> Effect { Effect(request) }
}

extension HostEvent {
    public static func camera(_ news: CameraNews) -> HostEvent { HostEvent(news) }
}
