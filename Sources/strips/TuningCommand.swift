import ArgumentParser
import StripsCore
import StripsSDL
import StripsTuning

/// `strips tuning`: the design's numbers as a commented TOML file, to edit and pass to --tuning.
struct TuningCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tuning",
        abstract: tr("Print every design number as a commented TOML file (edit it, load it with --tuning FILE)."),
        discussion: "With --check FILE, report each bad key or value of FILE on standard error instead, one line each."
    )

    @Option(name: .long, help: ArgumentHelp(tr("Check this tuning file: one line per problem on standard error, exit 1 if any.")))
    var check: String?

    func run() throws {
        guard let check else {
            print(Tuning.defaults.commentedTOML(), terminator: "")
            return
        }
        let (_, problems) = Tuning.defaults.applying(file: check)
        for problem in problems { FileHandleOutput.standardError("strips: \(check): \(problem)") }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
