import StripsCore

/// An edit as the user sees it (Photos article, feature 5): the document has already changed;
/// the strips go from the document before to the document after, as pure functions of time.
/// Everything drawn is derived from the two: which cells collapse or open, where moved pages
/// travel, the shape and angle of a page being turned.
///
/// While it runs the strips show the fuller of the two documents: the one before for a delete
/// (the pages leaving still collapse on screen) and a move (the page travels from its old
/// place); the one after for an insert (the new pages open a gap) and a correction.
public struct EditTransition: Hashable, Sendable {
    /// Where the strips were when it began, so nothing jumps. A page dropped by the pointer also
    /// starts where it was carried, with the gap where it was open and its lift.
    public struct Origin: Hashable, Sendable {
        /// The fractional page both strips showed (the thumbnails' when they led).
        public var slot: Double
        /// The page in focus then, an index into the document before.
        public var focus: Int
        /// A dropped thumbnail: where it and its gap were, the preview, and how far it was lifted.
        public var carried: ReorderSlots?
        public var previewSlot: Double?
        /// An insert whose page grows while its gap opens (a page arriving from the scanner,
        /// whose first rows may come at once: it is on screen from the first frame).
        public var growsWhileOpening = false

        public init(slot: Double, focus: Int, carried: ReorderSlots? = nil, previewSlot: Double? = nil) {
            self.slot = slot
            self.focus = focus
            self.carried = carried
            self.previewSlot = previewSlot
        }
    }

    /// What the strips show at one instant.
    public struct Frame: Hashable, Sendable {
        /// The fractional page both strips centre; the preview's own when it differs.
        public var focusSlot: Double
        public var previewSlot: Double?
        public var slots: SlotMap
        public var focusOverride: FocusOverride?
        /// Pages being turned: their shape as laid out now and their pictures' angle (degrees clockwise).
        public var turning: [Int: Turning]
        /// Pages taking a new look: the new picture fades in over the old.
        public var fading: [Int: LookFade] = [:]
        /// Pages whose document break changes: how far (0...1) the new split has faded in.
        public var breaking: [Int: Double] = [:]
    }

    /// A page's old picture, under its new one fading in (`progress` 0...1).
    public struct LookFade: Hashable, Sendable {
        public var from: PixelRecipe
        public var progress: Double
    }

    public struct Turning: Hashable, Sendable {
        public var aspect: Double
        public var degrees: Double
    }

    public let edit: Edit
    public let before: [Page]
    public let after: [Page]
    public let origin: Origin
    public let start: Double
    /// The durations as the tuning had them when it began (a motion keeps the numbers it starts with).
    public let timing: Tuning.Editor
    /// The pages laid out while it runs, and their shapes (worked out once, not every frame).
    public let shown: [Page]
    public let shownAspects: [Double]
    /// Pages moved together: old index to new, for those whose place changes.
    private let travels: [Int: Int]

    public init(_ edit: Edit, from before: [Page], to after: [Page], origin: Origin, at start: Double, timing: Tuning.Editor) {
        self.edit = edit
        self.before = before
        self.after = after
        self.origin = origin
        self.start = start
        self.timing = timing
        switch edit {
        case .remove, .move: shown = before
        case .insert, .correct, .breaks, .replace: shown = after
        }
        shownAspects = shown.map(\.aspectRatio)
        var travels: [Int: Int] = [:]
        if case .move(let from, _) = edit, from.count > 1 {
            for (newIndex, oldIndex) in edit.permutation(count: before.count).enumerated() where newIndex != oldIndex { travels[oldIndex] = newIndex }
        }
        self.travels = travels
    }

    /// The document before is the one shown (the pages leaving or moving are drawn where they were).
    public var showsBefore: Bool {
        switch edit {
        case .remove, .move: return true
        case .insert, .correct, .breaks, .replace: return false
        }
    }

    public var duration: Double {
        switch edit {
        case .insert where origin.growsWhileOpening: return timing.phaseDuration
        case .insert, .remove: return 2 * timing.phaseDuration
        case .move: return timing.reorderDuration
        case .correct: return timing.rotateDuration
        case .breaks, .replace: return timing.phaseDuration
        }
    }

    public func isFinished(at t: Double) -> Bool { t >= start + duration }

    /// The page in focus while it runs (an index into `shown`), and once it is over (into `after`).
    public var focusDuring: Int {
        switch edit {
        case .insert(let placed): return placed.first?.index ?? origin.focus
        case .replace: return focusAfter
        case .remove, .move, .correct, .breaks: return origin.focus
        }
    }

    public var focusAfter: Int {
        guard !after.isEmpty else { return -1 }
        switch edit {
        case .insert(let placed):
            return placed.first?.index ?? 0
        case .remove(let placed):
            let removed = Set(placed.map(\.index))
            // The page in focus stays; if it went, the first page after it that stays, else the last.
            if !removed.contains(origin.focus) { return edit.newIndex(of: origin.focus, count: before.count) ?? 0 }
            if let next = (origin.focus..<before.count).first(where: { !removed.contains($0) }) {
                return edit.newIndex(of: next, count: before.count) ?? 0
            }
            return after.count - 1
        case .move(let from, let to):
            // One page moved: the focus goes with it; several: the focus stays on its page.
            if from.count == 1, let target = to.first { return target }
            return edit.newIndex(of: origin.focus, count: before.count) ?? 0
        case .correct, .breaks:
            return origin.focus.clamped(to: 0...(after.count - 1))
        case .replace:
            // The focus stays on its page, or goes to the first of the pages in its place.
            return (edit.newIndex(of: origin.focus, count: before.count) ?? origin.focus).clamped(to: 0...(after.count - 1))
        }
    }

    private func phase(_ n: Int, at t: Double) -> Double {
        Tween(start: start + Double(n) * timing.phaseDuration, duration: timing.phaseDuration).progress(at: t)
    }

    public func frame(at t: Double) -> Frame {
        switch edit {
        case .remove(let placed):
            // The pages collapse, then the gaps close while the strips settle on the new focus.
            let collapse = phase(0, at: t), close = phase(1, at: t)
            let transition = CellTransition(visibility: 1 - collapse, presence: 1 - close)
            var transitions: [Int: CellTransition] = [:]
            for p in placed { transitions[p.index] = transition }
            let target = Double(max(0, focusAfter))
            return Frame(focusSlot: Double(origin.focus).lerp(to: target, close), previewSlot: nil,
                         slots: SlotMap(transitions), focusOverride: nil, turning: [:])
        case .insert(let placed):
            // A gap opens while the strips go to the first new page, then the new pages grow.
            let open = phase(0, at: t), grow = origin.growsWhileOpening ? open : phase(1, at: t)
            let transition = CellTransition(visibility: grow, presence: open)
            var transitions: [Int: CellTransition] = [:]
            for p in placed { transitions[p.index] = transition }
            let index = focusDuring
            // The cell at the old focus, in the document after: the new pages share its slot at first.
            let oldFocus = Int(saturating: origin.slot.rounded())
            let fromIndex = insertedIndex(of: oldFocus, placed: placed)
            let override = open < 1 ? FocusOverride(from: fromIndex, to: index, progress: open) : nil
            return Frame(focusSlot: origin.slot.lerp(to: Double(index), open), previewSlot: nil,
                         slots: SlotMap(transitions), focusOverride: override, turning: [:])
        case .move(let from, let to):
            let p = Tween(start: start, duration: timing.reorderDuration).progress(at: t)
            if from.count == 1, let moving = from.first, let target = to.first.map(Double.init) {
                // One page travels: from where it was carried (or its own slot) to its new one,
                // the others opening the gap in front of it; it keeps the expansion as it goes.
                let carried = origin.carried
                let slots = ReorderSlots(moving: moving, movingSlot: (carried?.movingSlot ?? Double(moving)).lerp(to: target, p),
                                         gap: (carried?.gap ?? Double(moving)).lerp(to: target, p),
                                         lift: (carried?.lift ?? 1).lerp(to: 1, p))
                return Frame(focusSlot: origin.slot.lerp(to: target, p), previewSlot: (origin.previewSlot ?? origin.slot).lerp(to: target, p),
                             slots: SlotMap(reorder: slots), focusOverride: FocusOverride(from: moving, to: moving, progress: 1), turning: [:])
            }
            // Several pages move together: every page whose place changes slides to it.
            var placedSlots: [Int: Double] = [:]
            for (oldIndex, newIndex) in travels { placedSlots[oldIndex] = Double(oldIndex).lerp(to: Double(newIndex), p) }
            let focusTarget = Double(travels[origin.focus] ?? origin.focus)
            return Frame(focusSlot: origin.slot.lerp(to: focusTarget, p), previewSlot: nil, slots: SlotMap(placed: placedSlots),
                         focusOverride: FocusOverride(from: origin.focus, to: origin.focus, progress: 1), turning: [:])
        case .correct(let changes):
            // Turned pages turn, taking their new shape as they go.
            let p = Tween(start: start, duration: timing.rotateDuration).progress(at: t)
            var turning: [Int: Turning] = [:]
            var fading: [Int: LookFade] = [:]
            for change in changes where before.indices.contains(change.index) && after.indices.contains(change.index) {
                let was = before[change.index], now = after[change.index]
                let degrees = Double(Self.shortestTurn(from: was.quarterTurns, to: now.quarterTurns) * 90)
                if degrees != 0 || was.aspectRatio != now.aspectRatio {
                    turning[change.index] = Turning(aspect: was.aspectRatio.lerp(to: now.aspectRatio, p),
                                                    degrees: Double(was.rotation) + degrees * p)
                }
                // Only tones changed (a new look): the new picture cross-fades over the old.
                let old = was.corrections.pixels
                if old.crossFades(to: now.corrections.pixels), p < 1 {
                    fading[change.index] = LookFade(from: old, progress: p)
                }
            }
            return Frame(focusSlot: Double(origin.focus), previewSlot: nil, slots: SlotMap(), focusOverride: nil, turning: turning,
                         fading: fading)
        case .replace:
            // The new pages are drawn in their places at once; the strips settle on the focus.
            let p = Tween(start: start, duration: timing.phaseDuration).progress(at: t)
            return Frame(focusSlot: origin.slot.lerp(to: Double(max(0, focusAfter)), p), previewSlot: nil, slots: SlotMap(),
                         focusOverride: nil, turning: [:])
        case .breaks(let changes):
            // Nothing moves: the dividers put or taken away fade in or out.
            let p = Tween(start: start, duration: timing.phaseDuration).progress(at: t)
            var frame = Frame(focusSlot: Double(origin.focus), previewSlot: nil, slots: SlotMap(), focusOverride: nil, turning: [:])
            if p < 1 { frame.breaking = Dictionary(changes.map { ($0.index, p) }, uniquingKeysWith: { a, _ in a }) }
            return frame
        }
    }

    /// Quarter turns from `a` to `b` the short way: R is +1, Shift+R -1.
    static func shortestTurn(from a: Int, to b: Int) -> Int {
        let d = ((b - a) % 4 + 4) % 4
        return d == 3 ? -1 : d
    }

    /// Where page `index` of the document before sits in the document after an insert.
    private func insertedIndex(of index: Int, placed: [PlacedPage]) -> Int {
        var j = index
        for p in placed where p.index <= j { j += 1 }
        return j
    }
}
