/// What a key or a click asks the editor to do. Actions run one at a time: one asked for during
/// an animation waits for it to end, in order, and is never interleaved with it.
public enum EditorAction: Hashable, Sendable {
    case focus(Int)
    case step(Int)
    case first, last
    /// Deletes the page in focus.
    case delete
    case undo, redo
    /// Pages dropped on the window: inserted after the page in focus.
    case add([Page])
    /// Turns the page in focus by quarter turns: 1 clockwise, -1 counter-clockwise.
    case rotate(Int)
    /// Moves the page in focus by `n` places (Alt+Left / Alt+Right).
    case shift(Int)
    /// Moves page `from` to index `to`: a thumbnail dropped after a drag.
    case reorder(from: Int, to: Int)
    /// An edit replayed by undo (its inverse) or redo, with its animation; not recorded again.
    case replay(Edit)

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
        case (.left, _, _) where key.alt: self = .shift(-1)
        case (.right, _, _) where key.alt: self = .shift(1)
        case (.left, _, _): self = .step(-1)
        case (.right, _, _): self = .step(1)
        case (.r, false, let shift): self = .rotate(shift ? -1 : 1)
        case (.home, _, _): self = .first
        case (.end, _, _): self = .last
        case (.delete, _, _), (.backspace, _, _): self = .delete
        case (.z, true, false): self = .undo
        case (.z, true, true), (.y, true, _): self = .redo
        default: return nil
        }
    }
}
