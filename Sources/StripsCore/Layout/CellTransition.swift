/// How far a cell is through an insert or delete animation, shared by both Photos strips so
/// they collapse and open gaps in step.
///
/// Deleting runs `visibility` to 0 (the cell shrinks and fades in place), then `presence` to 0
/// (the gap it leaves closes); inserting runs the same values backwards.
public struct CellTransition: Hashable, Sendable {
    /// 1 drawn at full size and opacity, 0 shrunk to nothing and transparent.
    public var visibility: Double
    /// 1 takes its full slot in the strip, 0 takes none: the cells after it have closed the gap.
    public var presence: Double

    public init(visibility: Double = 1, presence: Double = 1) {
        self.visibility = visibility
        self.presence = presence
    }

    public static let none = CellTransition()
}

/// The strip's slot arithmetic with transitions: cell i sits at slot i minus the absence of the
/// cells before it, found by a binary search, so a selection of thousands of pages deleted at once
/// costs a frame no more than one.
public struct SlotMap: Hashable, Sendable {
    public private(set) var transitions: [Int: CellTransition]
    /// The cells in a transition in index order, and the absence of all those before each.
    private var ordered: [Int] = []
    private var absenceBefore: [Double] = []
    /// A page being moved (dragged, or moved by a key): it sits where it is carried, the others
    /// make room for it at the gap.
    public var reorder: ReorderSlots?
    /// Pages moved together (a selection moved by Alt+arrows), each at its own fractional slot
    /// as it travels from its old place to its new one.
    public var placed: [Int: Double]

    public init(_ transitions: [Int: CellTransition] = [:], reorder: ReorderSlots? = nil, placed: [Int: Double] = [:]) {
        self.transitions = transitions
        self.reorder = reorder
        self.placed = placed
        ordered = transitions.keys.sorted()
        var total = 0.0
        absenceBefore = ordered.map { index in
            defer { total += 1 - transitions[index, default: .none].presence }
            return total
        }
        absenceBefore.append(total)
    }

    /// The absence of the cells before `index` (gaps closing, or not yet open).
    private func absence(before index: Int) -> Double {
        var lo = 0, hi = ordered.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ordered[mid] < index { lo = mid + 1 } else { hi = mid }
        }
        return absenceBefore[lo]
    }

    // Asked for every cell of every frame: no hashing while nothing is moving (the usual case).
    public func transition(_ index: Int) -> CellTransition { transitions.isEmpty ? .none : transitions[index] ?? .none }

    /// The cells travelling over the others, drawn last (on top).
    public var moving: [Int] { (reorder.map { [$0.moving] } ?? []) + placed.keys.sorted() }

    /// Fractional slot of cell `index`.
    public func slot(of index: Int) -> Double {
        if !placed.isEmpty, let s = placed[index] { return s }
        let s = reorder.map { $0.slot(of: index) } ?? Double(index)
        return transitions.isEmpty ? s : s - absence(before: index)
    }

    /// Whether cell `a` comes before cell `b` along the strip: index order, except while pages
    /// are being moved.
    public func precedes(_ a: Int, _ b: Int) -> Bool {
        guard reorder != nil || !placed.isEmpty else { return a < b }
        return slot(of: a) < slot(of: b)
    }

    /// Cells whose slot can fall within `slots` (widened by the transitions' absences).
    public func indices(near slots: ClosedRange<Double>, count: Int) -> ClosedRange<Int>? {
        guard count > 0 else { return nil }
        let absent = absenceBefore.last ?? 0
        // A page being moved shifts the others by at most one slot; pages moved together travel
        // at most as far as the farthest of them.
        let travel = placed.map { abs($0.value - Double($0.key)) }.max() ?? 0
        let moved = (reorder == nil ? 0 : 1) + Int(saturating: travel.rounded(.up))
        let lo = Int(saturating: slots.lowerBound.rounded(.down)) - 1 - moved
        let hi = Int(saturating: (slots.upperBound + absent).rounded(.up)) + 1 + moved
        let a = max(0, lo), b = min(count - 1, hi)
        return a <= b ? a...b : nil
    }
}

/// Slots while one cell is carried elsewhere: UICollectionView's interactive movement. The cell
/// `moving` sits at `movingSlot` (following the pointer); the others close ranks without it and
/// open a gap at `gap`, a fractional slot that eases between whole ones so they slide aside.
public struct ReorderSlots: Hashable, Sendable {
    public var moving: Int
    public var movingSlot: Double
    public var gap: Double
    /// The moving cell's scale: lifted above the others while carried.
    public var lift: Double

    public init(moving: Int, movingSlot: Double, gap: Double, lift: Double) {
        self.moving = moving
        self.movingSlot = movingSlot
        self.gap = gap
        self.lift = lift
    }

    public func slot(of index: Int) -> Double {
        if index == moving { return movingSlot }
        let rank = Double(index < moving ? index : index - 1)
        return rank + (rank + 1 - gap).clamped(to: 0...1)
    }
}
