/// Input as the scenes see it, from SDL or from a script line alike. Times are seconds on the
/// scene's clock, carried separately so that velocity comes from the events' own timestamps.
public enum InputEvent: Hashable, Sendable {
    /// The primary pointer: left mouse button or first finger.
    case pointerDown(Point)
    /// Moves with or without the button held; hovering tells which strip the wheel scrolls.
    case pointerMove(Point)
    case pointerUp(Point)
    /// SDL's precise wheel units; positive `dx` scrolls right, positive `dy` scrolls up.
    case wheel(dx: Double, dy: Double)
    case key(Key)
    case resize(Size)
    /// New design numbers (a tuning file loaded or edited): the scene hands each strip and layout
    /// its part, keeping what is in focus.
    case tune(Tuning)
    /// A wheel turned with Ctrl held (a trackpad pinch arrives so in many systems): zooms.
    case ctrlWheel(dx: Double, dy: Double)
    /// One step of a two-finger pinch about `center`; `scale` > 1 spreads the fingers.
    case pinch(center: Point, scale: Double)
}

/// A key press with its modifiers.
public struct Key: Hashable, Sendable {
    /// Raw values are SDL's key names, lower-cased ("left", "delete", "z"): the one list of the
    /// keys the scenes know, for live events and script lines alike.
    public enum Name: String, Hashable, Sendable {
        case left, right, up, down, home, end, delete, backspace, escape
        case z, y, q, f, m, d
        /// Instruments, taken by the frame stepper: slow motion, x-ray; Ctrl+R records (live).
        case s, x, r
        /// Zoom keys: `+` (also `=`, its unshifted key), `-`, `0`, and the keypad's.
        case plus = "+", equals = "=", minus = "-", zero = "0", keypadPlus = "keypad +", keypadMinus = "keypad -", keypadZero = "keypad 0"
        /// A real key no scene uses: delivered, and ignored.
        case other
    }

    public var name: Name
    public var ctrl: Bool
    public var shift: Bool

    public init(_ name: Name, ctrl: Bool = false, shift: Bool = false) {
        self.name = name
        self.ctrl = ctrl
        self.shift = shift
    }
}
