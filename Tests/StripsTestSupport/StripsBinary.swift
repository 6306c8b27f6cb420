import Foundation

/// The `strips` executable `swift test` builds beside the test bundle.
public var stripsBinary: String {
    let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let dirs = [bundleDir, bundleDir.deletingLastPathComponent(),
                URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug")]
    return dirs.map { $0.appendingPathComponent("strips").path }.first { FileManager.default.isExecutableFile(atPath: $0) }
        ?? bundleDir.appendingPathComponent("strips").path
}
