import StripsCore

/// A two-sided document scanned on a one-sided feeder: the fronts in order, then the stack
/// turned over and the backs in reverse (f1 f2 f3 b3 b2 b1). Interleaving puts them in reading
/// order (f1 b1 f2 b2 f3 b3). With an odd count the last front has no back.
public enum Interleave {
    /// For each place in reading order, the place in the scanned order its page comes from.
    public static func order(count: Int) -> [Int] {
        guard count > 0 else { return [] }
        let fronts = (count + 1) / 2, backs = count / 2
        var order: [Int] = []
        order.reserveCapacity(count)
        for i in 0..<fronts {
            order.append(i)
            if i < backs { order.append(count - 1 - i) }
        }
        return order
    }

    /// The move edit that interleaves the pages at `places` (ascending) of a document; each page
    /// keeps to the places the group had. Nil when nothing would change (fewer than three pages).
    public static func edit(places: [Int]) -> Edit? {
        let order = order(count: places.count)
        // The page at places[order[j]] goes to places[j]; listed by where each page was.
        let pairs = order.enumerated().map { (from: places[$0.element], to: places[$0.offset]) }.sorted { $0.from < $1.from }
        let edit = Edit.move(from: pairs.map(\.from), to: pairs.map(\.to))
        return edit.isEmpty ? nil : edit
    }
}
