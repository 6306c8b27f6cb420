import Foundation
import StripsCore
import StripsPictures
import StripsSampleScans
@testable import StripsText
import Testing

@Suite("Text pool")
struct TextPoolTests {
    /// What the workers hand back, gathered across threads.
    final class Finished: @unchecked Sendable {
        private let condition = NSCondition()
        private var results: [(String, Result<PageText?, RecognitionError>)] = []

        func add(_ id: String, _ result: Result<PageText?, RecognitionError>) {
            condition.lock()
            results.append((id, result))
            condition.broadcast()
            condition.unlock()
        }

        var count: Int { condition.withLock { results.count } }

        /// Waits until `count` pages are done; after two minutes (a hang, never a slow machine)
        /// the test fails instead of stalling the suite.
        func wait(for count: Int) -> [(String, Result<PageText?, RecognitionError>)] {
            condition.lock()
            defer { condition.unlock() }
            let limit = Date().addingTimeInterval(120)
            while results.count < count {
                if !condition.wait(until: limit) {
                    Issue.record("only \(results.count) of \(count) pages came back")
                    break
                }
            }
            return results
        }
    }

    @Test("a page paused as it starts and resumed is read whole: nothing lost, nothing stuck")
    func pausedReadingHoldsThenGoesOn() throws {
        let folder = try Folder()
        let scan = TextFixtures.strip()
        let picture = folder.path("scan.jpg")
        try Data(scan.jpeg).write(to: URL(fileURLWithPath: picture))
        let finished = Finished()
        let workers = TextPool(languages: "eng", cache: TextCache(folder: folder.path("cache")), threads: 1, priority: .normal) { finished.add($0, $1) }
        // Drawn the moment the worker starts the page: the reading is then held, mid-page. The
        // hold comes before the signal, so the test's resume can only follow it (the other way
        // round, a resume that overtook the hold was a no-op and the hold then lasted for ever).
        let started = DispatchSemaphore(value: 0)
        let page = scan.picture, dpi = scan.dpi
        workers.schedule([.init(id: "scan", file: picture, pdfPage: nil, recipe: "original") {
            workers.pause(true)
            started.signal()
            return (page, dpi)
        }])
        started.wait()
        // Held (at a word, or before the first): nothing is waiting, the page is the running one.
        #expect(workers.waiting == 0)
        workers.pause(false)
        let results = finished.wait(for: 1)
        workers.stop()
        #expect(results.map(\.0) == ["scan"])
        #expect(WordAccuracy.share(truth: scan.text, read: try results.first?.1.get()?.text ?? "") >= 0.95)
    }

    @Test("the window's workers run on idle cores only; .normal workers like any thread")
    func workersRunOnIdleCores() {
        let finished = Finished()
        let policies = Policies()
        for (index, priority) in [ThreadPriority.idleCores, .normal].enumerated() {
            let workers = TextPool(languages: "eng", cache: nil, threads: 1, priority: priority) { finished.add($0, $1) }
            // Asked on the worker's own thread; the page then cannot be drawn, a failure at once.
            workers.schedule([.init(id: "\(priority)", file: "/nonexistent/strips.jpg", pdfPage: nil, recipe: "x") {
                policies.add(sched_getscheduler(0))
                return nil
            }])
            _ = finished.wait(for: index + 1)
            workers.stop()
        }
        // 5 is SCHED_IDLE (behind _GNU_SOURCE in the headers Swift imports), 0 SCHED_OTHER.
        #expect(policies.values == [5, 0])
    }

    /// On a busy machine a page read on idle cores ends only when a core falls idle, and the
    /// window's quit waits for it: `stop()` lifts each worker it moved there back to the normal
    /// policy (nice 10 kept) before it waits, so the page gets to the word where the cancel takes
    /// it. The lift, on a thread of the test's own, waiting (so it needs no core meanwhile).
    @Test("a thread moved to idle cores is lifted back to the normal policy by its id")
    func idleThreadsAreLiftedByTheirID() throws {
        let ready = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0)
        let id = Policies()
        Thread {
            id.add(ThreadPriority.threadID() ?? -1)
            ready.signal()
            go.wait()
        }.start()
        ready.wait()
        defer { go.signal() }
        let thread = try #require(id.values.first)
        #expect(thread > 0 && thread != getpid())
        ThreadPriority.lowerPriority(thread)
        #expect(sched_getscheduler(thread) == 5 && getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread)) == 10)
        ThreadPriority.normalPolicy(thread)
        #expect(sched_getscheduler(thread) == 0 && getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread)) == 10)
        // The test's own thread is untouched.
        #expect(sched_getscheduler(0) == 0)
    }

    final class Policies: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Int32] = []
        func add(_ value: Int32) { lock.lock(); stored.append(value); lock.unlock() }
        var values: [Int32] { lock.lock(); defer { lock.unlock() }; return stored }
    }

    @Test("a reading held by a pause ends at once when cancelled")
    func pausedCancelReturns() {
        let cancel = RecognitionCancel(paused: true)
        let done = DispatchSemaphore(value: 0)
        let outcome = LockedFlag()
        Thread {
            outcome.set(cancel.waitWhilePaused())
            done.signal()
        }.start()
        cancel.cancel()
        done.wait()
        #expect(outcome.value == true)
        // Not paused: it goes straight on.
        #expect(RecognitionCancel().waitWhilePaused() == false)
    }

    final class LockedFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Bool?
        func set(_ value: Bool) { lock.lock(); stored = value; lock.unlock() }
        var value: Bool? { lock.lock(); defer { lock.unlock() }; return stored }
    }

    @Test("pages are read in the order asked, each once, by a worker with its own engine; stop ends the workers")
    func readsInOrder() throws {
        let folder = try Folder()
        let pdf = folder.path("text.pdf")
        _ = PDFTextTests.make(pdf)
        let scan = TextFixtures.strip()
        let picture = folder.path("scan.jpg")
        try Data(scan.jpeg).write(to: URL(fileURLWithPath: picture))
        let finished = Finished()
        let workers = TextPool(languages: "eng", cache: TextCache(folder: folder.path("cache")), threads: 1, priority: .normal) { finished.add($0, $1) }
        let page = scan.picture, dpi = scan.dpi
        workers.schedule([
            .init(id: "pdf p. 1", file: pdf, pdfPage: 0, recipe: "p0") { nil },
            .init(id: "scan", file: picture, pdfPage: nil, recipe: "original") { (page, dpi) },
            .init(id: "pdf p. 2", file: pdf, pdfPage: 1, recipe: "p1") { nil },
        ])
        let results = finished.wait(for: 3)
        workers.stop()
        #expect(results.map(\.0) == ["pdf p. 1", "scan", "pdf p. 2"])
        #expect(try results[0].1.get()?.words.first?.text == "Invoice")
        #expect(WordAccuracy.share(truth: scan.text, read: try results[1].1.get()?.text ?? "") >= 0.95)
        // A picture-only PDF page with no drawing available is a failure, not a hang.
        #expect(throws: RecognitionError.self) { try results[2].1.get() }
        #expect(workers.waiting == 0)
    }

    @Test("a new wish list replaces what waits; a cancelled page is never reported; a missing language is reported per page")
    func rescheduleAndCancel() throws {
        let folder = try Folder()
        let pdf = folder.path("text.pdf")
        _ = PDFTextTests.make(pdf)
        let finished = Finished()
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let workers = TextPool(languages: "eng", cache: nil, threads: 1, priority: .normal) { finished.add($0, $1) }
        // The first page holds its worker until the list has been replaced.
        workers.schedule([
            .init(id: "first", file: folder.path("missing.jpg"), pdfPage: nil, recipe: "x") {
                started.signal()
                _ = gate.wait(timeout: .now() + 120)
                return nil
            },
            .init(id: "dropped", file: pdf, pdfPage: 0, recipe: "p0") { nil },
        ])
        #expect(started.wait(timeout: .now() + 120) == .success)
        workers.schedule([.init(id: "kept", file: pdf, pdfPage: 0, recipe: "p0") { nil },
                          .init(id: "cancelled", file: pdf, pdfPage: 0, recipe: "p0") { nil }])
        workers.cancel("cancelled")
        gate.signal()
        let results = finished.wait(for: 2)
        workers.stop()
        #expect(Set(results.map(\.0)) == ["first", "kept"])
        let unwritable = TextPool(languages: "qqq", cache: nil) { finished.add($0, $1) }
        unwritable.schedule([.init(id: "scan", file: folder.path("x.jpg"), pdfPage: nil, recipe: "x") {
            (PixelBuffer(width: 10, height: 10, format: .grey, filledWith: 255), 300)
        }])
        let all = finished.wait(for: 3)
        unwritable.stop()
        let last = try #require(all.last)
        #expect(last.0 == "scan")
        #expect(throws: RecognitionError.missingLanguage("qqq", installed: TessData.languages(in: TessData.folder() ?? ""))) { try last.1.get() }
    }
}
