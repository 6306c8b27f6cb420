import StripsCore

/// Pages read of the document's, while the host reads them.
public struct ReadingProgress: Hashable, Sendable {
    package init(known: Int, of: Int) {
        self.known = known
        self.of = of
    }

    public var known: Int
    public var of: Int
}
