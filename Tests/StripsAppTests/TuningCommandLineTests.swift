import Foundation
import Testing

/// `strips tuning` as a designer uses it: print the file, edit it, check it.
@Suite struct TuningCommandLineTests {
    let cli = CommandLineTests()

    @Test func printsEveryDesignNumberAsTOML() throws {
        let result = try cli.run(["tuning"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        for line in ["[scroll]", "normal_deceleration = 0.998", "[preview]", "parallax_spacing = 44.0",
                     "[thumbnails]", "strip_height = 66.0", "[editor]", "[pizza]", "critical_offset = 200.0", "scale_factor = 0.6",
                     "hold_duration = 0.4", "double_click_interval = 0.4", "[zoom]", "key_factor = 1.5", "[instruments]", "note_duration = 4.0"] {
            #expect(result.stdout.split(separator: "\n").contains(Substring(line)), "\(line)")
        }
        // The printed file checks clean.
        let file = try cli.temp("printed.toml", result.stdout)
        let check = try cli.run(["tuning", "--check", file])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")
    }

    @Test func checkNamesEachProblemInOneLine() throws {
        let file = try cli.temp("bad.toml", "[pizza]\ngap = -1\nsauce = 2\n")
        let result = try cli.run(["tuning", "--check", file])
        #expect(result.status == 1)
        #expect(result.stderr == """
            strips: \(file): pizza.gap = -1.0 is outside 0.0 ... 50.0; keeping 4.0
            strips: \(file): unknown key pizza.sauce

            """)
    }
}
