import StripsCore

/// What the editor tells the user over its strips, and the clocks for it: the page counter that
/// shows while the strips move and fades after, a status line ("Saved to ...") and the file
/// chooser awaited. Every time here is a tick's or an event's own, on the scene's clock.
public struct Notices: Hashable, Sendable {
    package init() {}

    /// The last tick at which anything moved (nil: nothing has yet), and the tick before this one.
    public private(set) var lastMotion: Double?
    private var wasMoving = false
    public private(set) var lastTick = 0.0
    public internal(set) var status: StatusLine?
    /// The desktop's file chooser is open (Ctrl+O): its answer is awaited.
    public package(set) var opening = false

    /// After every tick: the counter's clock runs from the last moment anything moved (the tick on
    /// which the strips came to rest still moved them).
    package mutating func noteMotion(_ moving: Bool, at time: Double) {
        if moving || wasMoving { lastMotion = time }
        wasMoving = moving
        lastTick = time
    }

    package mutating func post(_ text: String, at time: Double) { status = StatusLine(text: text, since: time) }

    /// The page counter's opacity: 1 while the strips move and for the tuning's hold after, then fading.
    public func counterAlpha(at time: Double, tuning: Tuning.Editor) -> Double {
        guard let last = lastMotion else { return 0 }
        let after = time - last - tuning.counterHold
        return after <= 0 ? 1 : max(0, 1 - after / tuning.counterFade)
    }

    /// The status line's opacity at `time`.
    public func statusAlpha(at time: Double, tuning: Tuning.Editor) -> Double {
        guard let status else { return 0 }
        let after = time - status.since - tuning.statusHold
        return after <= 0 ? 1 : max(0, 1 - after / tuning.counterFade)
    }

    package func needsFrames(tuning: Tuning.Editor) -> Bool {
        let t = lastTick
        let counting = lastMotion.map { t - $0 < tuning.counterHold + tuning.counterFade } ?? false
        let showing = status.map { t - $0.since < tuning.statusHold + tuning.counterFade } ?? false
        return counting || showing || opening
    }
}

/// A line over the preview saying what happened ("Saved to ...", why a save failed).
public struct StatusLine: Hashable, Sendable {
    public var text: String
    /// When it was posted, on the scene's clock.
    public var since: Double
}
