import Dispatch
import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsHosts
import Testing

/// Saving with a stand-in file chooser (`HostExecutorTests.FakeChooser`) and either executor: with no
/// `--output` the window asks where, waits for the answer and saves there; a cancelled chooser
/// saves nothing; a desktop without one saves beside the first page; on a thread of its own the
/// save's end comes through `poll`. No portal, no dialog: milliseconds each.
@Suite struct DocumentSaverTests {
    /// The sample's contract copied into the fixture's folder, as the program opens it.
    static func page(_ fixture: HostFixture) throws -> Page {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Sample/01-contract.jpg").standardized
        let path = fixture.path("contract.jpg")
        try FileManager.default.copyItem(at: sample, to: URL(fileURLWithPath: path))
        return try #require(fixture.pages([path]).first)
    }

    static func saver(_ fixture: HostFixture, chooser: (any FileChoosing)?, executor: any HostExecutor = InlineExecutor(), output: String? = nil,
                      said: Locked<[String]> = Locked([])) throws -> DocumentSaver {
        DocumentSaver(output: output, sources: [fixture.path("contract.jpg")], documentName: "Contract", chooser: chooser, executor: executor,
                      say: { line in said.withLock { $0.append(line) } })
    }

    @Test func theWindowAsksWhereAndSavesThereOnceTheChooserAnswers() throws {
        let fixture = try HostFixture("saver-chosen")
        let page = try Self.page(fixture)
        let chosen = fixture.path("chosen.pdf")
        let chooser = HostExecutorTests.FakeChooser(polls: 1, answer: .chosen([chosen]))
        let saver = try Self.saver(fixture, chooser: chooser)
        #expect(saver.start(SaveRequest(pages: [page], revision: 1)) == [.saveProgress(done: 0, total: 0)])
        // Offered the name beside the first page; the chooser still open at the first poll.
        #expect(chooser.opened == [fixture.path("Contract edited.pdf")])
        #expect(saver.poll().isEmpty)
        guard case .saved(let outcome)? = saver.poll().first?.as(SaveEvent.self) else {
            Issue.record("not saved")
            return
        }
        #expect(outcome.path == chosen && FileManager.default.fileExists(atPath: chosen))
        // Saved once: the next Ctrl+S goes to the same file without asking.
        #expect(saver.start(SaveRequest(pages: [page], revision: 2)).first.map { if case .saved(let again)? = $0.as(SaveEvent.self) { again.path == chosen } else { false } } == true)
        #expect(chooser.opened.count == 1)
    }

    @Test func aCancelledChooserSavesNothing() throws {
        let fixture = try HostFixture("saver-cancelled")
        let page = try Self.page(fixture)
        let saver = try Self.saver(fixture, chooser: HostExecutorTests.FakeChooser(polls: 0, answer: .cancelled))
        _ = saver.start(SaveRequest(pages: [page], revision: 1))
        #expect(saver.poll() == [.saveFailed(HostMessage(trLater("Not saved: no file was chosen")))])
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.folder).filter { $0.hasSuffix(".pdf") }
        #expect(files.isEmpty, "\(files)")
    }

    @Test func aDesktopWithoutAChooserSavesBesideTheFirstPage() throws {
        let fixture = try HostFixture("saver-unavailable")
        let page = try Self.page(fixture)
        let saver = try Self.saver(fixture, chooser: HostExecutorTests.FakeChooser(polls: 0, answer: .unavailable("no portal, zenity or kdialog")))
        _ = saver.start(SaveRequest(pages: [page], revision: 1))
        guard case .saved(let outcome)? = saver.poll().first?.as(SaveEvent.self) else {
            Issue.record("not saved")
            return
        }
        #expect(outcome.path == fixture.path("Contract edited.pdf"))
    }

    /// The window's executor, telling the test when a job started on a thread has ended.
    struct SignallingExecutor: HostExecutor {
        let ended = DispatchSemaphore(value: 0)
        let worker = WorkerExecutor(wake: {})
        func start(_ name: String, background: Bool, _ job: @escaping @Sendable () -> Void) {
            worker.start(name, background: background) { [ended] in
                job()
                ended.signal()
            }
        }
        func lane(_ label: String) -> any HostLane { worker.lane(label) }
        func answered(waitingOn condition: NSCondition?, until done: () -> Bool, _ answers: () -> [HostEvent]) -> [HostEvent] {
            worker.answered(waitingOn: condition, until: done, answers)
        }
        func after(_ seconds: Double, _ job: @escaping @Sendable () -> Void) { worker.after(seconds, job) }
        func wake() { worker.wake() }
        var itemsAtOnce: Int { worker.itemsAtOnce }
        func pool<Resource>(_ name: String, resource: @escaping @Sendable () -> Resource) -> any HostPool<Resource> {
            worker.pool(name, resource: resource)
        }
    }

    @Test func onAThreadOfItsOwnTheSavesEndComesThroughPoll() throws {
        let fixture = try HostFixture("saver-thread")
        let page = try Self.page(fixture)
        let executor = SignallingExecutor()
        let saver = try Self.saver(fixture, chooser: nil, executor: executor, output: fixture.path("out.pdf"))
        let started = saver.start(SaveRequest(pages: [page], revision: 1))
        #expect(executor.ended.wait(timeout: .now() + 60) == .success)
        // Answered now only if the thread was done before `start` looked; else by the next poll.
        let events = (started + saver.poll()).filter { if case .progress? = $0.as(SaveEvent.self) { false } else { true } }
        #expect(events.count == 1 && FileManager.default.fileExists(atPath: fixture.path("out.pdf")), "\(events)")
        #expect(events.first.map { if case .saved(let outcome)? = $0.as(SaveEvent.self) { outcome.path == fixture.path("out.pdf") } else { false } } == true)
    }
}
