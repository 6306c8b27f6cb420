import Foundation

/// What a child process printed and how it ended.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs `executable` with `arguments` (and extra environment) to the end, collecting its output.
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    // Never the user's thumbnail cache or remembered state, whatever a run does (a caller may
    // still name its own).
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strips-tests-xdg-\(getpid())").path
    let own = ["XDG_CACHE_HOME": scratch + "/cache", "XDG_STATE_HOME": scratch + "/state"]
    process.environment = ProcessInfo.processInfo.environment.merging(own) { $1 }.merging(environment) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessOutput(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                         stderr: String(decoding: stderr, as: UTF8.self))
}
