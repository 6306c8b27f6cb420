import Dispatch
import Foundation

/// Where a host's errands run, injected once for all the hosts of a run, so each host is written
/// once: `InlineExecutor` does every errand at once on the caller's thread and so hands a
/// request's answers back with it (scripts and tests: deterministic, as swift-nio's
/// `EmbeddedEventLoop` is); `WorkerExecutor` runs them on worker threads, their answers taken by
/// the next poll and the window's loop woken for them.
public protocol HostExecutor: Sendable {
    /// A serial lane for one host's errands that answer when done (a border search): each job
    /// after the one before, its answers returned by `submit` (inline) or a later `drain`.
    func lane(_ label: String) -> any HostLane
    /// Runs `job`, a long errand that hands its host its answers itself (a save telling its
    /// progress, a queue of pages worked through): now on the caller's thread, or on a thread of
    /// its own named `name`; `background`: below the frames' priority (nice 10) there.
    func start(_ name: String, background: Bool, _ job: @escaping @Sendable () -> Void)
    /// The answers a request gives back with it. Inline, `answers()`: everything the request
    /// started is done by now, and work another process or thread does for it (a scan in the
    /// scanner's worker) is waited for first, on `condition` until `done` holds. A worker gives
    /// none and does not wait: they come through poll, with a wake.
    func answered(waitingOn condition: NSCondition?, until done: () -> Bool, _ answers: () -> [HostEvent]) -> [HostEvent]
    /// Runs `job` after `seconds` of the wall clock; inline never: a script has no wall clock,
    /// and what such a job only hurries (a feeder's next page announced before its rows) comes
    /// in its turn anyway.
    func after(_ seconds: Double, _ job: @escaping @Sendable () -> Void)
    /// Tells the loop that answers are waiting (the window's waker; inline nothing: the caller
    /// takes them as the request returns).
    func wake()
    /// How many of a queue's items a host works on together: inline every core (the caller
    /// waits for all of them anyway), on workers one (a new ask is taken up after the item under
    /// way, and the background keeps to one core below the frames).
    var itemsAtOnce: Int { get }
    /// A standing queue of jobs the host replaces as its wishes change (`HostPool`), done in
    /// order on lanes each with a `resource` of its own, made once a lane: inline as they are
    /// scheduled, `itemsAtOnce` together; on workers, a thread a lane, held while the frames
    /// want the machine.
    func pool<Resource>(_ name: String, resource: @escaping @Sendable () -> Resource) -> any HostPool<Resource>
}

extension HostExecutor {
    /// The answers a request gives back with it, nothing to wait for (`answered(waitingOn:until:_:)`).
    public func answered(_ answers: () -> [HostEvent]) -> [HostEvent] { answered(waitingOn: nil, until: { true }, answers) }
}

/// One host's serial lane of errands (`HostExecutor.lane`).
public protocol HostLane: Sendable {
    /// Runs `job`; its answers are returned now (inline) or by a later `drain` (a worker).
    func submit(_ job: @escaping @Sendable () -> [HostEvent]) -> [HostEvent]
    /// The answers of jobs finished since the last drain, in the order they finished.
    func drain() -> [HostEvent]
}

/// Each errand done at once, before the request returns.
public struct InlineExecutor: HostExecutor, HostLane {
    public init() {}
    public func lane(_ label: String) -> any HostLane { self }
    public func submit(_ job: @escaping @Sendable () -> [HostEvent]) -> [HostEvent] { job() }
    public func drain() -> [HostEvent] { [] }
    public func start(_ name: String, background: Bool, _ job: @escaping @Sendable () -> Void) { job() }
    public func answered(waitingOn condition: NSCondition?, until done: () -> Bool, _ answers: () -> [HostEvent]) -> [HostEvent] {
        if let condition {
            condition.lock()
            while !done() { condition.wait() }
            condition.unlock()
        }
        return answers()
    }
    public func after(_ seconds: Double, _ job: @escaping @Sendable () -> Void) {}
    public func wake() {}
    public var itemsAtOnce: Int { ProcessInfo.processInfo.activeProcessorCount }
    public func pool<Resource>(_ name: String, resource: @escaping @Sendable () -> Resource) -> any HostPool<Resource> {
        InlinePool(lanes: itemsAtOnce, resource: resource)
    }
}

/// Errands on worker threads; each answer wakes the window (`wake`).
public struct WorkerExecutor: HostExecutor {
    private let waker: @Sendable () -> Void
    /// Bytes of stack for a thread of its own: writing a PDF's pages recurses deeper than a
    /// dispatch worker's stack allows.
    public var stackSize = 1 << 22
    /// A pool's threads: one core stays for drawing and decoding (idle cores keep them off it anyway).
    public var poolThreads = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    /// Where a pool's threads run: idle cores in the window; `.normal` for a test that waits for
    /// them, which idle cores alone may not serve on a busy machine.
    public var poolPriority = ThreadPriority.idleCores

    public init(wake: @escaping @Sendable () -> Void) { waker = wake }

    public func lane(_ label: String) -> any HostLane { WorkerLane(label: label, wake: waker) }

    public func start(_ name: String, background: Bool, _ job: @escaping @Sendable () -> Void) {
        let thread = Thread {
            // Linux keeps nice values per thread; `who` 0 is the calling thread.
            if background { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }
            job()
        }
        thread.name = name
        thread.stackSize = stackSize
        thread.start()
    }

    public func answered(waitingOn condition: NSCondition?, until done: () -> Bool, _ answers: () -> [HostEvent]) -> [HostEvent] { [] }

    public func after(_ seconds: Double, _ job: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: job)
    }

    public func wake() { waker() }

    public var itemsAtOnce: Int { 1 }

    public func pool<Resource>(_ name: String, resource: @escaping @Sendable () -> Resource) -> any HostPool<Resource> {
        WorkerPool(name, threads: poolThreads, priority: poolPriority, resource: resource)
    }
}

/// A serial worker queue; each finished job wakes the window.
final class WorkerLane: HostLane, @unchecked Sendable {
    private let queue: DispatchQueue
    private let lock = NSLock()
    private var ready: [HostEvent] = []
    private let wake: @Sendable () -> Void

    init(label: String, wake: @escaping @Sendable () -> Void) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
        self.wake = wake
    }

    func submit(_ job: @escaping @Sendable () -> [HostEvent]) -> [HostEvent] {
        queue.async { [self] in
            let events = job()
            lock.withLock { ready += events }
            wake()
        }
        return []
    }

    func drain() -> [HostEvent] {
        lock.withLock {
            defer { ready.removeAll() }
            return ready
        }
    }
}
