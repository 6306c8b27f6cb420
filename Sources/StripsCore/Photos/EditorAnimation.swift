/// The editor's own animations (Photos article, feature 5), as pure functions of time. UIKit's
/// batch-update animations move cells on their own; these drive both strips together and the
/// document only changes once they end.
public struct EditorAnimation: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Scroll from `fromSlot` to page `to`; the expansion passes straight from one to the other.
        case move(fromSlot: Double, to: Int)
        /// Page `index` collapses, then the gap closes; with `toLeft` the focus moves to the left
        /// neighbour (the last page went), otherwise the right neighbour slides into its place.
        case delete(index: Int, toLeft: Bool)
        /// Pages `index ..< index + count` (already in the document) open a gap while the focus
        /// moves to the first of them, then grow.
        case insert(index: Int, count: Int, fromSlot: Double)
    }

    /// What the strips show at one instant of the animation.
    public struct Frame: Hashable, Sendable {
        public var focusSlot: Double
        public var transitions: [Int: CellTransition]
        public var focusOverride: FocusOverride?

        /// No transitions, no override: the strips as the document lays them out.
        public static let rest = Frame(focusSlot: 0, transitions: [:], focusOverride: nil)
    }

    public struct FocusOverride: Hashable, Sendable {
        public var from: Int
        public var to: Int
        public var progress: Double
    }

    public var kind: Kind
    public var start: Double
    /// The move's duration and each delete or insert phase's, as the tuning had them when it began.
    public var timing: Tuning.Editor

    public init(_ kind: Kind, at start: Double, timing: Tuning.Editor = Tuning.defaults.editor) {
        self.kind = kind
        self.start = start
        self.timing = timing
    }

    public var duration: Double {
        switch kind {
        case .move: return timing.moveDuration
        case .delete, .insert: return 2 * timing.phaseDuration
        }
    }

    public func isFinished(at t: Double) -> Bool { t >= start + duration }

    private func phase(_ n: Int, at t: Double) -> Double {
        Tween(start: start + Double(n) * timing.phaseDuration, duration: timing.phaseDuration).progress(at: t)
    }

    public func frame(at t: Double) -> Frame {
        switch kind {
        case .move(let fromSlot, let to):
            let p = Tween(start: start, duration: timing.moveDuration).progress(at: t)
            let from = Int(saturating: fromSlot.rounded())
            let override = from == to ? nil : FocusOverride(from: from, to: to, progress: p)
            return Frame(focusSlot: fromSlot.lerp(to: Double(to), p), transitions: [:], focusOverride: override)
        case .delete(let index, let toLeft):
            let collapse = phase(0, at: t), close = phase(1, at: t)
            let transition = CellTransition(visibility: 1 - collapse, presence: 1 - close)
            let focus = toLeft ? Double(index).lerp(to: Double(index - 1), close) : Double(index)
            return Frame(focusSlot: focus, transitions: [index: transition], focusOverride: nil)
        case .insert(let index, let count, let fromSlot):
            let open = phase(0, at: t), grow = phase(1, at: t)
            let transition = CellTransition(visibility: grow, presence: open)
            var transitions: [Int: CellTransition] = [:]
            for i in index..<(index + count) { transitions[i] = transition }
            // The cell at the old focus: the new pages share slot `index` with the one after them.
            let oldFocus = Int(saturating: fromSlot.rounded())
            let fromIndex = oldFocus >= index ? oldFocus + count : oldFocus
            let override = open < 1 ? FocusOverride(from: fromIndex, to: index, progress: open) : nil
            return Frame(focusSlot: fromSlot.lerp(to: Double(index), open), transitions: transitions, focusOverride: override)
        }
    }
}
