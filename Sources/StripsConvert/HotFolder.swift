/// The hot folder's decisions, without the file system or the clock (time is a parameter): which
/// entries of the watched folders (files, or folders of a batch) are new, which have settled
/// (unchanged for `settle` seconds and open for writing by nobody) and so are ready, and which are
/// done (converted, or set aside after a failure) and never looked at again, across restarts too
/// (`done` is kept in the output folder and given back at the start).
///
/// An entry is known by its path, its size and its modification time: a file replaced by another
/// of the same name is new again; the same file seen again is not.
public struct HotFolder: Sendable {
    /// What a look at a folder found of one entry.
    public struct Entry: Hashable, Sendable {
        public var path: String
        public var isFolder: Bool
        /// Bytes (a folder: its files' together).
        public var size: Int64
        /// The newest modification time, nanoseconds since 1970 (a folder: its own and its files').
        public var modified: Int64
        /// Files in a folder (a file: 1): a file added without changing the total is still a change.
        public var files: Int
        /// A writer has the file (or a file of the folder) open; nil when that cannot be told
        /// (another user's file, a network file system), and then only settling counts.
        public var beingWritten: Bool?

        public init(path: String, isFolder: Bool, size: Int64, modified: Int64, files: Int = 1, beingWritten: Bool? = nil) {
            self.path = path
            self.isFolder = isFolder
            self.size = size
            self.modified = modified
            self.files = files
            self.beingWritten = beingWritten
        }

        /// What `done` remembers it by.
        public var key: Key { Key(path: path, size: size, modified: modified) }
    }

    public struct Key: Hashable, Sendable, Codable {
        public var path: String
        public var size: Int64
        public var modified: Int64

        public init(path: String, size: Int64, modified: Int64) {
            self.path = path
            self.size = size
            self.modified = modified
        }
    }

    /// Seconds an entry must stay the same, with no writer, before it is converted.
    public let settle: Double
    /// Entries converted or set aside.
    public private(set) var done: Set<Key>
    /// Entries seen but not ready yet: what they looked like, and since when.
    private var pending: [String: (entry: Entry, since: Double)] = [:]

    public init(settle: Double, done: Set<Key> = []) {
        self.settle = settle
        self.done = done
    }

    /// Takes a look's entries at `time`; returns those ready to convert now, in path order. An
    /// entry not seen in this look is forgotten (removed, or renamed away).
    public mutating func look(_ entries: [Entry], at time: Double) -> [Entry] {
        var seen = Set<String>()
        var ready: [Entry] = []
        for entry in entries where !done.contains(entry.key) {
            seen.insert(entry.path)
            var current = entry
            current.beingWritten = nil
            if let known = pending[entry.path], known.entry == current, entry.beingWritten != true {
                if time - known.since >= settle { ready.append(entry) }
            } else {
                // New, changed, or still open for writing: it settles from now.
                pending[entry.path] = (current, time)
            }
        }
        pending = pending.filter { seen.contains($0.key) }
        return ready.sorted { $0.path < $1.path }
    }

    /// When the next look could find an entry ready (the earliest pending entry's settling
    /// ends); nil when nothing is pending, so a watch can wait for the folder to change.
    public func nextLook() -> Double? {
        pending.values.map { $0.since + settle }.min()
    }

    /// Whether anything is waiting to settle.
    public var isWaiting: Bool { !pending.isEmpty }

    /// `entry` is done (converted or set aside): it is not offered again while it stays the same.
    public mutating func finished(_ entry: Entry) {
        done.insert(entry.key)
        pending[entry.path] = nil
    }
}
