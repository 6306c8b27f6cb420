import Foundation
import StripsCore

/// What stops or holds a page's reading from another thread: the pool's `JobControl`, checked
/// before each page and, through Tesseract's monitor, between the words of the page being read, so
/// a cancelled page stops within a fraction of a second, and a held one (the window's strips move)
/// goes on from that word when it is let go.
public typealias RecognitionCancel = JobControl

extension JobControl {
    /// Runs `step`, which cannot be stopped (loading a language's models: Tesseract's `Init` has
    /// no monitor), counted in `UncancellableSteps` while it runs and announced to whoever waits
    /// for the reading to end (`HostPool.stop`, the window's quit), who need not wait for it: the
    /// step only reads its data files. Throws `.cancelled` after it when the reading was
    /// cancelled meanwhile (its result is dropped), so nothing else is read or written.
    public func uncancellable<T>(_ step: () throws(RecognitionError) -> T) throws(RecognitionError) -> T {
        UncancellableSteps.begin()
        inStep(true)
        defer {
            inStep(false)
            UncancellableSteps.end()
        }
        let result = try step()
        if isCancelled { throw .cancelled }
        return result
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
