import ArgumentParser
import StripsCore
import StripsSDL
import StripsText

@main
struct Strips: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strips",
        abstract: tr("Photos-style page strips and a half-pizza selector, on SDL2."),
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
        UserLanguage.start()
        do {
            var command = try parseAsRoot()
            try command.run()
            // A quit leaves a text worker that is loading a language's models (it cannot be
            // stopped, and waiting for it kept the window's quit waiting for seconds): the
            // program ends at once rather than let `exit` tear down what that load is using.
            UncancellableSteps.exitIfAny()
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
    @Option(name: .long, help: ArgumentHelp(tr("Run headless from this script instead of opening a window.")))
    var script: String?

    @Option(name: .long, help: ArgumentHelp(tr("Write the trace here instead of standard output.")))
    var trace: String?

    @Flag(name: .long, help: ArgumentHelp(tr("Write a trace line for every frame, not only at 'dump'.")))
    var traceEveryFrame = false

    @Option(name: .long, help: ArgumentHelp(tr("Device pixels per point (1, 1.5, 2, ...): text, icons and pictures drawn that sharp. Default: the desktop's scale in the window (Wayland's, GDK_SCALE, Xft.dpi), 1 headless. The layout and the trace stay in points; a screenshot has the device pixels.")))
    var scale: Double?

    func validate() throws {
        if let scale, !(scale >= 0.5 && scale <= 4) { throw ValidationError("--scale must be between 0.5 and 4") }
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
