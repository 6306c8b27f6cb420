/// The editor's own animations (Photos article, feature 5), as pure functions of time. UIKit's
/// batch-update animations move cells on their own; these drive both strips together and the
/// document only changes once they end.
public struct EditorAnimation: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Scroll from `fromSlot` to page `to`; the expansion passes straight from one to the other.
        case move(fromSlot: Double, to: Int)
        /// Page `index` collapses, then the gap closes; with `toLeft` the focus moves to the left
        /// neighbour (the last page went), otherwise the right neighbour slides into its place.
        case delete(index: Int, toLeft: Bool, count: Int = 1)
        /// Pages `index ..< index + count` (already in the document) open a gap while the focus
        /// moves to the first of them, then grow.
        case insert(index: Int, count: Int, fromSlot: Double)
        /// Page `index` (already turned in the document) turns from `fromDegrees` by `degrees`
        /// while its shape eases from `fromAspect` to its new one.
        case rotate(index: Int, fromDegrees: Double, degrees: Double, fromAspect: Double, toAspect: Double)
        /// Page `from` travels to index `to`: it goes from `fromSlot` (where it was carried) to
        /// slot `to`, the gap from `gapFrom` to `to`, the thumbnails from `scrollFrom` and the
        /// preview from `previewFrom` to `to` (each from what it showed, so neither jumps). The
        /// document changes when it ends.
        case reorder(from: Int, to: Int, fromSlot: Double, gapFrom: Double, scrollFrom: Double, previewFrom: Double, liftFrom: Double)
    }

    /// What the strips show at one instant of the animation.
    public struct Frame: Hashable, Sendable {
        public var focusSlot: Double
        public var transitions: [Int: CellTransition]
        public var focusOverride: FocusOverride?
        public var reorder: ReorderSlots? = nil
        /// A page turning: its shape as laid out now, and its picture's angle.
        public var turning: Turning? = nil
        /// Where the preview is, when not at `focusSlot`.
        public var previewSlot: Double? = nil

        /// No transitions, no override: the strips as the document lays them out.
        public static let rest = Frame(focusSlot: 0, transitions: [:], focusOverride: nil)
    }

    public struct Turning: Hashable, Sendable {
        public var index: Int
        public var aspect: Double
        public var degrees: Double
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
        case .rotate: return timing.rotateDuration
        case .reorder: return timing.reorderDuration
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
        case .delete(let index, let toLeft, let count):
            let collapse = phase(0, at: t), close = phase(1, at: t)
            let transition = CellTransition(visibility: 1 - collapse, presence: 1 - close)
            let focus = toLeft ? Double(index).lerp(to: Double(index - 1), close) : Double(index)
            var transitions: [Int: CellTransition] = [:]
            for i in index..<(index + count) { transitions[i] = transition }
            return Frame(focusSlot: focus, transitions: transitions, focusOverride: nil)
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
        case .rotate(let index, let fromDegrees, let degrees, let fromAspect, let toAspect):
            let p = Tween(start: start, duration: timing.rotateDuration).progress(at: t)
            let turning = Turning(index: index, aspect: fromAspect.lerp(to: toAspect, p), degrees: fromDegrees + degrees * p)
            return Frame(focusSlot: Double(index), transitions: [:], focusOverride: nil, turning: turning)
        case .reorder(let from, let to, let fromSlot, let gapFrom, let scrollFrom, let previewFrom, let liftFrom):
            let p = Tween(start: start, duration: timing.reorderDuration).progress(at: t)
            let target = Double(to)
            let slots = ReorderSlots(moving: from, movingSlot: fromSlot.lerp(to: target, p), gap: gapFrom.lerp(to: target, p),
                                     lift: liftFrom.lerp(to: 1, p))
            // The moving page keeps the focus, so the expansion stays on it as it travels.
            return Frame(focusSlot: scrollFrom.lerp(to: target, p), transitions: [:],
                         focusOverride: FocusOverride(from: from, to: from, progress: 1), reorder: slots,
                         previewSlot: previewFrom.lerp(to: target, p))
        }
    }
}
