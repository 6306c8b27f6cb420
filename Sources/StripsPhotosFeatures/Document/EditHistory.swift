import StripsCore

/// Undo and redo stacks of edits. Each recorded edit has a serial number; the document's
/// revision is the serial of the last edit applied (0 for none), so a save can remember which
/// revision it wrote and the document is unsaved whenever the revision differs. Each entry keeps
/// the selection before and after it, so undo and redo bring it back with the pages. Pages live
/// in memory only: no edit touches a file.
public struct EditHistory: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var edit: Edit
        public var serial: Int
        public var selectionBefore: PageSelection
        public var selectionAfter: PageSelection
    }

    public private(set) var undoStack: [Entry] = []
    public private(set) var redoStack: [Entry] = []
    private var lastSerial = 0

    public init() {}

    /// The revision the document is at: the serial of the newest edit not undone.
    public var revision: Int { undoStack.last?.serial ?? 0 }

    /// A new edit by the user: redo is forgotten.
    mutating func record(_ edit: Edit, selectionBefore: PageSelection, selectionAfter: PageSelection) {
        lastSerial += 1
        undoStack.append(Entry(edit: edit, serial: lastSerial, selectionBefore: selectionBefore, selectionAfter: selectionAfter))
        redoStack.removeAll()
    }

    /// The newest edit replaced by `edit` (the same step, grown: a crop's levelling angle found
    /// after it was applied). It gets a new serial, so a save in between still counts it unsaved.
    mutating func reviseLast(_ edit: Edit) {
        guard var entry = undoStack.popLast() else { return }
        lastSerial += 1
        entry.edit = edit
        entry.serial = lastSerial
        undoStack.append(entry)
    }

    /// The entry to undo, moved to the redo stack.
    mutating func undo() -> Entry? {
        guard let entry = undoStack.popLast() else { return nil }
        redoStack.append(entry)
        return entry
    }

    /// The newest entry taken back as if it had never been recorded: nothing to redo (a scanned
    /// page that did not complete was never the user's edit).
    mutating func withdrawLast() -> Entry? { undoStack.popLast() }

    /// The newest entry's edit replaced by `edit` (a scanned page that completed at another
    /// size than it began with).
    mutating func amendLast(_ edit: Edit) {
        guard !undoStack.isEmpty else { return }
        undoStack[undoStack.count - 1].edit = edit
    }

    /// The entry to redo, moved back to the undo stack.
    mutating func redo() -> Entry? {
        guard let entry = redoStack.popLast() else { return nil }
        undoStack.append(entry)
        return entry
    }
}
