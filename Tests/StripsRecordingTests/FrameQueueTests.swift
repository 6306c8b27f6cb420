import Foundation
import Testing
@testable import StripsRecording

/// An encoder that stops on every frame until the test lets it go, so the queue can be filled
/// on purpose: no sleeping, every hand-over is a semaphore.
final class GatedEncoder: FrameEncoder, @unchecked Sendable {
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var _slots: [Int] = []
    private var _finished = false
    var slots: [Int] { lock.withLock { _slots } }
    var finished: Bool { lock.withLock { _finished } }

    func encode(_ frame: RecordedFrame) throws {
        entered.signal()
        gate.wait()
        lock.withLock { _slots.append(frame.slot) }
    }
    func finish() throws { lock.withLock { _finished = true } }
    func abort() {}
}

private func offer(_ recorder: Recorder, slot: Int) -> Recorder.Outcome {
    let pixels = [UInt8](repeating: 7, count: 4 * 4 * 4)
    return pixels.withUnsafeBytes { recorder.append(pixels: $0.baseAddress!, width: 4, height: 4, pitch: 16, at: Double(slot) / 30) }
}

@Suite struct FrameQueueTests {
    @Test func droppingNeverHoldsMoreThanItsCapacityAndCountsWhatItDrops() throws {
        let encoder = GatedEncoder()
        let recorder = Recorder(encoder: encoder, options: .init(queueCapacity: 2, policy: .dropping))
        #expect(offer(recorder, slot: 0) == .queued)
        encoder.entered.wait()  // the worker holds frame 0 and is stuck in the encoder
        let outcomes = (1..<10).map { offer(recorder, slot: $0) }
        #expect(outcomes == [.queued, .queued] + Array(repeating: .dropped, count: 7))
        for _ in 0..<3 { encoder.gate.signal() }
        let stats = try recorder.finish()
        #expect(stats == RecordingStatistics(queued: 3, dropped: 7, encoded: 3, maxQueued: 2))
        #expect(encoder.slots == [0, 1, 2] && encoder.finished)
    }

    @Test func blockingKeepsEveryFrameWithinItsCapacity() async throws {
        let encoder = GatedEncoder()
        let recorder = Recorder(encoder: encoder, options: .init(queueCapacity: 2, policy: .blocking))
        // The producer waits for room whenever the queue is full; the test releases one frame at a time.
        let producer = Task.detached { (0..<20).map { offer(recorder, slot: $0) } }
        for _ in 0..<20 {
            encoder.entered.wait()
            #expect(recorder.statistics.maxQueued <= 2)
            encoder.gate.signal()
        }
        let outcomes = await producer.value
        #expect(outcomes == Array(repeating: .queued, count: 20))
        let stats = try recorder.finish()
        // How full the queue got depends on thread scheduling; that it never passed 2 does not.
        #expect(stats.queued == 20 && stats.dropped == 0 && stats.encoded == 20)
        #expect((1...2).contains(stats.maxQueued))
        #expect(encoder.slots == Array(0..<20))
    }

    @Test func anEncoderFailureStopsTheRecordingWithItsMessage() throws {
        final class Failing: FrameEncoder, @unchecked Sendable {
            let aborted = NSLock()
            var didAbort = false
            func encode(_ frame: RecordedFrame) throws { throw RecordingError("out.gif: No space left on device") }
            func finish() throws {}
            func abort() { aborted.withLock { didAbort = true } }
        }
        let encoder = Failing()
        let recorder = Recorder(encoder: encoder, options: .init(policy: .blocking))
        _ = offer(recorder, slot: 0)
        #expect(throws: RecordingError("out.gif: No space left on device")) { try recorder.finish() }
        #expect(encoder.aborted.withLock { encoder.didAbort })
        #expect(offer(recorder, slot: 5) == .failed)
    }
}
