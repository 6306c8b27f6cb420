import Dispatch
import Foundation
import StripsCore

/// How a host's errands run, injected once: `InlineExecutor` does each at once on the caller's
/// thread and hands its answers back with the request (scripts and tests: deterministic, as
/// swift-nio's `EmbeddedEventLoop` is), `WorkerExecutor` on a worker thread, its answers collected
/// by the next poll and the window's loop woken for them. A host written against this is written
/// once, for both.
public protocol HostExecutor: Sendable {
    /// Runs `job`; its answers are returned now (inline) or by a later `drain` (a worker).
    func submit(_ job: @escaping @Sendable () -> [HostEvent]) -> [HostEvent]
    /// The answers of jobs finished since the last drain, in the order they finished.
    func drain() -> [HostEvent]
}

/// Each job done at once, before `submit` returns.
public struct InlineExecutor: HostExecutor {
    public init() {}
    public func submit(_ job: @escaping @Sendable () -> [HostEvent]) -> [HostEvent] { job() }
    public func drain() -> [HostEvent] { [] }
}

/// Jobs done one after another on a serial worker queue; each finished job wakes the window.
public final class WorkerExecutor: HostExecutor, @unchecked Sendable {
    private let queue: DispatchQueue
    private let lock = NSLock()
    private var ready: [HostEvent] = []
    private let wake: @Sendable () -> Void

    public init(label: String, qos: DispatchQoS = .userInitiated, wake: @escaping @Sendable () -> Void) {
        queue = DispatchQueue(label: label, qos: qos)
        self.wake = wake
    }

    public func submit(_ job: @escaping @Sendable () -> [HostEvent]) -> [HostEvent] {
        queue.async { [self] in
            let events = job()
            lock.withLock { ready += events }
            wake()
        }
        return []
    }

    public func drain() -> [HostEvent] {
        lock.withLock {
            defer { ready.removeAll() }
            return ready
        }
    }
}

/// Where a long errand that tells its own progress runs (a save, read by `poll` as it goes): at
/// once on the caller's thread (`InlineRunner`: scripts and tests, deterministic), or on a thread
/// of its own (`ThreadRunner`: the window, which keeps drawing meanwhile).
public protocol JobRunner: Sendable {
    func run(_ job: @escaping @Sendable () -> Void)
}

public struct InlineRunner: JobRunner {
    public init() {}
    public func run(_ job: @escaping @Sendable () -> Void) { job() }
}

public struct ThreadRunner: JobRunner {
    /// Bytes of stack: writing a PDF's pages recurses deeper than a dispatch worker's stack allows.
    public var stackSize = 1 << 22
    public init() {}
    public func run(_ job: @escaping @Sendable () -> Void) {
        let thread = Thread(block: job)
        thread.stackSize = stackSize
        thread.start()
    }
}

/// The executor a host of this run uses: a worker in the window (`live`), else inline.
public func hostExecutor(live: Bool, label: String, wake: @escaping @Sendable () -> Void) -> any HostExecutor {
    live ? WorkerExecutor(label: label, wake: wake) : InlineExecutor()
}
