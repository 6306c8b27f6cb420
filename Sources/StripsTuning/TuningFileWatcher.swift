import Foundation
import StripsCore

/// Watches a tuning file for the live window: when its modification time or size changes, it is
/// read again and applied to the tuning in force, so a bad key keeps its old value.
public final class TuningFileWatcher {
    public let path: String
    public private(set) var tuning: Tuning
    private var stamp: Stamp?

    private struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
    }

    /// Starts from `tuning` (the file as applied at start); the file as it is now counts as seen.
    public init(path: String, tuning: Tuning) {
        self.path = path
        self.tuning = tuning
        stamp = Self.stamp(of: path)
    }

    /// The new tuning and its problems ("FILE: problem") when the file changed since last time.
    public func poll() -> (tuning: Tuning, problems: [String])? {
        let now = Self.stamp(of: path)
        guard now != stamp else { return nil }
        stamp = now
        let (next, problems) = tuning.applying(file: path)
        tuning = next
        return (next, problems.map { "\(path): \($0)" })
    }

    private static func stamp(of path: String) -> Stamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return Stamp(modified: attributes[.modificationDate] as? Date, size: attributes[.size] as? Int)
    }

    /// Problems `Tuning.applying(file:)` gives for a file it could not read at all.
    public static func isUnreadable(_ problem: String) -> Bool {
        ["no such file", "is a folder, not a tuning file", "permission denied", "cannot be read", "not UTF-8 text"].contains(problem)
            || problem.hasSuffix("is too large for a tuning file")
    }
}
