/// The one place pointer input becomes gestures, for every scene: a press, its moves and the
/// moment it becomes a drag (past the tap slop), its release (a tap when it never became a drag
/// and landed on something at rest; a double-click when a second tap follows the first closely
/// in time and place), a hold (a press kept still), and pinch steps. Thresholds are read from the
/// tuning when they are used; times are the events' own.
public struct Gestures: Sendable {
    /// The pointer held down.
    public struct Press: Hashable, Sendable {
        public var start: Point
        public var time: Double
        public var modifiers: Modifiers
        /// It landed on something at rest (a press that catches a moving strip is no tap).
        public var onRest: Bool
        public fileprivate(set) var isDragging = false
        /// The scene let go of it (a resize, a key, a pinch took over): it ends as nothing.
        public fileprivate(set) var isAbandoned = false
        /// It may become a hold (a thumbnail at rest), until it moves or is held.
        public fileprivate(set) var mayHold = false

        /// A tap so far: it never moved past the slop and landed on something at rest.
        public var isTap: Bool { !isDragging && onRest && !isAbandoned }
    }

    /// How a press ended.
    public struct Release: Hashable, Sendable {
        public var point: Point
        public var press: Press
        /// 0: not a tap; 1: a tap; 2: the second tap of a double-click.
        public var taps: Int

        public var isTap: Bool { taps > 0 }
    }

    /// Where the pointer is: the wheel and the keys act on what is under it.
    public private(set) var pointer = Point.zero
    public private(set) var press: Press?
    private var lastTap: (time: Double, point: Point)?

    public init() {}

    /// The pointer went down on something at rest (`onRest`) or not.
    public mutating func down(_ p: Point, modifiers: Modifiers, onRest: Bool, at time: Double) {
        pointer = p
        press = Press(start: p, time: time, modifiers: modifiers, onRest: onRest)
    }

    /// The pointer moved; true at the moment a press becomes a drag.
    public mutating func moved(to p: Point, tuning: Tuning) -> Bool {
        pointer = p
        guard var held = press, !held.isDragging, !held.isAbandoned, p.distance(to: held.start) >= tuning.scroll.tapSlop else { return false }
        held.isDragging = true
        held.mayHold = false
        press = held
        return true
    }

    /// The pointer went up: how the press ended (nil when there was none).
    public mutating func up(_ p: Point, at time: Double, tuning: Tuning) -> Release? {
        pointer = p
        guard let released = press else { return nil }
        press = nil
        guard released.isTap else {
            lastTap = nil
            return Release(point: p, press: released, taps: 0)
        }
        if let last = lastTap, time - last.time <= tuning.editor.doubleClickInterval, last.point.distance(to: p) <= tuning.scroll.tapSlop {
            lastTap = nil
            return Release(point: p, press: released, taps: 2)
        }
        lastTap = (time, p)
        return Release(point: p, press: released, taps: 1)
    }

    /// The pointer is somewhere without a press (hovering, or a finger's first contact).
    public mutating func hover(_ p: Point) { pointer = p }

    /// The press may become a hold: held still for the tuning's hold duration it is one.
    public mutating func armHold() { press?.mayHold = true }

    /// The scene stops following the press: its moves still update the pointer, its release is nothing.
    public mutating func abandon() {
        press?.isAbandoned = true
        press?.mayHold = false
    }

    /// The press ends without a release (a pinch took it over): no tap, no hold.
    public mutating func cancel() { press = nil }

    /// A press waiting to become a hold: something on screen is timed, frames must go on.
    public var isTimingHold: Bool { press?.mayHold == true }

    /// On each tick: the press that has been held still long enough, once.
    public mutating func hold(at time: Double, tuning: Tuning) -> Press? {
        guard let held = press, held.mayHold, time - held.time >= tuning.editor.holdDuration else { return nil }
        press?.mayHold = false
        return held
    }
}

/// Keys held with a pointer press or a wheel turn.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1)
    public static let ctrl = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
}
