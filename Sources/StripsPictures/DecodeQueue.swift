import Foundation
import StripsCore

/// Decodes pictures on worker threads, most wanted first. The render thread says each frame what
/// it wants (replacing the last wish list, so pages flung past are never decoded) and collects the
/// finished surfaces; textures are then made on the render thread.
public final class DecodeQueue: @unchecked Sendable {
    public struct Job: Hashable, Sendable {
        public var ref: ImageRef
        public var limit: PixelLimit
        public var stage = PageReader.Stage.best
        /// Only this part of the picture (0...1 of it upright), at the scale `limit` gives the whole:
        /// the part of a zoomed page in view. Nil: the whole picture.
        public var region: Rect?

        public init(ref: ImageRef, limit: PixelLimit, stage: PageReader.Stage = .best, region: Rect? = nil) {
            self.ref = ref
            self.limit = limit
            self.stage = stage
            self.region = region
        }

        /// A picture has at most one whole decode and one part decode wanted at a time.
        var key: Key { Key(ref: ref, part: region != nil) }

        struct Key: Hashable {
            var ref: ImageRef
            var part: Bool
        }
    }

    public struct Finished: Sendable {
        public var job: Job
        public var picture: PageReader.Picture
    }

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var wanted: [Job] = []
    private var running: Set<Job.Key> = []
    private var finished: [Finished] = []
    private var stopped = false
    private let onFinish: @Sendable () -> Void
    private let reader: PageReader

    /// `onFinish` runs on a worker thread after each decode (the live window wakes its loop).
    public init(workers: Int, reader: PageReader, onFinish: @escaping @Sendable () -> Void = {}) {
        self.onFinish = onFinish
        self.reader = reader
        for i in 0..<max(1, workers) {
            start("strips-decode-\(i)", quickOnly: false)
        }
        // Quick looks (cache entries, EXIF thumbnails: a millisecond each) have a thread of their
        // own, so a fling's next thumbnails never wait behind a 12 MP decode.
        start("strips-quick", quickOnly: true)
    }

    private func start(_ name: String, quickOnly: Bool) {
        let thread = Thread { [self] in work(quickOnly: quickOnly) }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Replaces the wish list, most wanted first. Jobs already running or finished are not repeated.
    public func want(_ jobs: [Job]) {
        condition.lock()
        let done = Set(finished.map(\.job.key))
        var seen = Set<Job.Key>()
        wanted = jobs.filter { !running.contains($0.key) && !done.contains($0.key) && seen.insert($0.key).inserted }
        if !wanted.isEmpty { condition.broadcast() }
        condition.unlock()
    }

    /// The decodes finished since the last call.
    public func takeFinished() -> [Finished] {
        condition.lock()
        defer { condition.unlock() }
        let result = finished
        finished.removeAll()
        return result
    }

    /// True while something is wanted, decoding or waiting to be collected.
    public var isBusy: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !wanted.isEmpty || !running.isEmpty || !finished.isEmpty
    }

    /// Blocks until nothing is wanted or running (or `timeout` seconds pass); true when settled.
    @discardableResult
    public func waitUntilSettled(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !wanted.isEmpty || !running.isEmpty {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }

    /// Lets the workers finish their current picture and exit.
    public func stop() {
        condition.lock()
        stopped = true
        wanted.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    private func work(quickOnly: Bool) {
        // Decoding is background work: below the render loop and the display server, which
        // share the same cores and have a frame to finish every 16 ms.
        // (Linux keeps nice values per thread; `who` 0 is the calling thread, not the process.)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        while true {
            condition.lock()
            var next: Int?
            while !stopped {
                next = quickOnly ? wanted.firstIndex { $0.stage == .quick } : (wanted.isEmpty ? nil : 0)
                if next != nil { break }
                condition.wait()
            }
            guard !stopped, let index = next else {
                condition.unlock()
                return
            }
            let job = wanted.remove(at: index)
            running.insert(job.key)
            condition.unlock()

            let picture = reader.picture(job.ref, limit: job.limit, stage: job.stage, region: job.region)

            condition.lock()
            running.remove(job.key)
            if !stopped { finished.append(Finished(job: job, picture: picture)) }
            condition.broadcast()
            condition.unlock()
            onFinish()
        }
    }
}
