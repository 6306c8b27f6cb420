import Dispatch
import Foundation
import StripsCore
import StripsPhotosFeatures

/// Carries out `JudgeRequest`s: each page judged once (`PageJudge`), the answers kept by key so a
/// page asked for again is answered from memory. Two queues, worked through on the injected
/// executor: the pages near the focus, below the frames (nice 10, as the decoders), the newest
/// asks first (the pages nearest where the user now is), and the asks the user waits for
/// (Ctrl+Shift+B, a save) at the frames' own priority, in order. Inline (a script) a queue is
/// worked through before `run` returns, so its answers go back with the request and a run is
/// deterministic; on workers (the window) each queue has a thread while it holds pages, and the
/// answers come through `poll`, each with a wake. `orient`, when given, is the orientation judge
/// (`UprightPages` of StripsConvert; nil: `--rotate off`): a page neither blank nor a separator
/// sheet is asked which way up it reads too, in the same turn.
public final class JudgeHost: @unchecked Sendable {
    private let judge: PageJudge
    private let orient: (@Sendable (Page, PageJudge.Working?) -> UprightFinding?)?
    private let executor: any HostExecutor

    private let condition = NSCondition()
    private var urgent: [[Page]] = []
    private var nearby: [[Page]] = []
    private var answers: [JudgedPage] = []
    private var known: [TextKey: PageJudgement] = [:]
    /// The queues being worked through now (true: the urgent one).
    private var working: Set<Bool> = []
    private var stopped = false

    public init(judge: PageJudge, orient: (@Sendable (Page, PageJudge.Working?) -> UprightFinding?)? = nil, executor: any HostExecutor = InlineExecutor()) {
        self.judge = judge
        self.orient = orient
        self.executor = executor
    }

    deinit { stop() }

    /// Judges `request`'s pages: answered now inline, through `poll` on workers.
    public func run(_ request: JudgeRequest) -> [HostEvent] {
        guard !request.pages.isEmpty else { return [] }
        let fromUrgent = request.urgent
        condition.lock()
        if fromUrgent { urgent.append(request.pages) } else { nearby.append(request.pages) }
        let starts = !stopped && working.insert(fromUrgent).inserted
        condition.unlock()
        if starts {
            executor.start(fromUrgent ? "strips.judge.asked" : "strips.judge", background: !fromUrgent) { [weak self] in self?.work(urgent: fromUrgent) }
        }
        return executor.answered(poll)
    }

    /// The judgements made since the last poll.
    public func poll() -> [HostEvent] {
        condition.lock()
        defer { condition.unlock() }
        guard !answers.isEmpty else { return [] }
        defer { answers = [] }
        return [.judged(answers)]
    }

    public func stop() {
        condition.lock()
        stopped = true
        urgent = []
        nearby = []
        condition.broadcast()
        condition.unlock()
    }

    /// The page's judgement, with which way up it reads when it holds something to read.
    /// One small decode for both (`PageJudge.workingPicture`).
    private func judged(_ page: Page) -> PageJudgement {
        let working = judge.workingPicture(page)
        var judgement = working.flatMap { judge.judgeIfReadable(page, working: $0) } ?? .ordinary
        if let orient, !judgement.blank, judgement.separator == nil { judgement.upright = orient(page, working) }
        return judgement
    }

    /// Works through a queue until it is empty (or the host stops), `executor.itemsAtOnce` pages
    /// at a time, answered in the order asked.
    private func work(urgent fromUrgent: Bool) {
        let atOnce = max(1, executor.itemsAtOnce)
        while true {
            condition.lock()
            if stopped || (fromUrgent ? urgent.isEmpty : nearby.isEmpty) {
                working.remove(fromUrgent)
                condition.unlock()
                return
            }
            // The urgent asks in order; of the others the newest first, a few pages at a time, so
            // a new ask is taken up after the pages under way.
            var batch = fromUrgent ? urgent[0] : nearby[nearby.count - 1]
            let pages = Array(batch.prefix(atOnce))
            batch.removeFirst(pages.count)
            if fromUrgent {
                if batch.isEmpty { urgent.removeFirst() } else { urgent[0] = batch }
            } else {
                if batch.isEmpty { nearby.removeLast() } else { nearby[nearby.count - 1] = batch }
            }
            let keys = pages.map(\.textKey)
            let todo = pages.indices.filter { known[keys[$0]] == nil }
            condition.unlock()
            DispatchQueue.concurrentPerform(iterations: todo.count) { k in
                let judgement = judged(pages[todo[k]])
                condition.lock()
                known[keys[todo[k]]] = judgement
                condition.unlock()
            }
            condition.lock()
            answers += keys.map { JudgedPage(key: $0, judgement: known[$0] ?? .ordinary) }
            condition.unlock()
            executor.wake()
        }
    }
}

extension JudgeHost: FeatureHost {}
