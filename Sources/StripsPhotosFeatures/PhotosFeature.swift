import StripsCore

/// One feature of the Photos scene as a room of its own (The Composable Architecture's `Scope`,
/// as a model, not a dependency): its `State`, the `Action`s it takes and a reducer that is given
/// its own state `inout` and nothing else of the editor's; what it needs to know of the rest comes
/// in as values (`Context`), and what it wants of the rest (a line on the status line, a request
/// to the host, an editor action) goes out as `PhotosOutput`s, which the scene routes. A reducer
/// is a static function of a type outside `PhotosScene`, so the compiler keeps it out of every
/// other feature's state.
protocol PhotosFeature {
    associatedtype State
    associatedtype Action
    associatedtype Context
    static func reduce(into state: inout State, action: Action, context: Context) -> [PhotosOutput]
}

/// The context of a room that needs nothing of the rest but the time it acts at (the border
/// editor's and the camera view's animations are closed forms of it).
package struct AtTime: Sendable {
    package var time: Double

    package init(time: Double) { self.time = time }
}

/// What a feature's reducer asks of the rest of the editor; `PhotosScene.route` does it.
package enum PhotosOutput {
    /// A line on the status line.
    case notice(String)
    /// A request to the host.
    case effect(Effect)
    /// An edit of the document, run as any other (its animation, one undo step).
    case edit(Edit)
    /// A command run in order with the others (after an edit's animation, a drag), under
    /// whatever card or field is on top: a page taken or recovered inserted, a scan's step.
    case enqueue(EditorCommand)
    /// A scanned page takes its slot: inserted, growing into it as the gap opens (its rows may
    /// come at once, drawn as they arrive).
    case arriving(PlacedPage)
    /// The page at this index replaced (a scanned page filled in), in the edit that inserted it too.
    case replace(Int, with: Page)
    /// A scanned page cut short leaves as if it had never come.
    case withdraw(PlacedPage)
    /// A correction applied at once, without an animation (the border editor's Return: it
    /// closes onto the page as corrected), one undo step.
    case correctAtOnce(CorrectionChange)
    /// The newest edit, a correction, corrected further within its undo step (the levelling the
    /// host found after the border editor's Return); nothing when it is no longer the newest.
    case amendLast([Int: Corrections])
    /// The border editor animates back to the strips onto where its page is drawn at rest, its
    /// corners ending here.
    case closeBorders(corners: Quad)
    /// The document saved once every page is judged (those not judged yet asked for first).
    case judgeThenSave([Page])
    /// An editor action, as its key does it (a toolbar button let go).
    case perform(EditorKey)
    /// An editor action on the page with this id, brought into focus at once first (a menu's
    /// item); nothing when the page is gone.
    case act(EditorKey, onPage: String)
    /// These pages selected.
    case select(PageSelection)
    /// The document was saved as `revision` into `path`.
    case saved(revision: Int, path: String)
    /// A scan with these settings (the scan panel's Scan), started as Ctrl+N starts one.
    case startScan(ScanChoice)
    /// A press on a strip under way ends where it is (a card opening takes the pointer).
    case endPress
    /// The press under way is let go of: its release will do nothing (a carried thumbnail put back).
    case abandonPress
    /// Text of these pages arrived: a search under way takes them in.
    case textArrived([TextKey])
    /// The strips glide to the page at this index, under whatever card or field is on top.
    case go(Int)
    /// The zoom room's action (a search's close-up on a small hit), under whatever is on top.
    case zoom(ZoomFeature.Action)
    /// The input handed in is not the room's: its door hands it to what goes on under the room.
    case passDown
}
