import Dispatch
import Foundation
import StripsCore
import Testing

/// The executor's pool, with fakes for the jobs: a script's pool does its list as it is
/// scheduled, the completions in the list's order on the caller's thread, a completion's new list
/// gone on with; the window's holds (nothing starts, a job under way waits at its next step) and
/// lets go, and a cancelled job tells nothing.
@Suite struct HostPoolTests {
    /// A job that notes its lane's resource on the lane and its completion on the thread it is told on.
    static func job(_ id: String, told: Locked<[String]>, then: (@Sendable () -> Void)? = nil) -> PoolJob<Int> {
        PoolJob(id: id) { (_: Int, _: JobControl) -> (@Sendable () -> Void)? in
            { told.withLock { $0.append(id) }; then?() }
        }
    }

    @Test func inlineDoesTheListAsScheduledInOrderAndGoesOnWithACompletionsList() {
        let made = Locked(0)
        let pool = InlineExecutor().pool("test") { made.withLock { $0 += 1; return $0 } }
        let told = Locked<[String]>([])
        // The first completion asks for two more: they replace what waits, after the job under way.
        let more: @Sendable () -> Void = { pool.schedule([Self.job("d", told: told), Self.job("e", told: told)]) }
        pool.schedule([Self.job("a", told: told, then: more), Self.job("b", told: told), Self.job("c", told: told)])
        let lanes = ProcessInfo.processInfo.activeProcessorCount
        // Done before `schedule` returned: "a" and the jobs done beside it, then the new list.
        let together = ["a", "b", "c"].prefix(lanes)
        #expect(told.current == Array(together) + ["d", "e"])
        #expect(pool.waiting == 0)
        // One resource a lane, made once and kept from one schedule to the next.
        pool.schedule([Self.job("f", told: told)])
        #expect(made.current == min(lanes, 3))
        // A script has no frames to hold the pool for.
        pool.hold(true)
        pool.schedule([Self.job("g", told: told)])
        #expect(told.current.last == "g")
    }

    @Test func theWindowsPoolHoldsAtTheNextStepAndLetsGo() {
        var executor = WorkerExecutor(wake: {})
        executor.poolThreads = 1
        executor.poolPriority = .normal
        let pool = executor.pool("test.pool") { 0 }
        let told = Locked<[String]>([])
        let done = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0), stepped = DispatchSemaphore(value: 0)
        // A job of two steps: the pool held between them stops it at its next step.
        let long = PoolJob(id: "long") { (_: Int, control: JobControl) -> (@Sendable () -> Void)? in
            started.signal()
            _ = stepped.wait(timeout: .now() + 10)
            if control.waitWhilePaused() { return nil }
            return { told.withLock { $0.append("long") }; done.signal() }
        }
        pool.schedule([long, Self.job("next", told: told) { done.signal() }])
        #expect(started.wait(timeout: .now() + 10) == .success)
        pool.hold(true)
        stepped.signal()
        // Held: the job under way waits at its step, the next does not start.
        #expect(done.wait(timeout: .now() + 0.2) == .timedOut)
        #expect(told.current == [] && pool.waiting == 1)
        pool.hold(false)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(told.current == ["long", "next"])
        pool.stop()
    }

    @Test func aCancelledJobTellsNothingAndStopEndsTheLanes() {
        var executor = WorkerExecutor(wake: {})
        executor.poolThreads = 1
        executor.poolPriority = .normal
        let pool = executor.pool("test.cancel") { 0 }
        let told = Locked<[String]>([])
        let started = DispatchSemaphore(value: 0), held = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let cancelled = PoolJob(id: "cancelled") { (_: Int, control: JobControl) -> (@Sendable () -> Void)? in
            started.signal()
            _ = held.wait(timeout: .now() + 10)
            // Held at its step until the cancel; it then says it is done all the same.
            _ = control.waitWhilePaused()
            return { told.withLock { $0.append("cancelled") } }
        }
        pool.schedule([cancelled, Self.job("kept", told: told) { done.signal() }])
        #expect(started.wait(timeout: .now() + 10) == .success)
        pool.hold(true)
        held.signal()
        pool.cancel("cancelled")
        pool.hold(false)
        #expect(done.wait(timeout: .now() + 10) == .success)
        pool.stop()
        #expect(told.current == ["kept"])
    }
}
