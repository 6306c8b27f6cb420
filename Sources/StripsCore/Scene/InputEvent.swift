/// Input as the scenes see it, from SDL or from a script line alike, and the host's answers to
/// the effects a scene returned. Times are seconds on the scene's clock, carried separately so
/// that velocity comes from the events' own timestamps.
public enum InputEvent: Hashable, Sendable {
    /// The primary pointer (left mouse button or first finger), with the keys held.
    case pointerDown(Point, Modifiers = [])
    /// Moves with or without the button held; hovering tells which strip the wheel scrolls.
    case pointerMove(Point)
    case pointerUp(Point)
    /// The secondary button (the right mouse button) pressed and released: a context menu.
    case secondaryDown(Point, Modifiers = [])
    case secondaryUp(Point)
    /// SDL's precise wheel units; positive `dx` scrolls right, positive `dy` scrolls up.
    case wheel(dx: Double, dy: Double)
    case key(Key)
    /// Text typed (SDL text input), for a field that takes it; scenes without one ignore it.
    case text(String)
    case resize(Size)
    /// New design numbers (a tuning file loaded or edited): the scene hands each strip and layout
    /// its part, keeping what is in focus.
    case tune(Tuning)
    /// A wheel turned with Ctrl held (a trackpad pinch arrives so in many systems): zooms.
    case ctrlWheel(dx: Double, dy: Double)
    /// One step of a two-finger pinch about `center`; `scale` > 1 spreads the fingers.
    case pinch(center: Point, scale: Double)
    /// Files and folders dropped on the window, all of one drag together.
    case drop([String])
    /// The host's answer to an effect.
    case host(HostEvent)
}

/// A key press with its modifiers.
public struct Key: Hashable, Sendable {
    /// Raw values are SDL's key names, lower-cased ("left", "delete", "z"): the one list of the
    /// keys the scenes know, for live events and script lines alike.
    public enum Name: String, Hashable, Sendable {
        case left, right, up, down, home, end, delete, backspace, escape
        case z, y, q, f, m, d, a
        /// L cycles a page's look, O turns pages upright, Ctrl+C copies a page's text (C without
        /// Ctrl: the border editor, below); Return goes to the next search hit (Shift: the previous).
        case l, o
        /// Ctrl+N scans (Ctrl+Shift+N: the scan panel), Ctrl+I interleaves; T answers the
        /// offer of earlier scans; Return confirms a panel.
        case n, i, t
        /// Ctrl+K opens and closes the camera view; in it Space takes the frame now and A turns
        /// taking pages by themselves off and on.
        case k
        /// B puts or takes away a document break before the page in focus; Ctrl+Shift+B selects
        /// the blank pages.
        case b
        case `return`
        /// C opens the border editor (Shift+C applies detected borders, Alt+C copies them to the
        /// selection); in it Return applies, `[` and `]` turn the page by a tenth of a degree.
        case c
        case leftBracket = "[", rightBracket = "]"
        /// Instruments, taken by the frame stepper unless a prompt has the keys: S slow motion,
        /// X x-ray, F frame statistics, Ctrl+R records; R rotates a page; S also answers the
        /// unsaved prompt, Ctrl+S saves.
        case s, x, r
        /// Zoom keys: `+` (also `=`, its unshifted key), `-`, `0`, and the keypad's.
        case plus = "+", equals = "=", minus = "-", zero = "0", keypadPlus = "keypad +", keypadMinus = "keypad -", keypadZero = "keypad 0"
        /// F1 and `?` (Shift+`/` on many keyboards) show the keys overlay; Shift+F10 and the
        /// Menu key (SDL's "Application") open the context menu; Ctrl+O opens files.
        case f1, f10, menu, application, question = "?", slash = "/"
        case space, pageup, pagedown
        /// A real key no scene uses: delivered, and ignored.
        case other
    }

    public var name: Name
    public var ctrl: Bool
    public var shift: Bool
    public var alt: Bool
    /// The key is held and this is its auto-repeat, not a new press.
    public var isRepeat: Bool

    public init(_ name: Name, ctrl: Bool = false, shift: Bool = false, alt: Bool = false, isRepeat: Bool = false) {
        self.name = name
        self.ctrl = ctrl
        self.shift = shift
        self.alt = alt
        self.isRepeat = isRepeat
    }
}
