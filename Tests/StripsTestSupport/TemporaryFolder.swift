import Foundation

/// A fresh empty folder for one test's files, named for the test, removed when it goes away.
public final class TemporaryFolder {
    public let path: String

    public init(_ name: String = #function) throws {
        let clean = name.filter { $0.isLetter || $0.isNumber }
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("strips-\(clean)-\(getpid())-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Where a file called `name` in it goes.
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Its files' names, sorted.
    public var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? [] }
}
