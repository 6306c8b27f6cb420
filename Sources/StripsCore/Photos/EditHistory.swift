/// One change to the document, as undo and redo replay it. Every edit has an inverse, so the
/// history is a list of edits, not of snapshots.
public enum Edit: Hashable, Sendable {
    /// Pages inserted at `index` (dropped files).
    case insert(index: Int, pages: [Page])
    /// Pages `index ..< index + pages.count` taken out (the page in focus deleted).
    case remove(index: Int, pages: [Page])
    /// The page at `from` moved to index `to`.
    case move(from: Int, to: Int)
    /// The page at `index` turned by `turns` quarter turns (negative: counter-clockwise).
    case rotate(index: Int, turns: Int)

    public var inverse: Edit {
        switch self {
        case .insert(let index, let pages): return .remove(index: index, pages: pages)
        case .remove(let index, let pages): return .insert(index: index, pages: pages)
        case .move(let from, let to): return .move(from: to, to: from)
        case .rotate(let index, let turns): return .rotate(index: index, turns: -turns)
        }
    }

    /// The page the edit acts on: it is brought into focus before the edit runs.
    var focusIndex: Int {
        switch self {
        case .insert(let index, _), .remove(let index, _): return index
        case .move(let from, _): return from
        case .rotate(let index, _): return index
        }
    }
}

/// Undo and redo stacks of edits. Each recorded edit has a serial number; the document's
/// revision is the serial of the last edit applied (0 for none), so a save can remember which
/// revision it wrote and the document is unsaved whenever the revision differs. Pages live in
/// memory only: no edit touches a file.
public struct EditHistory: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var edit: Edit
        public var serial: Int
    }

    public private(set) var undoStack: [Entry] = []
    public private(set) var redoStack: [Entry] = []
    private var lastSerial = 0

    public init() {}

    /// The revision the document is at: the serial of the newest edit not undone.
    public var revision: Int { undoStack.last?.serial ?? 0 }

    /// A new edit by the user: redo is forgotten.
    public mutating func record(_ edit: Edit) {
        lastSerial += 1
        undoStack.append(Entry(edit: edit, serial: lastSerial))
        redoStack.removeAll()
    }

    /// The edit to undo, moved to the redo stack.
    public mutating func undo() -> Edit? {
        guard let entry = undoStack.popLast() else { return nil }
        redoStack.append(entry)
        return entry.edit
    }

    /// The edit to redo, moved back to the undo stack.
    public mutating func redo() -> Edit? {
        guard let entry = redoStack.popLast() else { return nil }
        undoStack.append(entry)
        return entry.edit
    }
}
