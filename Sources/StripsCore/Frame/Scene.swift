/// A screen of the app: takes input, advances on an injected clock, and describes each frame.
public protocol Scene {
    var name: String { get }
    var windowSize: Size { get }
    /// Every number of the design: the one value the scene and the instruments over it read.
    var tuning: Tuning { get }

    /// Takes one input (or a host's answer) and returns what it asks the host to do.
    @discardableResult
    mutating func handle(_ event: InputEvent, at time: Double) -> [Effect]
    mutating func tick(at time: Double)
    /// What the scene asks of the host that no input asked for, as a change since it last asked
    /// (the text of the pages around the focus where a strip came to rest, the pages that came near
    /// it to be judged): asked once after each tick, run before the frame is built, so a script's
    /// frame already has what it asked for.
    mutating func effectsDue(at time: Double) -> [Effect]

    /// True when no drag, deceleration, bounce or animation is running: the loop may sleep.
    var isIdle: Bool { get }
    /// True once the user asked to leave (Escape, Q).
    var wantsToQuit: Bool { get }
    /// What the window title should say.
    var title: String { get }

    /// The frame at `time` (seconds on the scene's clock), built once from the strips' cells.
    func frame(at time: Double) -> Frame

    /// True when something drawn changes with time though the scene is idle (a fading
    /// overlay, a press being timed): the live loop keeps stepping instead of sleeping.
    var needsFrames: Bool { get }
    /// A prompt is up that answers plain keys itself: the instruments leave them to it.
    var capturesKeys: Bool { get }
    /// The window's close button: true to close now; a scene with unsaved work may ask first.
    mutating func closeRequested(at time: Double) -> Bool
}

extension Scene {
    public mutating func effectsDue(at time: Double) -> [Effect] { [] }
    public var needsFrames: Bool { false }
    public var capturesKeys: Bool { false }
    public mutating func closeRequested(at time: Double) -> Bool { true }
}
