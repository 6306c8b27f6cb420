/// A parsed headless script (shared/headless.md): the initial window, then timed commands.
public struct Script: Hashable, Sendable {
    public static let defaultWindow = Size(width: 1024, height: 768)
    /// Without an `end`, the run stops this long after the last event.
    public static let defaultTail = 2000.0
    /// The longest script: a day of virtual time (5 million frames) is far beyond any test.
    public static let maxTime = 86_400_000.0
    /// Window sizes beyond what SDL can make a surface of are refused, not attempted.
    public static let maxWindowSide = 16_384.0
    /// Pointer coordinates farther than this from the window are a mistake, not a gesture.
    public static let maxCoordinate = 1_000_000.0
    /// One pinch step scales by at most this factor either way: fingers do not move farther between two events.
    public static let maxPinchStep = 100.0

    public enum Command: Hashable, Sendable {
        /// `down X Y [shift] [ctrl] [alt]`: a press with those keys held.
        case down(Point, Modifiers = [])
        case move(Point), up(Point)
        /// `down X Y [modifiers] right`, `up X Y right`: the right (secondary) button.
        case rightDown(Point, Modifiers = [])
        case rightUp(Point)
        case wheel(dx: Double, dy: Double)
        /// `wheel DX DY ctrl`: the wheel with Ctrl held.
        case ctrlWheel(dx: Double, dy: Double)
        /// `pinch X Y SCALE`: one pinch step about a point.
        case pinch(center: Point, scale: Double)
        /// The key name as written; the runner resolves it the way SDL_GetKeyFromName does.
        case key(name: String, ctrl: Bool, shift: Bool, alt: Bool = false)
        case resize(Size)
        /// `text STRING`: text typed, the rest of the line.
        case text(String)
        /// `drop PATH`: a file or folder dropped on the window, the rest of the line.
        case drop(path: String)
        case screenshot(path: String)
        case dump
        case end
    }

    public struct Step: Hashable, Sendable {
        /// Milliseconds on the virtual clock.
        public var time: Double
        public var command: Command
        public var line: Int
    }

    public var window = Script.defaultWindow
    public var steps: [Step] = []

    /// When the run stops: the `end` command's time, or 2000 ms after the last event.
    public var endTime: Double {
        if let end = steps.first(where: { $0.command == .end }) { return end.time }
        return (steps.last?.time ?? 0) + Self.defaultTail
    }

    public init(window: Size = Script.defaultWindow, steps: [Step] = []) {
        self.window = window
        self.steps = steps
    }
}

public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public var description: String { "script line \(line): \(message)" }

    /// A part of the script as an error quotes it: at most its first 80 characters (a 1 MB
    /// token is not echoed whole), control characters shown as `?`.
    public static func quoted(_ text: some StringProtocol) -> String {
        let limit = 80
        let shown = String(text.prefix(limit).map { $0.isASCII && ($0.asciiValue ?? 32) < 32 ? "?" : $0 })
        return "'" + shown + (text.count > limit ? "…" : "") + "'"
    }
}

extension Script {
    public static func parse(_ text: String) throws(ScriptError) -> Script {
        var script = Script()
        var lastTime = -Double.infinity
        // CRLF (a Windows editor) and lone CR end lines as LF does: "\r\n" is one Character.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (offset, rawLine) in lines.enumerated() {
            let lineNumber = offset + 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let verb = words.first else { continue }
            func fail(_ message: String) -> ScriptError { ScriptError(line: lineNumber, message: message) }
            func number(_ word: String, _ what: String) throws(ScriptError) -> Double {
                guard let v = Double(word), v.isFinite else { throw fail("\(what) must be a number, not \(ScriptError.quoted(word))") }
                return v
            }
            if verb == "window" {
                guard words.count == 3 else { throw fail("expected 'window W H'") }
                guard script.steps.isEmpty else { throw fail("'window' must come before the first 'at'") }
                let w = try number(words[1], "width"), h = try number(words[2], "height")
                guard w >= 1, h >= 1 else { throw fail("window size must be at least 1 x 1") }
                guard w <= maxWindowSide, h <= maxWindowSide else { throw fail("window size must be at most \(Int(maxWindowSide)) x \(Int(maxWindowSide))") }
                script.window = Size(width: w, height: h)
                continue
            }
            guard verb == "at" else { throw fail("unknown command \(ScriptError.quoted(verb)) (expected 'window' or 'at')") }
            guard words.count >= 3 else { throw fail("expected 'at T COMMAND ...'") }
            let time = try number(words[1], "time")
            guard time >= 0 else { throw fail("time must not be negative") }
            guard time <= maxTime else { throw fail("time must be at most \(Int(maxTime)) ms (a day)") }
            guard time >= lastTime else { throw fail("time \(ScriptError.quoted(words[1])) is earlier than the line before") }
            lastTime = time
            let args = Array(words.dropFirst(3))
            func expect(_ n: Int, _ usage: String) throws(ScriptError) {
                guard args.count == n else { throw fail("expected 'at T \(usage)'") }
            }
            let command: Command
            switch words[2] {
            case "down", "move", "up":
                let verb = words[2]
                var modifiers: Modifiers = []
                var right = false
                if args.count > 2, verb != "move" {
                    for (i, word) in args.dropFirst(2).enumerated() {
                        let last = i == args.count - 3
                        switch word.lowercased() {
                        case "shift" where verb == "down": modifiers.insert(.shift)
                        case "ctrl" where verb == "down": modifiers.insert(.ctrl)
                        case "alt" where verb == "down": modifiers.insert(.alt)
                        // The button comes after the keys held.
                        case "right" where last: right = true
                        default:
                            throw fail(verb == "down" ? "expected 'at T down X Y [shift] [ctrl] [alt] [right]', not \(ScriptError.quoted(word))"
                                       : "expected 'at T up X Y [right]', not \(ScriptError.quoted(word))")
                        }
                    }
                } else {
                    try expect(2, "\(verb) X Y")
                }
                let p = Point(x: try number(args[0], "X"), y: try number(args[1], "Y"))
                guard abs(p.x) <= maxCoordinate, abs(p.y) <= maxCoordinate else { throw fail("X and Y must be within ±\(Int(maxCoordinate))") }
                switch verb {
                case "down": command = right ? .rightDown(p, modifiers) : .down(p, modifiers)
                case "up": command = right ? .rightUp(p) : .up(p)
                default: command = .move(p)
                }
            case "wheel":
                let ctrl = args.count == 3 && args[2].lowercased() == "ctrl"
                if !ctrl { try expect(2, "wheel DX DY [ctrl]") }
                let dx = try number(args[0], "DX"), dy = try number(args[1], "DY")
                guard abs(dx) <= maxCoordinate, abs(dy) <= maxCoordinate else { throw fail("DX and DY must be within ±\(Int(maxCoordinate))") }
                command = ctrl ? .ctrlWheel(dx: dx, dy: dy) : .wheel(dx: dx, dy: dy)
            case "pinch":
                try expect(3, "pinch X Y SCALE")
                let p = Point(x: try number(args[0], "X"), y: try number(args[1], "Y"))
                guard abs(p.x) <= maxCoordinate, abs(p.y) <= maxCoordinate else { throw fail("X and Y must be within ±\(Int(maxCoordinate))") }
                let scale = try number(args[2], "SCALE")
                guard scale >= 1 / maxPinchStep, scale <= maxPinchStep else {
                    throw fail("SCALE must be between \(1 / maxPinchStep) and \(Int(maxPinchStep))")
                }
                command = .pinch(center: p, scale: scale)
            case "key":
                // A name may hold a space: the keypad's `Keypad +`, `Keypad -`, `Keypad 0`.
                guard !args.isEmpty else { throw fail("expected 'at T key NAME'") }
                var name = Substring(args.joined(separator: " "))
                var ctrl = false, shift = false, alt = false
                while true {
                    let lower = name.lowercased()
                    if lower.hasPrefix("ctrl+"), name.count > 5 { ctrl = true; name = name.dropFirst(5) }
                    else if lower.hasPrefix("shift+"), name.count > 6 { shift = true; name = name.dropFirst(6) }
                    else if lower.hasPrefix("alt+"), name.count > 4 { alt = true; name = name.dropFirst(4) }
                    else { break }
                }
                command = .key(name: String(name), ctrl: ctrl, shift: shift, alt: alt)
            case "resize":
                try expect(2, "resize W H")
                let w = try number(args[0], "W"), h = try number(args[1], "H")
                guard w >= 0, h >= 0 else { throw fail("window size must not be negative") }
                guard w <= maxWindowSide, h <= maxWindowSide else { throw fail("window size must be at most \(Int(maxWindowSide)) x \(Int(maxWindowSide))") }
                command = .resize(Size(width: w, height: h))
            case "screenshot":
                guard !args.isEmpty else { throw fail("expected 'at T screenshot PATH'") }
                command = .screenshot(path: args.joined(separator: " "))
            case "text":
                // The rest of the line as typed, spaces and all (but not the comment).
                guard let range = content.range(of: "text") else { throw fail("expected 'at T text STRING'") }
                let rest = content[range.upperBound...].drop { $0 == " " || $0 == "\t" }
                let typed = String(rest)
                guard !typed.isEmpty else { throw fail("expected 'at T text STRING'") }
                command = .text(typed)
            case "drop":
                guard !args.isEmpty else { throw fail("expected 'at T drop PATH'") }
                command = .drop(path: args.joined(separator: " "))
            case "dump":
                try expect(0, "dump")
                command = .dump
            case "end":
                try expect(0, "end")
                command = .end
            default:
                throw fail("unknown event \(ScriptError.quoted(words[2]))")
            }
            script.steps.append(Step(time: time, command: command, line: lineNumber))
        }
        return script
    }
}
