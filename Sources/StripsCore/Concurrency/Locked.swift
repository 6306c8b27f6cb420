import Foundation

/// A value behind a lock, shared between threads: the project's one such helper, used as
/// Synchronization.Mutex would be. On Linux, Mutex takes its lock with atomics inside the
/// uninstrumented standard library, so ThreadSanitizer cannot see it and reports every access it
/// guards as a race (a ten-line Mutex program shows it); an NSLock is a pthread mutex, which TSan
/// follows, so real races stay visible in Scripts/sanitize.sh.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock; what `body` returns is returned.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value as it is now.
    public var current: Value { withLock { $0 } }
}
