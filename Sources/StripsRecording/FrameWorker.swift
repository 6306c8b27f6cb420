import CImageQuant
import Foundation

/// What happens to a frame offered while the encoder is behind.
public enum RecordingPolicy: Hashable, Sendable {
    /// Wait for room: every frame is kept and the output depends only on the frames (headless).
    case blocking
    /// Drop the frame and count it: the render loop never waits on the encoder (live window).
    case dropping
}

/// Counts a recording keeps, for the report line and for tests.
public struct RecordingStatistics: Hashable, Sendable {
    /// Frames handed to the worker.
    public var queued = 0
    /// Frames dropped because the queue was full (`.dropping` only).
    public var dropped = 0
    /// Frames the encoder has taken.
    public var encoded = 0
    /// The most frames ever waiting in the queue at once: never above its capacity.
    public var maxQueued = 0
}

/// A bounded queue of frames and the one thread that drains it into an encoder. Memory stays
/// bounded however long the recording: at most `capacity` frames wait, plus the one being encoded.
final class FrameWorker: @unchecked Sendable {
    let capacity: Int
    let policy: RecordingPolicy
    private let encoder: any FrameEncoder
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [RecordedFrame] = []
    private var head = 0
    private var closing = false
    private var cancelled = false
    private var finished = false
    private var failure: RecordingError?
    private var stats = RecordingStatistics()

    init(encoder: any FrameEncoder, capacity: Int, policy: RecordingPolicy) {
        precondition(capacity >= 1, "a frame queue needs room for one frame")
        self.encoder = encoder
        self.capacity = capacity
        self.policy = policy
        let thread = Thread { [self] in run() }
        thread.name = "strips-recorder"
        thread.start()
    }

    var statistics: RecordingStatistics { condition.withLock { stats } }
    var error: RecordingError? { condition.withLock { failure } }

    /// Hands a frame to the worker; `make` runs (copying the pixels) only if it will be kept, and
    /// may give nil when the pixels cannot be read. Called from one thread at a time (the render loop).
    func offer(_ make: () -> RecordedFrame?) -> Recorder.Outcome {
        condition.lock()
        while policy == .blocking && waiting >= capacity && failure == nil && !closing { condition.wait() }
        if failure != nil || closing { condition.unlock(); return .failed }
        if waiting >= capacity { stats.dropped += 1; condition.unlock(); return .dropped }
        condition.unlock()
        // Copy outside the lock: the worker keeps encoding meanwhile, and only this thread adds,
        // so the room found above is still there.
        guard let frame = make() else { return .skipped }
        condition.withLock {
            queue.append(frame)
            stats.queued += 1
            stats.maxQueued = max(stats.maxQueued, waiting)
            condition.broadcast()
        }
        return .queued
    }

    /// Waits until every queued frame is encoded and the encoder finished (or, cancelled, gave up).
    func close(cancel: Bool) -> RecordingError? {
        condition.lock()
        defer { condition.unlock() }
        closing = true
        cancelled = cancelled || cancel
        condition.broadcast()
        while !finished { condition.wait() }
        return failure
    }

    private var waiting: Int { queue.count - head }

    private func run() {
        omp_set_num_threads(1)
        while let frame = next() {
            do {
                try encoder.encode(frame)
                condition.withLock { stats.encoded += 1 }
            } catch {
                fail(error)
            }
        }
        let (cancelled, failed) = condition.withLock { (self.cancelled, failure != nil) }
        if cancelled || failed {
            encoder.abort()
        } else {
            do { try encoder.finish() } catch { fail(error) }
        }
        condition.withLock {
            finished = true
            condition.broadcast()
        }
    }

    /// The next frame to encode; nil once closing has drained the queue, or on cancel or failure.
    private func next() -> RecordedFrame? {
        condition.lock()
        defer { condition.unlock() }
        while waiting == 0 && !closing && failure == nil { condition.wait() }
        guard waiting > 0, !cancelled, failure == nil else { return nil }
        let frame = queue[head]
        head += 1
        // Compact now and then rather than shift the array on every frame.
        if head > 64 || head == queue.count { queue.removeFirst(head); head = 0 }
        condition.broadcast()
        return frame
    }

    private func fail(_ error: any Error) {
        condition.withLock {
            if failure == nil { failure = error as? RecordingError ?? RecordingError("\(error)") }
            condition.broadcast()
        }
    }
}
