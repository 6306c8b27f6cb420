import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// The document room's reducer on its own, no scene: a command's edit applied to the document and
/// handed out as the animation from the pages before; navigation as a glide; O's finding passed
/// in; undo away from the focus brings its page into focus first; a drop back where it was
/// records nothing; other rooms' commands go out to them.
@Suite struct DocumentFeatureTests {
    static let pages = SceneHarness.pages([0.7, 1.5, 0.3, 3.0, 1.0])
    static func at(_ focus: Int, upright: (changes: [CorrectionChange], nothingToDo: String)? = nil) -> DocumentFeature.Context {
        DocumentFeature.Context(focus: focus, upright: upright)
    }

    @Test func deleteTakesTheFocusPageOrTheSelectionAndAnimatesFromThePagesBefore() {
        var document = Document(pages: Self.pages)
        let outputs = DocumentFeature.reduce(into: &document, action: .delete, context: Self.at(2))
        #expect(document.pages.map(\.id) == ["p0.png", "p1.png", "p3.png", "p4.png"])
        guard case .animate(.remove(let removed), let before, nil)? = outputs.first, outputs.count == 1 else {
            Issue.record("\(outputs)")
            return
        }
        #expect(removed.map(\.index) == [2] && before.map(\.id) == Self.pages.map(\.id))
        document.selection = PageSelection([0, 3])
        _ = DocumentFeature.reduce(into: &document, action: .delete, context: Self.at(1))
        #expect(document.pages.map(\.id) == ["p1.png", "p3.png"])
    }

    @Test func navigationGlidesAndChangesNothingAndNoPagesDoNothing() {
        var document = Document(pages: Self.pages)
        guard case .glide(to: 4)? = DocumentFeature.reduce(into: &document, action: .go(.last), context: Self.at(1)).first else {
            Issue.record("no glide")
            return
        }
        guard case .glide(to: 2)? = DocumentFeature.reduce(into: &document, action: .go(.step(1)), context: Self.at(1)).first else {
            Issue.record("no glide")
            return
        }
        #expect(document.history.undoStack.isEmpty)
        var empty = Document(pages: [])
        #expect(DocumentFeature.reduce(into: &empty, action: .delete, context: Self.at(-1)).isEmpty)
    }

    @Test func uprightTakesTheTextRoomsFindingOrSaysThereIsNothing() {
        var document = Document(pages: Self.pages)
        let outputs = DocumentFeature.reduce(into: &document, action: .upright, context: Self.at(0, upright: ([], "Nothing to turn")))
        guard case .notice("Nothing to turn")? = outputs.first else {
            Issue.record("\(outputs)")
            return
        }
        let change = CorrectionChange(index: 1, before: Self.pages[1].corrections, after: Self.pages[1].corrections.turned(2))
        _ = DocumentFeature.reduce(into: &document, action: .upright, context: Self.at(0, upright: ([change], "")))
        #expect(document.pages[1].corrections == Self.pages[1].corrections.turned(2))
    }

    @Test func undoAwayFromTheFocusGlidesToItsPageFirstThenUndoes() {
        var document = Document(pages: Self.pages)
        _ = DocumentFeature.reduce(into: &document, action: .rotate(1), context: Self.at(3))
        #expect(document.pages[3].corrections == Self.pages[3].corrections.turned(1))
        guard case .first(let commands)? = DocumentFeature.reduce(into: &document, action: .undo, context: Self.at(0)).first else {
            Issue.record("not brought into focus")
            return
        }
        #expect("\(commands)" == "\([EditorCommand.go(.page(3)), .undo])")
        // Undone only once the page is in focus.
        #expect(document.pages[3].corrections == Self.pages[3].corrections.turned(1))
        guard case .animate(.correct, _, nil)? = DocumentFeature.reduce(into: &document, action: .undo, context: Self.at(3)).first else {
            Issue.record("not undone")
            return
        }
        #expect(document.pages == Self.pages)
        _ = DocumentFeature.reduce(into: &document, action: .redo, context: Self.at(3))
        #expect(document.pages[3].corrections == Self.pages[3].corrections.turned(1))
    }

    @Test func aDropMovesThePageAndADropBackRecordsNothing() {
        var document = Document(pages: Self.pages)
        let slots = ReorderSlots(moving: 1, movingSlot: 3, gap: 3, lift: 1)
        let outputs = DocumentFeature.reduce(into: &document, action: .drop(from: 1, to: 3, carried: slots, previewSlot: 2), context: Self.at(2))
        #expect(document.pages.map(\.id) == ["p0.png", "p2.png", "p3.png", "p1.png", "p4.png"])
        guard case .animate(_, _, let drop?)? = outputs.first else {
            Issue.record("\(outputs)")
            return
        }
        #expect(drop.previewSlot == 2 && drop.carried == slots)
        let undoSteps = document.history.undoStack.count
        _ = DocumentFeature.reduce(into: &document, action: .drop(from: 2, to: 2, carried: slots, previewSlot: 2), context: Self.at(2))
        #expect(document.history.undoStack.count == undoSteps)
    }

    @Test func anotherRoomsCommandGoesOutToIt() {
        var document = Document(pages: Self.pages)
        guard case .interleave? = DocumentFeature.reduce(into: &document, action: .interleave, context: Self.at(0)).first,
              case .toggleBreak(2)? = DocumentFeature.reduce(into: &document, action: .toggleBreak(2), context: Self.at(0)).first else {
            Issue.record("not handed on")
            return
        }
        #expect(document.pages == Self.pages)
    }
}
