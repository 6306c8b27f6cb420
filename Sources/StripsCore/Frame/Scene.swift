/// A screen of the app: takes input, advances on an injected clock, and describes each frame.
public protocol Scene {
    var name: String { get }
    var windowSize: Size { get }

    mutating func handle(_ event: InputEvent, at time: Double)
    mutating func tick(at time: Double)

    /// True when no drag, deceleration, bounce or animation is running: the loop may sleep.
    var isIdle: Bool { get }
    /// True once the user asked to leave (Escape, Q).
    var wantsToQuit: Bool { get }
    /// What the window title should say.
    var title: String { get }

    /// The frame at `time` (seconds on the scene's clock), built once from the strips' cells.
    func frame(at time: Double) -> Frame
}
