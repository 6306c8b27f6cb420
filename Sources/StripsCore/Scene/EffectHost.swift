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
    /// Something plays on the scene's clock now (a video file as the camera): a script's idle
    /// frames cannot be skipped while it does, as each may show a new picture.
    var playsOnClock: Bool { get }
}

extension EffectHost {
    public func shown(_ frame: Frame, picturesPending: Bool) {}
    public func clock(_ sceneTime: Double) {}
    public var playsOnClock: Bool { false }
}

/// One feature's side of a host: it carries out that feature's requests (`run`, given only values
/// of its `Request` type) and hands back their answers, at once and later (`poll`). A scene's host
/// is a list of them (`FeatureHosts`), as swift-nio's pipeline is a list of handlers: a new
/// feature's host is one more entry, and the list hands it the effects of its type.
public protocol FeatureHost: AnyObject {
    /// The feature's request type: the effects holding one are this host's.
    associatedtype Request: FeatureRequest
    /// Starts `request` and returns the answers ready at once (all of them in a script).
    func run(_ request: Request) -> [HostEvent]
    /// What arrived since the last poll.
    func poll() -> [HostEvent]
    /// Each frame as it is shown (`EffectHost.shown`).
    func shown(_ frame: Frame, picturesPending: Bool)
    /// The scene's clock (`EffectHost.clock`).
    func clock(_ sceneTime: Double)
    /// `EffectHost.playsOnClock`.
    var playsOnClock: Bool { get }
}

extension FeatureHost {
    /// `effect`'s answers when it holds this feature's request; nil when it is another's.
    public func take(_ effect: Effect) -> [HostEvent]? { effect.as(Request.self).map(run) }

    public func poll() -> [HostEvent] { [] }
    public func shown(_ frame: Frame, picturesPending: Bool) {}
    public func clock(_ sceneTime: Double) {}
    public var playsOnClock: Bool { false }
}

/// What the program hands every feature host a scene's registry makes: where its errands run (the
/// executor chosen once for the run: inline in a script, worker threads in the window) and where a
/// one-line diagnostic goes (standard error in the program).
public struct HostServices: Sendable {
    public var executor: any HostExecutor
    public var say: @Sendable (String) -> Void

    public init(executor: any HostExecutor, say: @escaping @Sendable (String) -> Void) {
        self.executor = executor
        self.say = say
    }
}

/// A host made of feature hosts, in order: an effect goes to the first whose request type it
/// holds (one no feature takes is answered by nothing), and each is polled, shown the frame and told the
/// clock in that order.
public final class FeatureHosts: EffectHost {
    public let features: [any FeatureHost]

    public init(_ features: [any FeatureHost]) { self.features = features }

    public func run(_ effect: Effect) -> [HostEvent] {
        for feature in features {
            if let answers = feature.take(effect) { return answers }
        }
        return []
    }

    public func poll() -> [HostEvent] { features.flatMap { $0.poll() } }

    public func shown(_ frame: Frame, picturesPending: Bool) {
        for feature in features { feature.shown(frame, picturesPending: picturesPending) }
    }

    public var playsOnClock: Bool { features.contains { $0.playsOnClock } }

    public func clock(_ sceneTime: Double) {
        for feature in features { feature.clock(sceneTime) }
    }
}
