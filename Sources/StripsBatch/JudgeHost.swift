import Dispatch
import Foundation
import StripsCore

/// Carries out `JudgeRequest`s: each page judged once (`PageJudge`), the answers kept by key so a
/// page asked for again is answered from memory. In a script (`live` false) pages are judged at
/// once, on every core, and answered in the order asked, so a run is deterministic. In the window
/// one worker judges the pages near the focus in the background, below the frames (nice 10, as the
/// decoders), the newest asks first (the pages nearest where the user now is); another takes the
/// asks the user waits for (Ctrl+Shift+B, a save) at the frames' own priority, in order. Answers
/// come through `poll`, and `wake` tells the window there are some. `orient`, when given, is the
/// orientation judge (`UprightPages` of StripsConvert; nil: `--rotate off`): a page neither blank
/// nor a separator sheet is asked which way up it reads too, in the same turn.
public final class JudgeHost: @unchecked Sendable {
    private let judge: PageJudge
    private let orient: (@Sendable (Page, PageJudge.Working?) -> UprightFinding?)?
    private let live: Bool
    private let wake: @Sendable () -> Void

    private let condition = NSCondition()
    private var urgent: [[Page]] = []
    private var nearby: [[Page]] = []
    private var answers: [JudgedPage] = []
    private var known: [TextKey: PageJudgement] = [:]
    private var workers: [Bool: Thread] = [:]
    private var stopped = false

    public init(judge: PageJudge, orient: (@Sendable (Page, PageJudge.Working?) -> UprightFinding?)? = nil, live: Bool, wake: @escaping @Sendable () -> Void = {}) {
        self.judge = judge
        self.orient = orient
        self.live = live
        self.wake = wake
    }

    deinit { stop() }

    /// Judges `request`'s pages: answered now in a script, through `poll` in the window.
    public func run(_ request: JudgeRequest) -> [HostEvent] {
        guard !request.pages.isEmpty else { return [] }
        guard live else { return [.judged(judgeNow(request.pages))] }
        condition.lock()
        if request.urgent { urgent.append(request.pages) } else { nearby.append(request.pages) }
        if workers[request.urgent] == nil, !stopped {
            let urgentOnes = request.urgent
            let thread = Thread { [weak self] in self?.work(urgent: urgentOnes) }
            thread.name = urgentOnes ? "strips.judge.asked" : "strips.judge"
            thread.stackSize = 1 << 22
            workers[urgentOnes] = thread
            thread.start()
        }
        condition.broadcast()
        condition.unlock()
        return []
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

    /// `pages` judged on every core, answered in their order; pages judged before come from memory.
    func judgeNow(_ pages: [Page]) -> [JudgedPage] {
        let keys = pages.map(\.textKey)
        condition.lock()
        let todo = pages.indices.filter { known[keys[$0]] == nil }
        condition.unlock()
        DispatchQueue.concurrentPerform(iterations: todo.count) { k in
            let judgement = judged(pages[todo[k]])
            condition.lock()
            known[keys[todo[k]]] = judgement
            condition.unlock()
        }
        condition.lock()
        defer { condition.unlock() }
        return keys.map { JudgedPage(key: $0, judgement: known[$0] ?? .ordinary) }
    }

    /// The page's judgement, with which way up it reads when it holds something to read.
    /// One small decode for both (`PageJudge.workingPicture`).
    private func judged(_ page: Page) -> PageJudgement {
        let working = judge.workingPicture(page)
        var judgement = working.flatMap { judge.judgeIfReadable(page, working: $0) } ?? .ordinary
        if let orient, !judgement.blank, judgement.separator == nil { judgement.upright = orient(page, working) }
        return judgement
    }

    private func work(urgent fromUrgent: Bool) {
        // Background work below the render loop and the display server (Linux keeps nice values
        // per thread; `who` 0 is the calling thread); what the user waits for runs as they do.
        if !fromUrgent { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }
        while true {
            condition.lock()
            while !stopped && (fromUrgent ? urgent.isEmpty : nearby.isEmpty) { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            // The urgent asks in order; of the others the newest first, one page at a time, so a
            // new ask is taken up after the page under way.
            var batch = fromUrgent ? urgent[0] : nearby[nearby.count - 1]
            let page = batch.removeFirst()
            if fromUrgent {
                if batch.isEmpty { urgent.removeFirst() } else { urgent[0] = batch }
            } else {
                if batch.isEmpty { nearby.removeLast() } else { nearby[nearby.count - 1] = batch }
            }
            let key = page.textKey
            let remembered = known[key]
            condition.unlock()
            let judgement = remembered ?? judged(page)
            condition.lock()
            known[key] = judgement
            answers.append(JudgedPage(key: key, judgement: judgement))
            condition.unlock()
            wake()
        }
    }
}

extension JudgeHost: FeatureHost {}
