import Foundation

/// A flag another thread sets to stop recognition: checked before each page and, through
/// Tesseract's monitor, between the words of the page being read, so a cancelled page stops within
/// a fraction of a second. The same monitor holds the reading while it is paused (the window's
/// strips move): the page goes on from that word when it is resumed.
///
/// Some steps cannot be stopped once begun (loading a language's models: Tesseract's `Init` has no
/// monitor). The reader runs them through `uncancellable`, so whoever waits for the reading to end
/// (`TextWorkers.stop`, the window's quit) knows it need not wait for them: the step only reads its
/// data files, and once it returns a cancelled reading ends before it reads or writes anything else.
public final class RecognitionCancel: @unchecked Sendable {
    private let condition = NSCondition()
    private var cancelled = false
    private var paused = false
    /// Told `true` as an uncancellable step begins and `false` as it ends, on the reading's thread.
    private let stepping: (@Sendable (Bool) -> Void)?

    public init(paused: Bool = false, stepping: (@Sendable (Bool) -> Void)? = nil) {
        self.paused = paused
        self.stepping = stepping
    }

    /// Runs `step`, which cannot be stopped, counted in `UncancellableSteps` while it runs; throws
    /// `.cancelled` after it when the reading was cancelled meanwhile (its result is dropped).
    public func uncancellable<T>(_ step: () throws(RecognitionError) -> T) throws(RecognitionError) -> T {
        UncancellableSteps.begin()
        stepping?(true)
        defer {
            stepping?(false)
            UncancellableSteps.end()
        }
        let result = try step()
        if isCancelled { throw .cancelled }
        return result
    }

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

    /// Holds (`true`) or lets go (`false`) the reading at its next word.
    public func setPaused(_ paused: Bool) {
        condition.lock()
        self.paused = paused
        condition.broadcast()
        condition.unlock()
    }

    /// Returns once not paused (or cancelled); then whether it was cancelled. Called by the reader
    /// between words.
    public func waitWhilePaused() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while paused && !cancelled { condition.wait() }
        return cancelled
    }
}

/// How many uncancellable steps (`RecognitionCancel.uncancellable`) run in the process now. A
/// program that ends while one runs ends with `_exit` (`UncancellableSteps.exitIfAny`): the C++
/// library's static objects, destroyed by `exit`, are what such a step may be using.
public enum UncancellableSteps {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var running = 0

    static func begin() { lock.withLock { running += 1 } }
    static func end() { lock.withLock { running -= 1 } }

    public static var count: Int { lock.withLock { running } }

    /// Ends the process now with `status` when a step still runs (standard output and error
    /// flushed first; nothing else is left to do: every file the program writes was written whole
    /// before this, and the step only reads); returns otherwise, for the usual ending.
    public static func exitIfAny(status: Int32 = 0) {
        guard count > 0 else { return }
        fflush(nil)
        _exit(status)
    }
}
