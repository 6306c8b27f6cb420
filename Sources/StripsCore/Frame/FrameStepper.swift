/// The one frame loop's step: input in, `tick`, the frame out, with time in seconds. The headless
/// runner (a virtual 60 Hz clock), the live window (which adds only vsync pacing) and both
/// benchmarks drive their scenes through it, so every loop runs a scene the same way.
public struct FrameStepper<S: Scene> {
    /// The display's refresh interval: frames are 1/60 s apart on every clock we run on.
    public static var interval: Double { 1.0 / 60 }

    public var scene: S
    /// Frames stepped so far.
    public private(set) var frameCount = 0
    /// Effects the last `step` had carried out (what came due, and what the answers asked for):
    /// none means the next step of an idle scene asks for nothing either.
    public private(set) var effectsInLastStep = 0
    /// Slow motion, x-ray and messages: the scene sees every time through `instruments.clock`.
    public var instruments = Instruments()
    /// Measures the instruments' text (the renderer's fonts when there are any).
    public var measurer: any TextMeasurer = ApproximateTextMeasurer()

    public init(scene: S) { self.scene = scene }

    /// The scene's clock at real time `time`: the same until slow motion first changes its rate.
    public func sceneTime(at time: Double) -> Double { instruments.clock.sceneTime(at: time) }

    /// Delivers one event with its own timestamp: velocity comes from event times, not frames.
    /// Times are real; the scene gets them on its clock, so velocities stay right in scene units
    /// and a host's answer is stamped on the clock the scene draws with. The instrument keys
    /// (S, X, F, Ctrl+R) are taken here and never reach the scene. Returns what the scene or the
    /// instruments ask the host to do.
    @discardableResult
    public mutating func deliver(_ event: InputEvent, at time: Double) -> [Effect] {
        if case .key(let key) = event, !scene.capturesKeys, let effects = instruments.take(key, at: time) { return effects }
        return scene.handle(event, at: sceneTime(at: time))
    }

    /// Posts a message over the scene (real time), timed by the scene's tuning.
    public mutating func note(_ text: String, at time: Double) { instruments.note(text, at: time, tuning: scene.tuning.instruments) }

    /// A message is still showing or fading at real time `time`.
    public func notesShowing(at time: Double) -> Bool { instruments.isAnimating(at: time, tuning: scene.tuning.instruments) }

    /// Advances the scene to real time `time` and builds its frame, once; the instruments are
    /// drawn from that frame. Without a host (layout benchmarks, tests of a scene alone) what the
    /// scene asks of one (`effectsDue`) is dropped.
    public mutating func step(at time: Double) -> Frame { step(at: time) { _ in [] } }

    /// Advances the scene to real time `time`, has `host` carry out what that made due (its
    /// answers delivered at `time`, and what they ask for in turn), then builds the frame.
    public mutating func step(at time: Double, host: (Effect) -> [HostEvent]) -> Frame {
        let t = sceneTime(at: time)
        scene.tick(at: t)
        var effects = scene.effectsDue(at: t)
        effectsInLastStep = 0
        while !effects.isEmpty {
            let effect = effects.removeFirst()
            effectsInLastStep += 1
            for answer in host(effect) { effects += deliver(.host(answer), at: time) }
        }
        frameCount += 1
        var frame = scene.frame(at: t)
        frame.overlay = instruments.overlay(for: frame, at: time, measurer: measurer, tuning: scene.tuning.instruments)
        return frame
    }
}
