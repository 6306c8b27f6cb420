import StripsCore

/// Where a page stands in the split of a batch into documents, as the user set it (B, "break
/// here"); by default as the judges found it. Part of the page's value, so it travels with the
/// page when pages move, and changes only through `Edit.breaks`, undoably.
public enum DocumentBreak: Hashable, Sendable {
    /// As found: a separator sheet splits the batch, other pages do not.
    case asFound
    /// A document begins at this page (a break put by hand before it).
    case before
    /// This page is an ordinary page even if it holds a separator code (a break taken away by hand).
    case none
}

/// A page's break set anew, and what it had before (so the edit can be undone).
public struct BreakChange: Hashable, Sendable {
    public var index: Int
    public var before: DocumentBreak
    public var after: DocumentBreak

    public init(index: Int, before: DocumentBreak, after: DocumentBreak) {
        self.index = index
        self.before = before
        self.after = after
    }

    public var inverse: BreakChange { BreakChange(index: index, before: after, after: before) }
}
