import Foundation

/// What a child process printed and how it ended.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// `environment` with this test process's own thumbnail cache and state folders in place of the
/// user's. A child `strips` then never reads what the user's sessions (or
/// another engineer's, on a shared machine) left: a scanning session killed elsewhere leaves its
/// pages in the recovery folder, and every later run says so on standard error.
public func ownFolders(_ environment: [String: String]) -> [String: String] {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strips-tests-xdg-\(getpid())").path
    return environment.merging(["XDG_CACHE_HOME": scratch + "/cache", "XDG_STATE_HOME": scratch + "/state"]) { $1 }
}

/// Runs `executable` with `arguments` (and extra environment) to the end, collecting its output.
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    // Never the user's thumbnail cache or remembered state, whatever a run does (a caller may
    // still name its own),
    // and English, whatever language the machine running the tests speaks (a caller asking for
    // one names it: LANGUAGE=ru).
    process.environment = ownFolders(ProcessInfo.processInfo.environment).merging(["LANGUAGE": "", "LC_ALL": "C.UTF-8"]) { $1 }
        .merging(environment) { $1 }
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
