import StripsCore

/// Live frame statistics: the durations of the frames of the last second (rolling window),
/// their p50 and p99, and how many frames missed the vsync deadline. A value type fed by the
/// live loop; the F key shows it as an overlay drawn over the scene.
public struct FrameStats: Sendable {
    /// One frame: when it was presented and how long it took, in seconds.
    public struct Sample: Hashable, Sendable {
        public var end: Double
        public var duration: Double
        /// Work before presenting (tick, draw list, drawing), without the wait for vsync in present.
        public var work: Double
    }

    /// The refresh interval (1/60 s unless the display says otherwise).
    public var interval: Double
    /// How far back p50 / p99 look, in seconds.
    public var window: Double
    public private(set) var samples: [Sample] = []
    /// Frames since the start whose presentation came later than one interval plus a margin.
    public private(set) var missed = 0
    public private(set) var frames = 0
    public private(set) var worstWork = 0.0
    private var lastEnd: Double?
    /// Scanned rows: milliseconds from leaving the scanner (the driver's `sane_read`) to the
    /// screen (after the present that first showed them); each page's first rows apart.
    public private(set) var scanRows: [Double] = []
    public private(set) var scanFirstRows: [Double] = []
    private var cached: [DrawItem] = []
    private var cachedAt = 0.0

    public init(interval: Double = 1.0 / 60, window: Double = 1) {
        self.interval = interval
        self.window = window
    }

    /// A frame presented at `end` after `work` seconds of work. Frames after a pause (the loop
    /// slept because nothing moved) start a new run and count as neither long nor missed.
    public mutating func record(end: Double, work: Double, afterPause: Bool = false) {
        defer { lastEnd = end }
        frames += 1
        worstWork = max(worstWork, work)
        guard let last = lastEnd, !afterPause else {
            samples.append(Sample(end: end, duration: work, work: work))
            trim(before: end)
            return
        }
        let duration = end - last
        // Missed: the frame took more than one and a half intervals (slack for clock jitter), so
        // at least one vsync went by without a new picture; count the refreshes skipped.
        if duration > interval * 1.5 { missed += max(1, Int((duration / interval).rounded()) - 1) }
        samples.append(Sample(end: end, duration: duration, work: work))
        trim(before: end)
    }

    private mutating func trim(before end: Double) {
        if let first = samples.firstIndex(where: { $0.end > end - window }), first > 0 {
            samples.removeFirst(first)
        }
    }

    /// Rows of a scanned page reached the screen `milliseconds` after they left the scanner.
    public mutating func recordScanRows(milliseconds: Double, first: Bool) {
        if scanRows.count < 100_000 { scanRows.append(milliseconds) }
        if first { scanFirstRows.append(milliseconds) }
    }

    /// Frame durations (presentation to presentation) of the last second.
    public var durations: Percentiles { Percentiles(samples.map(\.duration)) }
    /// Work per frame (without the wait for vsync) of the last second.
    public var work: Percentiles { Percentiles(samples.map(\.work)) }

    /// The overlay: a translucent panel in the top-left corner with a few lines of text.
    public func overlay(textures: (count: Int, bytes: Int)?, measurer: any TextMeasurer) -> [DrawItem] {
        let d = durations, w = work
        func ms(_ s: Double) -> String { (s * 1000).fixed(1) }
        var lines = [
            "frame p50 \(ms(d.p50)) ms  p99 \(ms(d.p99)) ms  (\(d.count) in 1 s)",
            "work p50 \(ms(w.p50)) ms  p99 \(ms(w.p99)) ms  max ever \(ms(worstWork)) ms",
            "missed vsync \(missed) of \(frames) frames",
        ]
        if let textures {
            lines.append("textures \(textures.count), \((Double(textures.bytes) / 1_048_576).fixed(1)) MB")
        }
        if !scanRows.isEmpty { lines.append(scanLine) }
        let size = 13.0, lineHeight = 18.0, margin = 8.0
        let widths = lines.map { measurer.size(of: $0, pointSize: size, weight: .regular).width }
        let panel = Rect(x: margin, y: margin, width: (widths.max() ?? 0) + 16, height: Double(lines.count) * lineHeight + 10)
        var items: [DrawItem] = [.fill(Fill(rect: panel, color: Color(0, 0, 0), alpha: 0.7))]
        for (i, line) in lines.enumerated() {
            let s = measurer.size(of: line, pointSize: size, weight: .regular)
            let frame = Rect(x: panel.minX + 8, y: panel.minY + 5 + Double(i) * lineHeight, width: s.width, height: s.height)
            items.append(.text(TextRun(text: line, frame: frame, pointSize: size, color: i == 2 && missed > 0 ? Color(255, 170, 90) : .text)))
        }
        return items
    }

    /// The overlay, its text refreshed at most four times a second so the numbers stay readable
    /// (and the renderer does not make new text textures every frame).
    public mutating func overlay(at now: Double, textures: (count: Int, bytes: Int)?, measurer: any TextMeasurer) -> [DrawItem] {
        if cached.isEmpty || now - cachedAt >= 0.25 || now < cachedAt {
            cached = overlay(textures: textures, measurer: measurer)
            cachedAt = now
        }
        return cached
    }

    /// One line for the terminal when the window closes.
    public var summary: String {
        let d = durations, w = work
        func ms(_ s: Double) -> String { (s * 1000).fixed(2) }
        return "strips: frames \(frames), missed vsync \(missed); last second: frame p50 \(ms(d.p50)) ms p99 \(ms(d.p99)) ms, "
            + "work p50 \(ms(w.p50)) ms p99 \(ms(w.p99)) ms; worst work \(ms(worstWork)) ms" + (scanRows.isEmpty ? "" : "; " + scanLine)
    }

    /// Scanned rows from the scanner to the screen, as one line.
    public var scanLine: String {
        let rows = Percentiles(scanRows), first = Percentiles(scanFirstRows)
        return "scanned rows on screen after leaving the scanner: p50 \(rows.p50.fixed(1)) ms p99 \(rows.p99.fixed(1)) ms max \(rows.max.fixed(1)) ms; "
            + "a page's first rows p50 \(first.p50.fixed(1)) ms max \(first.max.fixed(1)) ms (\(first.count) pages)"
    }
}
