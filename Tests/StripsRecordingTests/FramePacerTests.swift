import Testing
@testable import StripsRecording

@Suite struct FramePacerTests {
    @Test func keepsEveryOtherFrameOfA60HzClock() {
        var pacer = FramePacer()
        let slots = (0..<20).map { pacer.take(at: 5 + Double($0) / 60) }
        #expect(slots.compactMap { $0 } == Array(0..<10))
        #expect(slots.enumerated().allSatisfy { ($0.offset % 2 == 0) == ($0.element != nil) })
    }

    @Test func delaysAlternate3_3_4AndAddUpToTheRealTime() {
        let pacer = FramePacer()
        let delays = (0..<30).map { pacer.delay(fromSlot: $0, to: $0 + 1) }
        #expect(Array(delays.prefix(6)) == [3, 3, 4, 3, 3, 4])
        #expect(delays.reduce(0, +) == 100)  // 30 frames are exactly one second
    }

    @Test func aSkippedSlotLengthensThePreviousFrame() {
        var pacer = FramePacer()
        #expect(pacer.take(at: 0) == 0)
        #expect(pacer.take(at: 0.02) == nil)      // same slot
        #expect(pacer.take(at: 0.1) == 3)          // slots 1 and 2 never came
        #expect(pacer.delay(fromSlot: 0, to: 3) == 10)
        #expect(pacer.wantsNothingBefore(0.1))
    }
}

extension FramePacer {
    fileprivate func wantsNothingBefore(_ time: Double) -> Bool { slot(at: time - 0.001) == nil && slot(at: time + 1.0 / 30) != nil }
}
