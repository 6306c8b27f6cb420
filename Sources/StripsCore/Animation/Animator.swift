/// Runs a queue-free set of tweens on an injected clock: each frame the owner calls `tick(now)`,
/// gets every running animation's progress, and the completions of those that ended.
///
/// The article's Animator holds a display link; ours is driven from outside so that a unit test,
/// the headless mode and the vsync loop all advance it the same way.
public struct Animator<Tag: Hashable & Sendable>: Sendable {
    public struct Running: Sendable {
        public var tag: Tag
        public var tween: Tween
    }

    public private(set) var running: [Running] = []

    public init() {}

    public var isIdle: Bool { running.isEmpty }

    public mutating func start(_ tag: Tag, at time: Double, duration: Double, easing: Easing = .easeInOut) {
        cancel(tag)
        running.append(Running(tag: tag, tween: Tween(start: time, duration: duration, easing: easing)))
    }

    public mutating func cancel(_ tag: Tag) {
        running.removeAll { $0.tag == tag }
    }

    public func isRunning(_ tag: Tag) -> Bool { running.contains { $0.tag == tag } }

    public func progress(of tag: Tag, at time: Double) -> Double? {
        running.first { $0.tag == tag }?.tween.progress(at: time)
    }

    /// Removes and returns, in start order, the animations that are complete at `time`.
    public mutating func finish(at time: Double) -> [Tag] {
        let done = running.filter { $0.tween.isFinished(at: time) }.map(\.tag)
        running.removeAll { $0.tween.isFinished(at: time) }
        return done
    }
}
