import StripsCore

/// The pages the user picked (Ctrl+click, Shift+click, Ctrl+A): indices into the document,
/// ascending. Delete, turns, Alt+arrows and saving the selection act on it when it is not empty.
public struct PageSelection: Hashable, Sendable {
    public private(set) var indices: [Int]

    public init(_ indices: some Sequence<Int> = []) { self.indices = Array(Set(indices)).sorted() }

    /// Indices already ascending and without repeats.
    private init(ascending: [Int]) { indices = ascending }

    public static let none = PageSelection()

    public var isEmpty: Bool { indices.isEmpty }
    public func contains(_ index: Int) -> Bool { binarySearch(index) != nil }

    /// Ctrl+click: in if it was out, out if it was in.
    public func toggling(_ index: Int) -> PageSelection {
        contains(index) ? PageSelection(indices.filter { $0 != index }) : PageSelection(indices + [index])
    }

    /// Shift+click: every page from `anchor` to `index`, both included.
    public static func range(from anchor: Int, to index: Int) -> PageSelection {
        PageSelection(ascending: Array(min(anchor, index)...max(anchor, index)))
    }

    /// Ctrl+A.
    public static func all(count: Int) -> PageSelection { PageSelection(ascending: Array(0..<max(0, count))) }

    /// The selection after `edit` on a document of `count` pages: each selected page where it
    /// went; pages taken out leave it.
    func following(_ edit: Edit, count: Int) -> PageSelection {
        switch edit {
        case .correct, .breaks: return self
        case .insert, .remove, .move, .replace: break
        }
        return PageSelection(edit.newIndices(of: indices, count: count).compactMap { $0 })
    }

    /// Only the indices below `count` (a document that got shorter).
    func within(count: Int) -> PageSelection { PageSelection(ascending: indices.filter { $0 < count }) }

    private func binarySearch(_ value: Int) -> Int? {
        var lo = 0, hi = indices.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if indices[mid] == value { return mid }
            if indices[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }
}
