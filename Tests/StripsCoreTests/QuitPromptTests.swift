import Testing
@testable import StripsCore
@testable import StripsPhotos

/// The quit prompt holds its words: a translation longer than the English, or a long document
/// name, widens the card and its buttons within the window, and the question wraps beyond that.
struct QuitPromptTests {
    static let measurer = ApproximateTextMeasurer()

    static func fits(_ prompt: QuitPrompt, _ window: Size) {
        #expect(prompt.card.minX >= 0 && prompt.card.maxX <= window.width, "\(prompt.card)")
        for line in prompt.question {
            #expect(line.frame.minX >= prompt.card.minX && line.frame.maxX <= prompt.card.maxX, "\(line.text) at \(line.frame)")
        }
        for button in prompt.buttons {
            let width = measurer.size(of: button.label, pointSize: QuitPrompt.labelSize, weight: .regular).width
            #expect(width < button.frame.width, "\(button.label): \(width) in \(button.frame.width)")
            #expect(button.frame.minX >= prompt.card.minX && button.frame.maxX <= prompt.card.maxX)
        }
    }

    @Test func shortWordsKeepTheCardsSize() {
        // Labels narrower than a third of the 620 pt card leave it as it was.
        struct Narrow: TextMeasurer {
            func size(of text: String, pointSize: Double, weight: TextRun.Weight) -> Size { Size(width: Double(text.count) * 6, height: 17) }
        }
        let narrow = QuitPrompt(window: Size(width: 1024, height: 768), documentName: "Sample document", measurer: Narrow())
        #expect(narrow.card.width == 620 && narrow.card.height == 150 && narrow.question.count == 1)
        let prompt = QuitPrompt(window: Size(width: 1024, height: 768), documentName: "Sample document", measurer: Self.measurer)
        #expect(prompt.question.count == 1)
        Self.fits(prompt, Size(width: 1024, height: 768))
    }

    @Test func aLongNameWrapsAndTheCardStaysInTheWindow() {
        let window = Size(width: 1024, height: 768)
        let name = "Minutes of the annual general meeting of the residents' association, spring 2026, with appendices"
        let prompt = QuitPrompt(window: window, documentName: name, measurer: Self.measurer)
        #expect(prompt.question.count >= 2)
        #expect(prompt.card.width == 1000)
        #expect(prompt.question.map(\.text).joined(separator: " ") == "Save the changes to \(name) before quitting?")
        // The lines stack inside the card, above its buttons.
        #expect((prompt.question.last?.frame.maxY ?? 0) < (prompt.buttons.first?.frame.minY ?? 0))
        Self.fits(prompt, window)
    }
}
