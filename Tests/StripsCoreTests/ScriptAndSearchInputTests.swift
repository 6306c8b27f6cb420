import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// Input a hostile or unlucky user gives (issue 28): scripts saved with CRLF line ends, script
/// errors on megabyte tokens, search queries thousands of characters long.
@Suite struct ScriptAndSearchInputTests {
    @Test func crlfAndLoneCRLinesReadAsLF() throws {
        let lf = "window 800 600\nat 0 key Right\nat 100 screenshot a.png\nat 200 text hello world\nat 300 drop /tmp/x y\nat 400 dump\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let cr = lf.replacingOccurrences(of: "\n", with: "\r")
        let expected = try Script.parse(lf)
        #expect(expected.steps.count == 5)
        #expect(try Script.parse(crlf) == expected)
        #expect(try Script.parse(cr) == expected)
        // Errors name the line they are on.
        let error = #expect(throws: ScriptError.self) { try Script.parse("at 0 dump\r\nat 10 teleport 1 2\r\n") }
        #expect(error?.line == 2)
    }

    /// The keypad's documented keys are scriptable though their names hold a space (issue 38).
    @Test func keypadKeysAreScriptable() throws {
        let script = try Script.parse("at 0 key Keypad +\nat 10 key ctrl+Keypad -\nat 20 key Keypad 0\n")
        #expect(script.steps.map(\.command) == [.key(name: "Keypad +", ctrl: false, shift: false), .key(name: "Keypad -", ctrl: true, shift: false),
                                                 .key(name: "Keypad 0", ctrl: false, shift: false)])
        #expect(throws: ScriptError.self) { try Script.parse("at 0 key\n") }
    }

    @Test func errorsQuoteAtMostEightyCharacters() throws {
        let token = String(repeating: "x", count: 1_000_000)
        for script in ["at 0 \(token)\n", "\(token) 1 2\n", "at \(token) dump\n", "at 0 down 1 2 \(token)\n"] {
            let error = #expect(throws: ScriptError.self) { try Script.parse(script) }
            let text = error?.description ?? ""
            #expect(text.count < 200, "\(text.prefix(300))")
            #expect(text.contains("'" + String(repeating: "x", count: 80) + "…'"))
        }
        #expect(ScriptError.quoted("short") == "'short'")
        #expect(ScriptError.quoted("a\u{1}b") == "'a?b'")
    }

    /// Counts the characters measured.
    final class CountingMeasurer: TextMeasurer, @unchecked Sendable {
        var characters = 0
        let inner = ApproximateTextMeasurer()
        func size(of text: String, pointSize: Double, weight: TextRun.Weight) -> Size {
            characters += text.count
            return inner.size(of: text, pointSize: pointSize, weight: weight)
        }
    }

    @Test func theSearchFieldMeasuresWhatFitsNotTheWholeQuery() {
        let room = 300.0
        var measured: [Int: Int] = [:]
        for length in [10, 1_000, 10_000, 100_000] {
            let query = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            let measurer = CountingMeasurer()
            let (shown, size) = SearchField.fitted(query, room: room, pointSize: 15, measurer: measurer)
            measured[length] = measurer.characters
            #expect(size.width <= room)
            if length == 10 {
                #expect(shown == query)
            } else {
                // The longest end that fits, after an ellipsis.
                #expect(shown.hasPrefix("…") && query.hasSuffix(shown.dropFirst()))
                let one = ApproximateTextMeasurer().size(of: "…" + query.suffix(shown.count), pointSize: 15, weight: .regular)
                #expect(one.width > room)
            }
        }
        // 1,000 characters took 1.2 s a frame and 10,000 took 139 s: each cut re-measured the whole.
        #expect(measured[100_000] == measured[1_000])
        #expect((measured[1_000] ?? .max) < 2_000)
    }
}
