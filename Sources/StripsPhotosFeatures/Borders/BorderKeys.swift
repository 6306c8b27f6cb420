import StripsCore

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
        .gesture(.corrections, tr("Drag a corner or an edge's middle"), tr("moves it, with a loupe of the picture's own pixels"), context: tr("Border editor")),
        KeyRow(.corrections, tr("Nudge"), tr("moves the corner nearest the pointer a point (Shift: ten)"), [
            (.any(.left), .nudge(dx: -1, dy: 0)), (.any(.right), .nudge(dx: 1, dy: 0)),
            (.any(.up), .nudge(dx: 0, dy: -1)), (.any(.down), .nudge(dx: 0, dy: 1)),
        ], context: tr("Border editor")),
        KeyRow(.corrections, tr("Turn"), tr("turns the page 0.1 degree counter-clockwise / clockwise"),
               [(.any(.leftBracket), .turn(0.1)), (.any(.rightBracket), .turn(-0.1))], context: tr("Border editor")),
        KeyRow(.corrections, tr("Whole picture"), tr("puts the corners on the whole picture"),
               [(.any(.backspace), .reset), (.any(.delete), .reset)], context: tr("Border editor")),
        KeyRow(.corrections, tr("Lay flat"), tr("turns laying a curved page flat (a book's page) off / on"), [(.any(.d), .layFlat)],
               context: tr("Border editor")),
        KeyRow(.corrections, tr("Apply"), tr("applies (one undo step; the text levelled)"), [(.any(.return), .apply)], context: tr("Border editor")),
        KeyRow(.corrections, tr("Cancel"), tr("cancels"), [(.any(.escape), .cancel)], context: tr("Border editor")),
    ])
}
