/// The one frame loop's step: input in, `tick`, the frame out, with time in seconds. The headless
/// runner (a virtual 60 Hz clock), the live window (which adds only vsync pacing) and both
/// benchmarks drive their scenes through it, so every loop runs a scene the same way.
public struct FrameStepper<S: Scene> {
    /// The display's refresh interval: frames are 1/60 s apart on every clock we run on.
    public static var interval: Double { 1.0 / 60 }

    public var scene: S
    /// Frames stepped so far.
    public private(set) var frameCount = 0

    public init(scene: S) { self.scene = scene }

    /// Delivers one event with its own timestamp: velocity comes from event times, not frames.
    public mutating func deliver(_ event: InputEvent, at time: Double) { scene.handle(event, at: time) }

    /// Advances the scene to `time` and builds its frame, once.
    public mutating func step(at time: Double) -> Frame {
        scene.tick(at: time)
        frameCount += 1
        return scene.frame(at: time)
    }
}
