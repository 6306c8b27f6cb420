/// A scripted few seconds of flinging the editor, as a user would: quick drags on the preview
/// (one page each) and on the thumbnail strip (many pages, the expansion shrinking and coming
/// back), back to back so something moves on nearly every frame.
public struct FlingSession: Sendable {
    public struct Step: Hashable, Sendable {
        public var time: Double
        public var event: InputEvent
    }

    public let window: Size
    public let duration: Double
    public let steps: [Step]

    public static let frameInterval = 1.0 / 60

    public init(window: Size = Size(width: 1280, height: 800), duration: Double = 3) {
        self.window = window
        self.duration = duration
        let g = EditorGeometry(window: window)
        let previewY = g.preview.midY, thumbnailY = g.thumbnails.midY
        let w = window.width
        var steps: [Step] = []
        /// A flick right to left: 6 moves over 90 ms, released while still moving.
        func flick(at start: Double, y: Double, distance: Double) {
            let x0 = w * 0.7
            steps.append(Step(time: start, event: .pointerDown(Point(x: x0, y: y))))
            for i in 1...6 {
                steps.append(Step(time: start + 0.015 * Double(i),
                                  event: .pointerMove(Point(x: x0 - distance * Double(i) / 6, y: y))))
            }
            steps.append(Step(time: start + 0.095, event: .pointerUp(Point(x: x0 - distance, y: y))))
        }
        var t = 0.0
        var turn = 0
        while t < duration - 0.2 {
            if turn % 3 == 2 {
                flick(at: t, y: thumbnailY, distance: w * 0.35)
                t += 0.7
            } else {
                flick(at: t, y: previewY, distance: w * 0.3)
                t += 0.45
            }
            turn += 1
        }
        self.steps = steps
    }

    public var frameCount: Int { Int((duration / Self.frameInterval).rounded()) }

    /// The steps delivered before frame `k` (those stamped after frame k-1 and up to frame k).
    public func steps(forFrame k: Int) -> ArraySlice<Step> {
        let t = Double(k) * Self.frameInterval
        let previous = k == 0 ? -Double.infinity : Double(k - 1) * Self.frameInterval
        let lo = steps.firstIndex { $0.time > previous } ?? steps.count
        let hi = steps.firstIndex { $0.time > t } ?? steps.count
        return steps[lo..<max(lo, hi)]
    }
}

/// A plain-text table with right-aligned columns, as `strips bench` prints it.
public struct TextTable: Sendable {
    public var header: [String]
    public var rows: [[String]] = []

    public init(_ header: [String]) { self.header = header }

    public mutating func add(_ row: [String]) { rows.append(row) }

    public var rendered: String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            row.indices.map { c in
                let cell = row[c], pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// A duration in nanoseconds, in a unit that keeps 3 significant figures readable.
    public static func duration(ns: Double) -> String {
        switch ns {
        case ..<1_000: return format(ns, 0) + " ns"
        case ..<1_000_000: return format(ns / 1_000, ns < 10_000 ? 2 : 1) + " us"
        case ..<1_000_000_000: return format(ns / 1_000_000, ns < 10_000_000 ? 2 : 1) + " ms"
        default: return format(ns / 1_000_000_000, 2) + " s"
        }
    }

    /// `value` with `decimals` digits after the point, without Foundation.
    public static func format(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale), fraction = Int(scaled - Double(whole) * scale)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard decimals > 0 else { return sign + "\(whole)" }
        let digits = String(fraction)
        return sign + "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
    }
}
