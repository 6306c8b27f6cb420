import Foundation

/// What a hot folder has done, kept across restarts in the output folder
/// (`.strips-convert/watched.jsonl`): one line per entry converted or set aside, appended (one
/// `write` each, then flushed to the disk) as each is finished. A line cut short by a power cut is
/// ignored, and its entry is converted again, which `--resume`'s records make harmless: its
/// documents already written are found whole and kept.
public final class WatchState {
    public let path: String
    private let descriptor: Int32

    public struct Line: Codable, Sendable {
        public var entry: String
        public var size: Int64
        public var modified: Int64
        /// "converted" or "set aside".
        public var outcome: String
    }

    /// Opens (or makes) the state in `outputFolder`; nil and why when it cannot be.
    public static func open(outputFolder: String) -> Result<WatchState, ReportError> {
        let folder = outputFolder + "/" + DocumentRecord.folderName
        if mkdir(folder, 0o777) != 0, errno != EEXIST {
            return .failure(ReportError("\(folder): cannot be made (\(String(cString: strerror(errno))))"))
        }
        let path = folder + "/watched.jsonl"
        let fd = Glibc.open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return .failure(ReportError("\(path): cannot be opened (\(String(cString: strerror(errno))))")) }
        return .success(WatchState(path: path, descriptor: fd))
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The entries done so far.
    public func done() -> Set<HotFolder.Key> {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        var keys = Set<HotFolder.Key>()
        let decoder = JSONDecoder()
        // Only whole lines: the last, without its newline, may have been cut short.
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lines.removeLast()
        for line in lines {
            guard let read = try? decoder.decode(Line.self, from: Data(line)) else { continue }
            keys.insert(HotFolder.Key(path: read.entry, size: read.size, modified: read.modified))
        }
        return keys
    }

    /// Records `entry` as done; false when the line could not be written.
    @discardableResult
    public func record(_ entry: HotFolder.Entry, outcome: String) -> Bool {
        let line = Line(entry: entry.path, size: entry.size, modified: entry.modified, outcome: outcome)
        guard var data = try? JSONEncoder().encode(line) else { return false }
        data.append(UInt8(ascii: "\n"))
        let ok = ReportLog.appendWhole(data, to: descriptor)
        return ok && fsync(descriptor) == 0
    }
}
