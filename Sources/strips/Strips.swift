import ArgumentParser
import StripsCore
import StripsSDL

@main
struct Strips: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strips",
        abstract: "Photos-style page strips and a half-pizza selector, on SDL2.",
        discussion: ManualText.strips,
        version: AppVersion.string,
        subcommands: [PhotosCommand.self, BenchCommand.self, PizzaCommand.self, TuningCommand.self, ThumbnailCommand.self, TextCommand.self,
                      ConvertCommand.self],
        defaultSubcommand: PhotosCommand.self
    )
}

extension Strips {
    /// ArgumentParser's own failure output is several lines (message, usage, hint); the headless
    /// contract promises one line on standard error, so bad options are reported here.
    static func main() {
        OpenMPLimit.applyIfNeeded()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            exit(withError: code)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }  // --help, --version
            let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            FileHandleOutput.standardError("strips: \(message) (see strips --help)")
            exit(withError: ExitCode(exitCode(for: error).rawValue == 0 ? 1 : exitCode(for: error).rawValue))
        }
    }
}

/// Options every scene shares: the headless script and where its trace goes.
struct HeadlessOptions: ParsableArguments {
    @Option(name: .long, help: "Run headless from this script instead of opening a window.")
    var script: String?

    @Option(name: .long, help: "Write the trace here instead of standard output.")
    var trace: String?

    @Flag(name: .long, help: "Write a trace line for every frame, not only at 'dump'.")
    var traceEveryFrame = false

    func validate() throws {
        if script == nil && (trace != nil || traceEveryFrame) {
            throw ValidationError("--trace and --trace-every-frame need --script")
        }
    }
}

/// Prints one line on standard error and exits non-zero: the contract for bad input.
func fail(_ message: String) -> ExitCode {
    FileHandleOutput.standardError("strips: \(message)")
    return ExitCode(1)
}
