/// The border editor's keys, its own table: `BorderSession.key` looks keys up in it and the keys
/// overlay lists it beside the editor's (`EditorKey.table`).
public enum BorderKey: Hashable, Sendable {
    case apply, cancel, reset
    /// A curved page laid flat (its curve found from its text lines) or left as the flat correction makes it.
    case layFlat
    /// The corner nearest the pointer, moved by this many points.
    case nudge(dx: Double, dy: Double)
    /// Degrees counter-clockwise.
    case turn(Double)

    public static let table = KeyTable<BorderKey>([
        .gesture(.corrections, "Drag a corner or an edge's middle", "moves it, with a loupe of the picture's own pixels", context: "Border editor"),
        KeyRow(.corrections, "Nudge", "moves the corner nearest the pointer a point (Shift: ten)", [
            (.any(.left), .nudge(dx: -1, dy: 0)), (.any(.right), .nudge(dx: 1, dy: 0)),
            (.any(.up), .nudge(dx: 0, dy: -1)), (.any(.down), .nudge(dx: 0, dy: 1)),
        ], context: "Border editor"),
        KeyRow(.corrections, "Turn", "turns the page 0.1 degree counter-clockwise / clockwise",
               [(.any(.leftBracket), .turn(0.1)), (.any(.rightBracket), .turn(-0.1))], context: "Border editor"),
        KeyRow(.corrections, "Whole picture", "puts the corners on the whole picture",
               [(.any(.backspace), .reset), (.any(.delete), .reset)], context: "Border editor"),
        KeyRow(.corrections, "Lay flat", "turns laying a curved page flat (a book's page) off / on", [(.any(.d), .layFlat)], context: "Border editor"),
        KeyRow(.corrections, "Apply", "applies (one undo step; the text levelled)", [(.any(.return), .apply)], context: "Border editor"),
        KeyRow(.corrections, "Cancel", "cancels", [(.any(.escape), .cancel)], context: "Border editor"),
    ])
}
