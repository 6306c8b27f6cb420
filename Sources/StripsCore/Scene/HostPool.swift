import Dispatch
import Foundation

/// A host's standing queue of jobs (`HostExecutor.pool`): the host replaces the list it wants
/// done as its wishes change (the pages near the focus, then a search's), the pool does them in
/// that order, each on a lane with a resource of its own made once and kept (an engine, an open
/// file), and tells the host of each through the job's own completion. Held while the frames want
/// the machine: nothing starts, and the jobs under way stop at their next step (`JobControl`).
public protocol HostPool<Resource>: AnyObject, Sendable {
    associatedtype Resource
    /// Replaces the jobs waiting by `jobs`, done in this order; the jobs under way go on.
    /// Inline, done before it returns (the jobs' completions may schedule again: the list they
    /// give is the one gone on with).
    func schedule(_ jobs: [PoolJob<Resource>])
    /// Holds the pool (`true`: no job starts, those under way wait at their next step) or lets
    /// it go on. Inline nothing: a script's jobs are done as they are asked, beside no frame.
    func hold(_ held: Bool)
    /// Stops the job `id`, waiting or under way; its completion is not called.
    func cancel(_ id: String)
    /// Stops everything waiting and under way, and the lanes; returns once they have ended or
    /// are in a step nothing can stop (`JobControl.inStep`), which ends by itself, telling nothing.
    func stop()
    /// How many jobs wait.
    var waiting: Int { get }
}

/// One job of a pool: `work` is done on a lane with the lane's resource, looking at `control`
/// between its steps; it returns what tells the host it is done (nil: it was cancelled, nothing
/// to tell). On workers that is called right after, on the lane; inline on the caller's thread,
/// in the order of the jobs done together, so a script's answers come in the same order every run.
public struct PoolJob<Resource>: Sendable {
    public var id: String
    public var work: @Sendable (Resource, JobControl) -> (@Sendable () -> Void)?

    public init(id: String, work: @escaping @Sendable (Resource, JobControl) -> (@Sendable () -> Void)?) {
        self.id = id
        self.work = work
    }
}

/// A pool done on the caller's thread as it schedules (scripts and tests): `lanes` jobs at a
/// time, together, their completions then called in order.
final class InlinePool<Resource>: HostPool, @unchecked Sendable {
    private let lanes: Int
    private let make: @Sendable () -> Resource
    private let lock = NSLock()
    // Guarded by `lock`.
    private var pending: [PoolJob<Resource>] = []
    private var draining = false
    /// Only the draining thread touches these.
    private var resources: [Resource] = []

    init(lanes: Int, resource: @escaping @Sendable () -> Resource) {
        self.lanes = max(1, lanes)
        make = resource
    }

    func schedule(_ jobs: [PoolJob<Resource>]) {
        let first = lock.withLock { () -> Bool in
            pending = jobs
            if draining { return false }
            draining = true
            return true
        }
        // A completion scheduling again only replaces the list the loop below goes on with.
        guard first else { return }
        while let batch = nextBatch() {
            while resources.count < batch.count { resources.append(make()) }
            let finished = Locked([(@Sendable () -> Void)?](repeating: nil, count: batch.count))
            // Each lane touches its own resource only.
            nonisolated(unsafe) let resources = resources
            DispatchQueue.concurrentPerform(iterations: batch.count) { lane in
                let finish = batch[lane].work(resources[lane], JobControl())
                finished.withLock { $0[lane] = finish }
            }
            for finish in finished.current { finish?() }
        }
    }

    /// The next jobs to do together, taken off the list; nil (and no longer draining) when none.
    private func nextBatch() -> [PoolJob<Resource>]? {
        lock.withLock {
            guard !pending.isEmpty else {
                draining = false
                return nil
            }
            let batch = Array(pending.prefix(lanes))
            pending.removeFirst(batch.count)
            return batch
        }
    }

    func hold(_ held: Bool) {}

    func cancel(_ id: String) { lock.withLock { pending.removeAll { $0.id == id } } }

    func stop() { lock.withLock { pending = [] } }

    var waiting: Int { lock.withLock { pending.count } }
}

/// A pool of worker threads (the window's), each with its resource made on it once, doing the
/// jobs in the order asked. `idleCores`: the threads run only when no other thread wants a core
/// (frames and decoding always go first). The threads hold on to the pool: call `stop()` when
/// done with it.
final class WorkerPool<Resource>: HostPool, @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [PoolJob<Resource>] = []
    private var running: [String: JobControl] = [:]
    private var stopping = false
    private var alive = 0
    /// Lanes inside a step nothing can stop: `stop` leaves them.
    private var stepping = 0
    /// Held: no job starts, and the jobs under way wait at their next step.
    private var paused = false
    /// The threads moved to idle cores (Linux thread ids), lifted back when the pool stops.
    private var idleThreads: [pid_t] = []

    init(_ name: String, threads: Int, priority: ThreadPriority, resource: @escaping @Sendable () -> Resource) {
        for index in 0..<max(1, threads) {
            let thread = Thread { [self] in
                if priority == .idleCores {
                    ThreadPriority.lowerPriority()
                    if let id = ThreadPriority.threadID() { condition.withLock { idleThreads.append(id) } }
                }
                work(resource())
            }
            thread.name = "\(name)-\(index)"
            alive += 1
            thread.start()
        }
    }

    func schedule(_ jobs: [PoolJob<Resource>]) {
        condition.lock()
        pending = jobs.filter { running[$0.id] == nil }
        condition.broadcast()
        condition.unlock()
    }

    /// The window holds the pool while its strips move: the threads run on idle cores anyway, but
    /// they would share the caches and the memory bus with the drawing.
    func hold(_ held: Bool) {
        condition.lock()
        defer { condition.unlock() }
        guard held != paused else { return }
        paused = held
        running.values.forEach { $0.setPaused(held) }
        condition.broadcast()
    }

    func cancel(_ id: String) {
        condition.lock()
        pending.removeAll { $0.id == id }
        running[id]?.cancel()
        condition.unlock()
    }

    /// A step nothing can stop (loading a language's models) takes seconds on a busy machine:
    /// a quit does not wait for it; it ends by itself, telling nothing, and a program ending
    /// meanwhile ends as its owner says (`UncancellableSteps.exitIfAny` for Tesseract's).
    func stop() {
        condition.lock()
        stopping = true
        pending = []
        // On idle cores a job under way ends only when a core falls idle, which on a busy machine
        // can take seconds (and the window's quit waits for it): with a normal share (nice 10
        // still) it reaches its next step, where the cancel takes it, at once.
        for thread in idleThreads { ThreadPriority.normalPolicy(thread) }
        idleThreads = []
        running.values.forEach { $0.cancel() }
        condition.broadcast()
        while alive > stepping { condition.wait() }
        condition.unlock()
    }

    var waiting: Int { condition.withLock { pending.count } }

    /// A lane began (`true`) or ended a step nothing can stop.
    private func stepped(_ inStep: Bool) {
        condition.lock()
        stepping += inStep ? 1 : -1
        condition.broadcast()
        condition.unlock()
    }

    private func work(_ resource: Resource) {
        while let (job, control) = next() {
            let finish = job.work(resource, control)
            condition.lock()
            running[job.id] = nil
            condition.unlock()
            if !control.isCancelled { finish?() }
        }
        condition.lock()
        alive -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next job, waiting for one; nil when stopping.
    private func next() -> (PoolJob<Resource>, JobControl)? {
        condition.lock()
        defer { condition.unlock() }
        while !stopping && (pending.isEmpty || paused) { condition.wait() }
        guard !stopping else { return nil }
        let job = pending.removeFirst()
        let control = JobControl(paused: paused) { [weak self] inStep in self?.stepped(inStep) }
        running[job.id] = control
        return (job, control)
    }
}

/// How a pool's worker threads share the cores with the rest of the process.
public enum ThreadPriority: Sendable {
    /// Only cores nothing else wants (the window's: frames and decoding always go first).
    case idleCores
    /// Like any thread (tests that wait for the workers and must not wait behind whatever else
    /// the machine runs).
    case normal

    /// Idle cores only: Linux's SCHED_IDLE policy runs the thread only when no other thread
    /// wants the core, with nice 10 as the fallback where the policy is refused. On Linux both
    /// belong to a thread ("this process", 0, names the calling thread; a thread id another), and
    /// the threads it starts (OpenMP's) inherit them.
    public static func lowerPriority(_ thread: pid_t = 0) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread), 10)
        var parameters = sched_param()
        parameters.sched_priority = 0
        // SCHED_IDLE (5) is behind _GNU_SOURCE in the C headers Swift imports.
        _ = sched_setscheduler(thread, 5, &parameters)
    }

    /// The calling thread's Linux id (gettid(2) is behind _GNU_SOURCE in the headers Swift
    /// imports; /proc/thread-self names it).
    public static func threadID() -> pid_t? {
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"),
              let last = link.split(separator: "/").last else { return nil }
        return pid_t(last)
    }

    /// Thread `thread` back to the normal policy (SCHED_OTHER, 0), its nice value kept: allowed
    /// without privileges (Linux 2.6.39 on) for a thread whose nice value RLIMIT_NICE permits.
    public static func normalPolicy(_ thread: pid_t) {
        var parameters = sched_param()
        parameters.sched_priority = 0
        _ = sched_setscheduler(thread, 0, &parameters)
    }
}
