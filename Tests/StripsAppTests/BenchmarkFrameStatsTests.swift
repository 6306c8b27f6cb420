import Testing
import StripsCore
@testable import StripsPictures
@testable import StripsSDL

@Suite struct BenchmarkFrameStatsTests {
    let interval = 1.0 / 60

    @Test func steadyFramesMissNothing() {
        var stats = FrameStats()
        for i in 0..<120 { stats.record(end: Double(i) * interval, work: 0.004) }
        #expect(stats.missed == 0)
        #expect(stats.frames == 120)
        // Only the last second is kept.
        #expect(stats.durations.count == 60)
        #expect(abs(stats.durations.p50 - interval) < 1e-9)
        #expect(abs(stats.work.p99 - 0.004) < 1e-12)
    }

    @Test func aLongFrameCountsTheRefreshesItSkipped() {
        var stats = FrameStats()
        var t = 0.0
        for _ in 0..<10 { stats.record(end: t, work: 0.002); t += interval }
        t += 2 * interval  // this frame took three intervals: two vsyncs went by
        stats.record(end: t, work: 0.04)
        #expect(stats.missed == 2)
        #expect(stats.worstWork == 0.04)
        t += interval * 1.3  // jitter, not a miss
        stats.record(end: t, work: 0.002)
        #expect(stats.missed == 2)
    }

    @Test func framesAfterASleepAreNotMisses() {
        var stats = FrameStats()
        stats.record(end: 0, work: 0.002)
        stats.record(end: 5, work: 0.002, afterPause: true)
        #expect(stats.missed == 0)
    }

    @Test func overlayIsAPanelWithTextLines() {
        var stats = FrameStats()
        for i in 0..<30 { stats.record(end: Double(i) * interval, work: 0.003) }
        let items = stats.overlay(textures: (count: 12, bytes: 8 << 20), measurer: ApproximateTextMeasurer())
        guard case .fill = items.first else { Issue.record("no panel"); return }
        let texts = items.compactMap { item -> String? in if case .text(let run) = item { return run.text } else { return nil } }
        #expect(texts.count == 4)
        #expect(texts[2] == "missed vsync 0 of 30 frames")
        #expect(texts[3] == "textures 12, 8.0 MB")
        // Throttled: the same items until a quarter second has passed.
        let first = stats.overlay(at: 1, textures: nil, measurer: ApproximateTextMeasurer())
        stats.record(end: 1.01, work: 0.02)
        #expect(stats.overlay(at: 1.1, textures: nil, measurer: ApproximateTextMeasurer()) == first)
        #expect(stats.overlay(at: 1.3, textures: nil, measurer: ApproximateTextMeasurer()) != first)
    }
}
