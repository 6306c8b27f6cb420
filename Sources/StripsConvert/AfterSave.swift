import Foundation

/// `--after-save COMMAND`: a command run for each document written (to hand it to paperless-ngx's
/// consume folder, an upload tool, a mail script). COMMAND is the user's own shell text, run by
/// `/bin/sh`; the document's path is never pasted into it but given as the argument `$1`: a
/// command that names `$1` (or `$@`) places it itself (`curl -F "document=@$1" ...`), any other
/// gets it as its last argument (`cp -t /srv/paperless/consume`). Its standard output goes to
/// standard error, so `strips convert`'s own list of documents stays clean. It runs to its end
/// before the next document is saved; a failure is one line and the run goes on.
public struct AfterSave: Sendable {
    public let command: String

    public init(command: String) { self.command = command }

    /// The shell text run: the command, with `"$@"` after it unless it places the path itself.
    var script: String {
        let placesPath = ["$1", "${1", "$@", "${@", "$*"].contains { command.contains($0) }
        return placesPath ? command : command + " \"$@\""
    }

    /// Runs the command for `path`; nil when it ended with status 0, else the line saying how it failed.
    public func run(for path: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "strips-after-save", path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.standardError
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            return "strips: --after-save for \(path): cannot start /bin/sh (\(error.localizedDescription))"
        }
        process.waitUntilExit()
        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0): return nil
        case (.exit, let status): return "strips: --after-save for \(path): the command ended with status \(status)"
        case (_, let signal): return "strips: --after-save for \(path): the command was killed by signal \(signal)"
        }
    }
}
