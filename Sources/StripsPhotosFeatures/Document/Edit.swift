import StripsCore

/// One change to the document. Every edit has an inverse, so undo and redo replay edits: the
/// history holds recipes, never pixels. Indices are the document's before the edit, except an
/// insert's, which are where the pages land.
public enum Edit: Hashable, Sendable {
    /// Pages inserted at the given indices of the document after (dropped or scanned files, an undone delete).
    case insert([PlacedPage])
    /// Pages taken out from the given indices (Delete, on the selection or the page in focus).
    case remove([PlacedPage])
    /// The page at each index of `from` ends up at the index in the same place of `to` (the same
    /// count, no index twice) in the document after; the others keep their order around them.
    /// One page dragged elsewhere, a selection moved one place by Alt+arrows (both ascending), or
    /// pages put in another order among their places (Ctrl+I's interleave).
    case move(from: [Int], to: [Int])
    /// New corrections on some pages (a quarter turn now; a crop, a straighten angle or a look
    /// next), each with what it had before.
    case correct([CorrectionChange])
    /// Document breaks put or taken away by hand (B), each with what its page had before.
    case breaks([BreakChange])
    /// Pages replaced by others in their place (Shift+C on an open book photographed whole: its
    /// page becomes the book's two pages), ascending, each with the pages it had before.
    case replace([PageReplacement])

    public var inverse: Edit {
        switch self {
        case .insert(let placed): return .remove(placed)
        case .remove(let placed): return .insert(placed)
        case .move(let from, let to): return .move(from: to, to: from)
        case .correct(let changes): return .correct(changes.map(\.inverse))
        case .breaks(let changes): return .breaks(changes.map(\.inverse))
        case .replace(let replacements):
            // Each undone in the document after, where the ones before it have moved it.
            var shift = 0
            return .replace(replacements.map { r in
                defer { shift += r.after.count - r.before.count }
                return PageReplacement(index: r.index + shift, before: r.after, after: r.before)
            })
        }
    }

    /// The pages the edit acts on, in the document it applies to (an insert: where they land).
    /// Undo and redo bring the first of them into focus before the edit runs.
    public var indices: [Int] {
        switch self {
        case .insert(let placed), .remove(let placed): return placed.map(\.index)
        case .move(let from, _): return from
        case .correct(let changes): return changes.map(\.index)
        case .breaks(let changes): return changes.map(\.index)
        case .replace(let replacements): return replacements.map(\.index)
        }
    }

    /// Nothing changes: a page dropped back where it was.
    public var isEmpty: Bool {
        switch self {
        case .insert(let placed), .remove(let placed): return placed.isEmpty
        case .move(let from, let to): return from == to
        case .correct(let changes): return changes.allSatisfy { $0.before == $0.after }
        case .breaks(let changes): return changes.allSatisfy { $0.before == $0.after }
        case .replace(let replacements): return replacements.allSatisfy { $0.before == $0.after }
        }
    }

    /// `pages` with the edit applied: one pass over the document, however many pages it touches.
    func applied(to pages: [Page]) -> [Page] {
        switch self {
        case .insert(let placed):
            var result: [Page] = []
            result.reserveCapacity(pages.count + placed.count)
            var next = placed.makeIterator(), pending = next.next(), source = pages.makeIterator()
            while true {
                if let p = pending, p.index <= result.count {
                    result.append(p.page)
                    pending = next.next()
                } else if let page = source.next() {
                    result.append(page)
                } else {
                    // Indices past the end land at the end, in order.
                    while let p = pending { result.append(p.page); pending = next.next() }
                    return result
                }
            }
        case .remove(let placed):
            let removed = Set(placed.map(\.index))
            return pages.indices.filter { !removed.contains($0) }.map { pages[$0] }
        case .move:
            return permutation(count: pages.count).map { pages[$0] }
        case .correct(let changes):
            var result = pages
            for change in changes where result.indices.contains(change.index) { result[change.index].corrections = change.after }
            return result
        case .breaks(let changes):
            var result = pages
            for change in changes where result.indices.contains(change.index) { result[change.index].documentBreak = change.after }
            return result
        case .replace(let replacements):
            var result: [Page] = []
            result.reserveCapacity(pages.count + replacements.reduce(0) { $0 + $1.after.count - $1.before.count })
            var next = 0
            for r in replacements where r.index >= next && r.index + r.before.count <= pages.count {
                result += pages[next..<r.index]
                result += r.after
                next = r.index + r.before.count
            }
            result += pages[min(next, pages.count)...]
            return result
        }
    }

    /// For a move of a document of `count` pages: for each index after, the index it had before.
    func permutation(count: Int) -> [Int] {
        guard case .move(let from, let to) = self, from.count == to.count else { return Array(0..<count) }
        var result = Array(repeating: -1, count: count)
        for (f, t) in zip(from, to) where (0..<count).contains(f) && (0..<count).contains(t) { result[t] = f }
        let moved = Set(from)
        var others = (0..<count).filter { !moved.contains($0) }.makeIterator()
        for i in result.indices where result[i] < 0 { result[i] = others.next() ?? i }
        return result
    }

    /// Where the page at `index` before the edit is after it; nil for a page it takes out.
    func newIndex(of index: Int, count: Int) -> Int? { newIndices(of: [index], count: count)[0] }

    /// `newIndex` of each of `indices` (ascending) in one pass, whatever their number.
    package func newIndices(of indices: [Int], count: Int) -> [Int?] {
        switch self {
        case .insert(let placed):
            // Walk both lists: an index moves up by the pages placed at or before where it lands.
            var shift = 0, k = 0
            return indices.map { index in
                while k < placed.count, placed[k].index <= index + shift { shift += 1; k += 1 }
                return index + shift
            }
        case .remove(let placed):
            var before = 0, k = 0
            return indices.map { index in
                while k < placed.count, placed[k].index < index { before += 1; k += 1 }
                if k < placed.count, placed[k].index == index { return nil }
                return index - before
            }
        case .move:
            var after = Array(repeating: -1, count: count)
            for (newIndex, oldIndex) in permutation(count: count).enumerated() { after[oldIndex] = newIndex }
            return indices.map { after.indices.contains($0) ? after[$0] : nil }
        case .correct, .breaks:
            return indices
        case .replace(let replacements):
            // A page replaced goes to the first of the pages in its place.
            return indices.map { index in
                var shift = 0
                for r in replacements {
                    if index < r.index { break }
                    if index < r.index + r.before.count { return r.after.isEmpty ? nil : r.index + shift + min(index - r.index, r.after.count - 1) }
                    shift += r.after.count - r.before.count
                }
                return index + shift
            }
        }
    }
}

/// The pages at `index` (in the document before) that `before` lists, and the pages in their place.
public struct PageReplacement: Hashable, Sendable {
    public var index: Int
    public var before: [Page]
    public var after: [Page]

    public init(index: Int, before: [Page], after: [Page]) {
        self.index = index
        self.before = before
        self.after = after
    }
}

/// A page and where it is (or goes) in the document.
public struct PlacedPage: Hashable, Sendable {
    public var index: Int
    public var page: Page

    public init(index: Int, page: Page) {
        self.index = index
        self.page = page
    }
}

/// New corrections for the page at `index`, and what it had before (so the edit can be undone).
public struct CorrectionChange: Hashable, Sendable {
    public var index: Int
    public var before: Corrections
    public var after: Corrections

    public init(index: Int, before: Corrections, after: Corrections) {
        self.index = index
        self.before = before
        self.after = after
    }

    public var inverse: CorrectionChange { CorrectionChange(index: index, before: after, after: before) }
}
