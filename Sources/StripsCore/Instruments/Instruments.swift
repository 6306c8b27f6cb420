/// The designer's instruments over a running scene: slow motion (S), the x-ray overlay (X) and
/// short messages that fade (a tuning file's problems, where a recording went). Held by the
/// frame stepper, which maps every time the scene sees through `clock`; messages fade on real
/// time, so they read the same in slow motion.
public struct Instruments: Sendable {
    public struct Note: Hashable, Sendable {
        public var text: String
        /// Real time it was posted.
        public var since: Double
    }

    /// S slows scene time by this factor (10: one tenth of the speed).
    public var slowFactor = 10.0
    public private(set) var clock = SceneClock()
    public var xray = false
    /// F: the live window's frame statistics overlay (frame times, missed vsyncs, textures).
    public var showsFrameStats = false
    public private(set) var notes: [Note] = []

    public init() {}

    public var isSlow: Bool { clock.rate != 1 }

    public mutating func setSlow(_ on: Bool, at real: Double) {
        guard on != isSlow else { return }
        clock.setRate(on ? 1 / max(1, slowFactor) : 1, at: real)
    }

    /// S, X and F (without Ctrl) and Ctrl+R are instrument keys, the same in the window and in
    /// a script: nil when `key` is none, else what it asks the host to do (Ctrl+R: record).
    /// A held key's repeats toggle nothing.
    public mutating func take(_ key: Key, at real: Double) -> [Effect]? {
        guard let action = InstrumentKey.table.action(for: key) else { return nil }
        if key.isRepeat { return [] }
        switch action {
        case .slow: setSlow(!isSlow, at: real)
        case .xray: xray.toggle()
        case .frameStats: showsFrameStats.toggle()
        case .record: return [.toggleRecording]
        }
        return []
    }

    /// Posts a message line; messages past their time (the tuning's note duration and fade) are dropped.
    public mutating func note(_ text: String, at real: Double, tuning: Tuning.Instruments) {
        notes.removeAll { real - $0.since >= tuning.noteDuration + tuning.noteFade }
        notes.append(Note(text: text, since: real))
        if notes.count > 6 { notes.removeFirst(notes.count - 6) }
    }

    /// A message is still showing or fading: the live loop must keep drawing.
    public func isAnimating(at real: Double, tuning: Tuning.Instruments) -> Bool {
        notes.contains { real - $0.since < tuning.noteDuration + tuning.noteFade }
    }

    /// What to draw over `frame`: its x-ray, the slow-motion badge, the messages.
    public func overlay(for frame: Frame, at real: Double, measurer: any TextMeasurer, tuning: Tuning.Instruments) -> [DrawItem] {
        var items: [DrawItem] = []
        if xray { items += frame.content.xray(measurer: measurer) }
        if isSlow {
            let text = "slow x\((clock.rate).fixed(clock.rate < 0.095 ? 2 : 1))"
            let size = measurer.size(of: text, pointSize: 14, weight: .bold)
            let pill = Rect(x: frame.window.width - size.width - 28, y: 10, width: size.width + 16, height: size.height + 8)
            items.append(.fill(Fill(rect: pill, color: Color(200, 60, 60), alpha: 0.85)))
            items.append(.text(TextRun(text: text, frame: Rect(center: pill.center, size: size), pointSize: 14, weight: .bold)))
        }
        // Below the x-ray's first lines, centred: where the eye is while tuning.
        var y = 56.0
        for note in notes {
            let age = real - note.since
            let alpha = age < tuning.noteDuration ? 1 : 1 - (age - tuning.noteDuration) / tuning.noteFade
            guard alpha > 0, age >= 0 else { continue }
            let size = measurer.size(of: note.text, pointSize: 14, weight: .regular)
            let box = Rect(x: (frame.window.width - size.width) / 2 - 10, y: y, width: size.width + 20, height: size.height + 8)
            items.append(.fill(Fill(rect: box, color: Color(0, 0, 0), alpha: 0.75 * alpha)))
            items.append(.text(TextRun(text: note.text, frame: Rect(center: box.center, size: size), pointSize: 14, alpha: alpha)))
            y += box.height + 4
        }
        return items
    }
}

/// The instruments' keys, in both scenes: taken before the scene sees them.
public enum InstrumentKey: Hashable, Sendable {
    case slow, xray, frameStats, record

    public static let table = KeyTable<InstrumentKey>([
        KeyRow(.instruments, tr("Slow motion"), tr("slow motion (1/10 speed) on / off"), [(KeyChord(.s, ctrl: .no, shift: .either, alt: .either), .slow)]),
        KeyRow(.instruments, tr("X-ray"), tr("the x-ray: cell frames, parallax, expanding values, where a fling will rest"),
               [(KeyChord(.x, ctrl: .no, shift: .either, alt: .either), .xray)]),
        KeyRow(.instruments, tr("Frame statistics"), tr("frame times, missed vsyncs, textures in memory (the window)"),
               [(KeyChord(.f, ctrl: .no, shift: .either, alt: .either), .frameStats)]),
        KeyRow(.instruments, tr("Record"), tr("starts / stops a recording (GIF, MP4 or WebM)"), [(KeyChord(.r, ctrl: .yes, shift: .either, alt: .either), .record)]),
    ])
}
