import Foundation

/// What a job under way on a host's pool (`HostPool`) is told from another thread: stop, or hold
/// where it stands and go on later. The job looks at it where it can stop between two steps of
/// its own (a page's reading, between two words), so a cancelled job stops within a fraction of a
/// second and a held one takes nothing from the frames until it is let go.
///
/// A step that cannot be stopped once begun (loading a language's models) is announced with
/// `inStep`, so whoever waits for the pool to end (`HostPool.stop`, the window's quit) knows it
/// need not wait for it.
public final class JobControl: @unchecked Sendable {
    private let condition = NSCondition()
    private var cancelled = false
    private var paused = false
    /// Told `true` as a step nothing can stop begins and `false` as it ends, on the job's thread.
    private let stepping: (@Sendable (Bool) -> Void)?

    public init(paused: Bool = false, stepping: (@Sendable (Bool) -> Void)? = nil) {
        self.paused = paused
        self.stepping = stepping
    }

    /// The job is in (`true`) or out of a step nothing can stop.
    public func inStep(_ inStep: Bool) { stepping?(inStep) }

    public func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    public var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Holds (`true`) or lets go (`false`) the job at its next step.
    public func setPaused(_ paused: Bool) {
        condition.lock()
        self.paused = paused
        condition.broadcast()
        condition.unlock()
    }

    /// Returns once not paused (or cancelled); then whether it was cancelled. Called by the job
    /// between its steps.
    public func waitWhilePaused() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while paused && !cancelled { condition.wait() }
        return cancelled
    }
}
