import Foundation

/// A flag another thread sets to stop recognition: checked before each page and, through
/// Tesseract's monitor, between the words of the page being read, so a cancelled page stops within
/// a fraction of a second.
public final class RecognitionCancel: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}
