import Foundation

/// `strips convert`'s progress bar on a terminal: the stage, a bar, pages done of all, pages a
/// second and the time left, redrawn in place on standard error at most ten times a second.
/// Nothing at all when standard error is not a terminal (a script's log stays clean).
public final class TerminalProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled: Bool
    private let width: Int
    private var stage: Converter.Stage?
    private var stageStart = Date()
    private var lastDrawn = Date.distantPast
    private var drawn = false

    /// `enabled`: default, whether standard error is a terminal.
    public init(enabled: Bool = isatty(2) == 1) {
        self.enabled = enabled
        var size = winsize()
        width = ioctl(2, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 20 ? Int(size.ws_col) : 80
    }

    public func update(_ stage: Converter.Stage, done: Int, total: Int) {
        guard enabled else { return }
        lock.withLock {
            let now = Date()
            if stage != self.stage {
                self.stage = stage
                stageStart = now
            } else if done < total, now.timeIntervalSince(lastDrawn) < 0.1 {
                return
            }
            lastDrawn = now
            let elapsed = now.timeIntervalSince(stageStart)
            let rate = elapsed > 0.2 && done > 0 ? Double(done) / elapsed : 0
            let left = rate > 0 ? Double(total - done) / rate : nil
            let line = Self.line(stage.rawValue, done: done, total: total, rate: rate, left: left, width: width)
            FileHandle.standardError.write(Data(("\r" + line + "\u{1B}[K").utf8))
            drawn = true
        }
    }

    /// Ends the bar's line, so what follows starts on its own.
    public func finish() {
        guard enabled else { return }
        lock.withLock {
            if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
            drawn = false
        }
    }

    /// "Reading text  [#######.......]  42/200 pages  2.1 pages/s  1:15 left", fitted to `width`.
    static func line(_ stage: String, done: Int, total: Int, rate: Double, left: Double?, width: Int) -> String {
        let counts = "\(done)/\(total) pages"
        let speed = rate > 0 ? String(format: "  %.1f pages/s", rate) : ""
        let eta = left.map { "  \(Int($0) / 60):" + String(format: "%02d", Int($0) % 60) + " left" } ?? ""
        let text = "  \(counts)\(speed)\(eta)"
        let label = stage.padding(toLength: 18, withPad: " ", startingAt: 0)
        // The bar keeps one width through the stage: room for the longest text it will have.
        let longest = "  \(total)/\(total) pages  999.9 pages/s  999:59 left"
        let barWidth = max(10, min(40, width - label.count - longest.count - 2))
        let filled = total > 0 ? min(barWidth, barWidth * done / total) : 0
        return label + "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "]" + text
    }
}
