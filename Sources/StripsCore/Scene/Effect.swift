/// What a scene asks the world to do. The scene never writes a file, reads a folder or starts a
/// thread: it returns these values from `handle`, the host (the live window, a headless run)
/// carries them out and answers with `HostEvent`s, delivered like any input on the scene's clock.
///
/// An effect holds one feature's request in that feature's own type (the scanner's `ScanEffect`,
/// the text's `TextRequest`): the scene layer knows no feature, so a new feature declares its
/// request type in its own folder and nothing here changes. The host hands the effect to the
/// feature host that takes that type (`FeatureHost.Request`).
public struct Effect: Hashable, Sendable, CustomStringConvertible {
    public let request: any FeatureRequest

    public init(_ request: some FeatureRequest) { self.request = request }

    /// The request, when it is of type `R`.
    public func `as`<R: FeatureRequest>(_ type: R.Type) -> R? { request as? R }

    public static func == (a: Effect, b: Effect) -> Bool { a.request.same(as: b.request) }
    public func hash(into hasher: inout Hasher) { request.hashTyped(into: &hasher) }
    public var description: String { String(describing: request) }
}

/// The host's answer to an effect, delivered to the scene as `InputEvent.host` with the time it
/// arrived on the scene's clock (so a status line fades on the clock the scene draws with). Like
/// an effect it holds one feature's answer in that feature's own type (`ScanUpdate`, `TextEvent`),
/// and the scene hands it to that feature.
public struct HostEvent: Hashable, Sendable, CustomStringConvertible {
    public let answer: any FeatureAnswer

    public init(_ answer: some FeatureAnswer) { self.answer = answer }

    /// The answer, when it is of type `A`.
    public func `as`<A: FeatureAnswer>(_ type: A.Type) -> A? { answer as? A }

    public static func == (a: HostEvent, b: HostEvent) -> Bool { a.answer.same(as: b.answer) }
    public func hash(into hasher: inout Hasher) { answer.hashTyped(into: &hasher) }
    public var description: String { String(describing: answer) }
}

/// A value one feature sends between its scene and its host: compared and hashed with its type.
public protocol FeatureMessage: Hashable, Sendable {}

/// A feature's request to its host (one type a feature, usually an enum of its requests).
public protocol FeatureRequest: FeatureMessage {}

/// A host's answer to its feature (one type a feature, usually an enum of its news).
public protocol FeatureAnswer: FeatureMessage {}

extension FeatureMessage {
    /// Equal to `other`: of the same type, and equal as that type.
    func same(as other: any FeatureMessage) -> Bool { (other as? Self) == self }

    /// Hashes the type with the value, so equal values of two features' types stay apart.
    func hashTyped(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(Self.self))
        hasher.combine(self)
    }
}

/// What the window itself does, asked by the instruments of any scene.
public enum WindowRequest: FeatureRequest {
    /// Start recording the window to a GIF, or stop the recording under way (Ctrl+R). The window
    /// (or the headless run) does it: no feature host takes it.
    case toggleRecording
}

extension Effect {
    public static let toggleRecording = Effect(WindowRequest.toggleRecording)
}
