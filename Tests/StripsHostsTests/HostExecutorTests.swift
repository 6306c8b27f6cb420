import Dispatch
import Foundation
import StripsCore
import StripsDesktop
import StripsHosts
import Testing

/// The injected executor and the file chooser's fake: a host's errand answers with the request
/// inline (scripts), through the next poll on a worker (the window), and Ctrl+O's errand is tried
/// against a chooser that answers when told, with no desktop.
@Suite struct HostExecutorTests {
    @Test func inlineAnswersWithTheRequest() {
        let lane = InlineExecutor().lane("test")
        #expect(lane.submit { [.filesChosen(["a.jpg"])] } == [.filesChosen(["a.jpg"])])
        #expect(lane.drain() == [])
    }

    @Test func inlineStartsAndWaitsNowAndHasNoWallClock() {
        let executor = InlineExecutor()
        let done = Locked(false)
        executor.start("test", background: true) { done.withLock { $0 = true } }
        #expect(done.current, "the job ran before start returned")
        executor.after(0) { Issue.record("a script has no wall clock") }
        // Waits until the condition holds: another thread makes it so.
        let condition = NSCondition()
        let ready = Locked(false)
        Thread {
            condition.lock()
            ready.withLock { $0 = true }
            condition.broadcast()
            condition.unlock()
        }.start()
        #expect(executor.answered(waitingOn: condition, until: { ready.current }) { [.filesChosen(["ready"])] } == [.filesChosen(["ready"])])
        #expect(ready.current)
    }

    @Test func aWorkerAnswersThroughTheNextDrainInOrderAndWakesTheWindow() {
        let woken = DispatchSemaphore(value: 0)
        let lane = WorkerExecutor(wake: { woken.signal() }).lane("test.executor")
        let gate = DispatchSemaphore(value: 0)
        #expect(lane.submit { gate.wait(); return [.filesChosen(["1"])] } == [])
        #expect(lane.submit { [.filesChosen(["2"])] } == [])
        // The first job is held: nothing is ready yet.
        #expect(lane.drain() == [])
        gate.signal()
        #expect(woken.wait(timeout: .now() + 10) == .success)
        #expect(woken.wait(timeout: .now() + 10) == .success)
        #expect(lane.drain() == [.filesChosen(["1"]), .filesChosen(["2"])])
        #expect(lane.drain() == [])
    }

    @Test func aWorkerStartsOnAThreadOfItsOwnAndDoesNotWait() {
        let executor = WorkerExecutor(wake: {})
        let gate = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
        executor.start("test.thread", background: true) {
            gate.wait()
            ended.signal()
        }
        // Still held: `start` returned without running it here.
        #expect(ended.wait(timeout: .now()) == .timedOut)
        gate.signal()
        #expect(ended.wait(timeout: .now() + 10) == .success)
        // Nothing waited for, nothing answered with the request: it comes through poll.
        #expect(executor.answered(waitingOn: NSCondition(), until: { false }) { [.filesChosen(["now"])] } == [])
    }

    /// A chooser that stays open for `polls` polls, then gives `answer`.
    final class FakeChooser: FileChoosing, @unchecked Sendable {
        var opened: [String?] = []
        var polls: Int
        var answer: ChooserAnswer
        init(polls: Int, answer: ChooserAnswer) { self.polls = polls; self.answer = answer }
        func open(folder: String?) -> any ChooserSession {
            opened.append(folder)
            return Session(chooser: self)
        }
        func save(title: String, suggested: String) -> any ChooserSession {
            opened.append(suggested)
            return Session(chooser: self)
        }
        struct Session: ChooserSession {
            let chooser: FakeChooser
            func poll() -> ChooserAnswer? {
                guard chooser.polls == 0 else { chooser.polls -= 1; return nil }
                return chooser.answer
            }
        }
    }

    @Test func theOpenerWaitsForTheChooserAndAsksOnceAtATime() {
        let chooser = FakeChooser(polls: 1, answer: .chosen(["/p/a.jpg", "/p/b.pdf"]))
        let opener = FileOpener(chooser: chooser, say: { _ in Issue.record("nothing to say") })
        // Open: the first poll (at the start) finds it still open.
        #expect(opener.take(.chooseFiles(folder: "/p")) == [])
        // A second Ctrl+O while the chooser is open asks nothing more.
        #expect(opener.take(.chooseFiles(folder: "/q")) == [])
        #expect(chooser.opened == ["/p"])
        #expect(opener.poll() == [.filesChosen(["/p/a.jpg", "/p/b.pdf"])])
        #expect(opener.poll() == [])
    }

    @Test func aCancelledChooserChoosesNothing() {
        let opener = FileOpener(chooser: FakeChooser(polls: 0, answer: .cancelled), say: { _ in })
        #expect(opener.take(.chooseFiles(folder: nil)) == [.filesChosen([])])
    }

    @Test func noChooserIsOneLineOnStandardErrorAndOneOnTheStatusLine() {
        var said: [String] = []
        let opener = FileOpener(chooser: FakeChooser(polls: 0, answer: .unavailable("no portal, zenity or kdialog")), say: { said.append($0) })
        #expect(opener.take(.chooseFiles(folder: nil)) == [.openFailed(HostMessage(trLater("Cannot open files: %s; drop them on the window instead"), "no portal, zenity or kdialog"))])
        #expect(said == ["strips: no portal, zenity or kdialog"])
    }

    @Test func aScriptHasNoChooser() {
        let opener = FileOpener(chooser: nil, say: { _ in })
        #expect(opener.take(.chooseFiles(folder: nil)) == [.openFailed(HostMessage(trLater("No file chooser in a script: 'drop PATH' adds files")))])
    }
}
