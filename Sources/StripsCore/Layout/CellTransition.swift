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
/// cells before it. Transitions are few (one delete or insert at a time), so this stays O(1).
public struct SlotMap: Hashable, Sendable {
    public var transitions: [Int: CellTransition]

    public init(_ transitions: [Int: CellTransition] = [:]) { self.transitions = transitions }

    public func transition(_ index: Int) -> CellTransition { transitions[index] ?? .none }

    /// Fractional slot of cell `index`.
    public func slot(of index: Int) -> Double {
        var s = Double(index)
        for (j, t) in transitions where j < index { s -= 1 - t.presence }
        return s
    }

    /// Cells whose slot can fall within `slots` (widened by the transitions' absences).
    public func indices(near slots: ClosedRange<Double>, count: Int) -> ClosedRange<Int>? {
        guard count > 0 else { return nil }
        let absent = transitions.values.reduce(0) { $0 + (1 - $1.presence) }
        let lo = Int(saturating: slots.lowerBound.rounded(.down)) - 1
        let hi = Int(saturating: (slots.upperBound + absent).rounded(.up)) + 1
        let a = max(0, lo), b = min(count - 1, hi)
        return a <= b ? a...b : nil
    }
}
