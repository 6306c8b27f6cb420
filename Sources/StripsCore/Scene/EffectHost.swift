/// Carries out the effects a scene returns: the window's services (saving, reading dropped files).
/// `run` starts one and returns the answers ready at once (a headless run has them all at once,
/// so scripts stay deterministic); `poll` is asked before every frame for answers that arrived
/// since (a save's progress and its end, from a worker thread). Answers are delivered to the
/// scene as `InputEvent.host`, stamped on its clock.
public protocol EffectHost: AnyObject {
    func run(_ effect: Effect) -> [HostEvent]
    func poll() -> [HostEvent]
    /// Sees each frame as it is shown, to fit background work around the drawing: nothing is asked
    /// here (requests come as effects), but a host holds its reading while the strips move or
    /// `picturesPending` (pictures the screen needs are still being decoded, which come first).
    func shown(_ frame: Frame, picturesPending: Bool)
    /// The scene's clock now, in seconds: a scripted run tells it before every poll and before
    /// every effect it runs, so a host that plays something on the scene's clock (a video file
    /// as the camera) shows the frame whose time has come. The window's hosts keep their own time.
    func clock(_ sceneTime: Double)
}

extension EffectHost {
    public func shown(_ frame: Frame, picturesPending: Bool) {}
    public func clock(_ sceneTime: Double) {}
}
