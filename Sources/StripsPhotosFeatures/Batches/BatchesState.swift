import StripsCore

/// Blank pages and separator sheets as the host judged them, what waits for them, and the split
/// of the pages shown into documents, made again when they or the separators change.
public struct BatchesState: Sendable {
    package init() {}

    public var judging = Judging()
    package var split = SplitCache()
}

package struct SplitCache: Hashable, Sendable {
    package init(key: Key = Key(generation: -1, separators: -1, showingBefore: nil), split: DocumentSplit = .empty, names: [String] = []) {
        self.key = key
        self.split = split
        self.names = names
    }

    package struct Key: Hashable, Sendable {
        package init(generation: Int, separators: Int, showingBefore: Double?) {
            self.generation = generation
            self.separators = separators
            self.showingBefore = showingBefore
        }

        package var generation: Int
        package var separators: Int
        /// An edit's animation showing the pages before it (from when it began).
        package var showingBefore: Double?
    }

    package var key = Key(generation: -1, separators: -1, showingBefore: nil)
    package var split = DocumentSplit.empty
    package var names: [String] = []
}
