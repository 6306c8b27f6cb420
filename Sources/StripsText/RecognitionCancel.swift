import Foundation

/// A flag another thread sets to stop recognition: checked before each page and, through
/// Tesseract's monitor, between the words of the page being read, so a cancelled page stops within
/// a fraction of a second. The same monitor holds the reading while it is paused (the window's
/// strips move): the page goes on from that word when it is resumed.
public final class RecognitionCancel: @unchecked Sendable {
    private let condition = NSCondition()
    private var cancelled = false
    private var paused = false

    public init(paused: Bool = false) {
        self.paused = paused
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
