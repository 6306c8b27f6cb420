/// What a key or a click asks the editor to do. Actions run one at a time: one asked for during
/// an animation waits for it to end, in order, and is never interleaved with it.
public enum EditorAction: Hashable, Sendable {
    case focus(Int)
    case step(Int)
    case first, last
    /// Deletes the page in focus; `redoing` when it is a redo, which keeps the redo stack.
    case delete(redoing: Bool)
    case undo, redo
    /// Pages dropped on the window: inserted after the page in focus.
    case add([Page])

    /// The page a navigation action goes to from `focus` in a document of `count` pages; nil for
    /// the editing actions.
    func destination(from focus: Int, count: Int) -> Int? {
        let last = count - 1
        switch self {
        case .focus(let index): return index.clamped(to: 0...last)
        case .step(let delta): return (focus + delta).clamped(to: 0...last)
        case .first: return 0
        case .last: return last
        default: return nil
        }
    }

    /// What a key asks for in the editor, if anything.
    public init?(_ key: Key) {
        switch (key.name, key.ctrl, key.shift) {
        case (.left, _, _): self = .step(-1)
        case (.right, _, _): self = .step(1)
        case (.home, _, _): self = .first
        case (.end, _, _): self = .last
        case (.delete, _, _), (.backspace, _, _): self = .delete(redoing: false)
        case (.z, true, false): self = .undo
        case (.z, true, true), (.y, true, _): self = .redo
        default: return nil
        }
    }
}

/// A deleted page and where it stood, so undo can put it back and redo can take it again.
public struct PageRemoval: Hashable, Sendable {
    public var page: Page
    public var index: Int
}

/// Undo and redo stacks of removals. Deleting never touches files: pages live in memory only.
public struct EditHistory: Hashable, Sendable {
    public private(set) var undoStack: [PageRemoval] = []
    public private(set) var redoStack: [PageRemoval] = []

    public init() {}

    public mutating func recordDelete(_ removal: PageRemoval, clearingRedo: Bool) {
        undoStack.append(removal)
        if clearingRedo { redoStack.removeAll() }
    }

    public mutating func popUndo() -> PageRemoval? { undoStack.popLast() }
    public mutating func pushRedo(_ removal: PageRemoval) { redoStack.append(removal) }
    public mutating func popRedo() -> PageRemoval? { redoStack.popLast() }
}
