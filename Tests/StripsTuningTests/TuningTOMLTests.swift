import Foundation
import Testing
import StripsCore
import StripsTuning

@Suite struct TuningTOMLTests {
    @Test func thePrintedFileParsesBackToTheDefaults() {
        let text = Tuning.defaults.commentedTOML()
        let (parsed, problems) = Tuning.defaults.applying(toml: text)
        #expect(problems.isEmpty)
        #expect(parsed == Tuning.defaults)
        // Read into a value whose every field differs, so each key is proven to be read.
        var other = Tuning()
        for field in Tuning.fields { other[keyPath: field.keyPath] = field.range.lowerBound == field.defaultValue ? field.range.upperBound : field.range.lowerBound }
        #expect(other != Tuning.defaults)
        let (back, again) = other.applying(toml: text)
        #expect(again.isEmpty && back == Tuning.defaults)
    }

    @Test func aChangedValueRoundTripsExactly() {
        var tuning = Tuning()
        tuning.scroll.normalDeceleration = 0.9985
        tuning.pizza.scaleFactor = 0.1 + 0.2  // 0.30000000000000004: the printed form must keep every bit
        let (parsed, problems) = Tuning().applying(toml: tuning.commentedTOML())
        #expect(problems.isEmpty && parsed == tuning)
    }

    @Test func everyKeyIsPrintedWithItsCommentRangeAndDefault() {
        let text = Tuning.defaults.commentedTOML()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(Tuning.fields.count == 61)
        for field in Tuning.fields {
            let index = lines.firstIndex(of: "\(field.key) = \(field.defaultValue)")
            #expect(index != nil, "\(field.name)")
            guard let index else { continue }
            #expect(lines[index - 2] == "# \(field.comment)")
            #expect(lines[index - 1].hasSuffix("\(field.range.lowerBound) ... \(field.range.upperBound), default \(field.defaultValue))"))
        }
        #expect(text.contains("[scroll]\n# Velocity kept per millisecond"))
        #expect(text.contains("parallax_spacing = 44.0\n"))
        #expect(text.contains("strip_height = 66.0\n"))
    }

    @Test func aPartialFileChangesOnlyItsKeys() {
        let (tuning, problems) = Tuning.defaults.applying(toml: """
            # only what I changed
            [preview]
            parallax_spacing = 60
            [pizza]
            critical_offset = 250.5
            """)
        #expect(problems.isEmpty)
        var expected = Tuning()
        expected.preview.parallaxSpacing = 60
        expected.pizza.criticalOffset = 250.5
        #expect(tuning == expected)
        // Dotted keys at the top level are the same thing in TOML.
        #expect(Tuning().applying(toml: "thumbnails.strip_height = 80").0.thumbnails.stripHeight == 80)
    }

    @Test func eachProblemKeepsTheOldValueAndIsNamedInOneLine() {
        var start = Tuning()
        start.scroll.tapSlop = 9
        let (tuning, problems) = start.applying(toml: """
            colour = "red"
            [scroll]
            tap_slop = "six"
            wheel_step = 1000
            rubber_band = nan
            flick = 3
            spring_damping = 20
            [sound]
            volume = 3
            [editor]
            move_duration = [1, 2]
            phase_duration = true
            """)
        #expect(problems == [
            "scroll.rubber_band = nan is outside 0.01 ... 2.0; keeping 0.55",
            "scroll.tap_slop: expected a number, got a string; keeping 9.0",
            "scroll.wheel_step = 1000.0 is outside 1.0 ... 500.0; keeping 48.0",
            "unknown key scroll.flick",
            "editor.move_duration: expected a number, got an array; keeping 0.3",
            "editor.phase_duration: expected a number, got a boolean; keeping 0.15",
            "unknown key colour",
            "unknown section [sound]",
        ])
        var expected = start
        expected.scroll.springDamping = 20  // the one good line still applies
        #expect(tuning == expected)
        #expect(problems.allSatisfy { !$0.contains("\n") })
    }

    @Test func aSectionThatIsNotATableIsOneProblem() {
        let (tuning, problems) = Tuning().applying(toml: "scroll = 3\n")
        #expect(problems == ["scroll: expected a section of numbers, got an integer"])
        #expect(tuning == Tuning())
    }

    @Test func aSyntaxErrorRejectsTheWholeFileWithItsLine() {
        let (tuning, problems) = Tuning().applying(toml: """
            [scroll]
            tap_slop = 9
            wheel_step = = 3
            """)
        #expect(tuning == Tuning())
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("line 3: ") == true)
        #expect(problems.first?.hasSuffix("; nothing applied") == true)
        // A key given twice is a TOML error too, not a silent last-one-wins.
        let twice = Tuning().applying(toml: "[pizza]\ngap = 1\ngap = 2\n")
        #expect(twice.0 == Tuning() && twice.problems.first?.hasPrefix("line 3: ") == true)
    }

    @Test func filesThatCannotBeReadAreOneProblem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-tuning-\(getpid())-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(Tuning().applying(file: folder + "/missing.toml").problems == ["no such file"])
        #expect(Tuning().applying(file: folder).problems == ["is a folder, not a tuning file"])
        try Data([0xff, 0xfe, 0x00]).write(to: URL(fileURLWithPath: folder + "/binary.toml"))
        #expect(Tuning().applying(file: folder + "/binary.toml").problems == ["not UTF-8 text"])
        try "[pizza]\ngap = 6\n".write(toFile: folder + "/good.toml", atomically: true, encoding: .utf8)
        let (tuning, problems) = Tuning().applying(file: folder + "/good.toml")
        #expect(problems.isEmpty && tuning.pizza.gap == 6)
    }
}
