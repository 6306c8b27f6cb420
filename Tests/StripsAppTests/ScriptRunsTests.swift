import Testing
@testable import StripsSDL

/// Issue 41: a line is cut where its script changes, so each piece is drawn in a font that has
/// its letters; signs of no script stay with their neighbours unless Noto's Devanagari lacks them.
@Suite struct ScriptRunsTests {
    func pieces(_ text: String) -> [String] { ScriptRuns(text).runs.map { "\($0.script.code):\($0.text)" } }

    @Test func scriptsSplitAndNeutralSignsFollowTheirNeighbours() {
        #expect(pieces("Undo (Ctrl+Z)") == ["Latn:Undo (Ctrl+Z)"])
        #expect(pieces("Отменить (Ctrl+Z)") == ["Cyrl:Отменить (", "Latn:Ctrl+Z)"])
        #expect(pieces("पूर्ववत करें (Ctrl+Z)") == ["Deva:पूर्ववत करें (", "Latn:Ctrl+Z)"])
        // A middle dot, guillemets: not in Noto Sans Devanagari, so DejaVu draws them.
        #expect(pieces("Esc या F1 · ऊपर") == ["Latn:Esc ", "Deva:या ", "Latn:F1 · ", "Deva:ऊपर"])
        #expect(pieces("‹  स्वचालित  ›") == ["Latn:‹  ", "Deva:स्वचालित  ", "Latn:›"])
    }
}
