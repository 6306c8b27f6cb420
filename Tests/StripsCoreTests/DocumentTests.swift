import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// The document as a value: every edit applied at once, undone by its inverse, the selection
/// following its pages and coming back with undo.
@Suite struct DocumentTests {
    let pages = SceneHarness.pages([0.7, 1.5, 0.3, 3.0, 1.0, 0.5])
    var ids: [String] { pages.map(\.id) }

    func ids(_ document: Document) -> [String] { document.pages.map(\.id) }

    @Test func everyEditIsUndoneByItsInverse() throws {
        let start = Document(pages: pages)
        let edits: [Edit] = [
            .remove([PlacedPage(index: 1, page: pages[1]), PlacedPage(index: 4, page: pages[4])]),
            .insert([PlacedPage(index: 0, page: Page(id: "new.png", path: "/x/new.png", pixelSize: Size(width: 10, height: 10))),
                     PlacedPage(index: 3, page: Page(id: "two.png", path: "/x/two.png", pixelSize: Size(width: 10, height: 10)))]),
            .move(from: [0, 2], to: [3, 5]),
            .correct([CorrectionChange(index: 2, before: .none, after: Corrections(quarterTurns: 1))]),
        ]
        for edit in edits {
            let after = start.apply(edit)
            #expect(after.pages != start.pages, "\(edit)")
            #expect(after.isDirty)
            let (undone, replay) = try #require(after.undo())
            #expect(replay == edit.inverse)
            #expect(undone.pages == start.pages, "\(edit)")
            #expect(!undone.isDirty)
            let (redone, again) = try #require(undone.redo())
            #expect(again == edit)
            #expect(redone.pages == after.pages)
        }
    }

    @Test func aMoveKeepsTheOthersInOrderAroundTheMovedPages() {
        let document = Document(pages: pages)
        // One page dragged from 1 to 4, as UICollectionView's moveItem does.
        #expect(ids(document.apply(.move(from: [1], to: [4]))) == ["p0.png", "p2.png", "p3.png", "p4.png", "p1.png", "p5.png"])
        // A block of two moved one place right: the page after it goes before it.
        #expect(ids(document.apply(.move(from: [2, 3], to: [3, 4]))) == ["p0.png", "p1.png", "p4.png", "p2.png", "p3.png", "p5.png"])
        // Scattered pages each one place right.
        #expect(ids(document.apply(.move(from: [0, 3], to: [1, 4]))) == ["p1.png", "p0.png", "p2.png", "p4.png", "p3.png", "p5.png"])
    }

    @Test func theSelectionFollowsItsPagesAndComesBackWithUndo() throws {
        var document = Document(pages: pages)
        document.selection = PageSelection([2, 3])
        let moved = document.apply(.move(from: [2, 3], to: [3, 4]))
        #expect(moved.selection.indices == [3, 4])
        let removed = document.apply(.remove([PlacedPage(index: 2, page: pages[2]), PlacedPage(index: 3, page: pages[3])]))
        #expect(removed.selection.isEmpty)
        let (undone, _) = try #require(removed.undo())
        #expect(undone.selection.indices == [2, 3])
        let inserted = document.apply(.insert([PlacedPage(index: 0, page: pages[5])]))
        #expect(inserted.selection.indices == [3, 4])
        let turned = document.apply(.correct([CorrectionChange(index: 2, before: .none, after: Corrections(quarterTurns: 3))]))
        #expect(turned.selection.indices == [2, 3])
        #expect(turned.pages[2].rotation == 270)
    }

    @Test func savingMarksTheRevisionAndANewEditForgetsRedo() throws {
        let edited = Document(pages: pages).apply(.move(from: [0], to: [1]))
        let saved = edited.saved(revision: edited.history.revision)
        #expect(!saved.isDirty)
        let (undone, _) = try #require(saved.undo())
        #expect(undone.isDirty)  // the saved file has the move; the document no longer does
        let other = undone.apply(.move(from: [2], to: [3]))
        #expect(other.redo() == nil)
    }

    @Test func theTargetIsTheSelectionElseThePageInFocus() {
        var document = Document(pages: pages)
        #expect(document.target(focus: 4) == [4])
        document.selection = PageSelection([5, 1])
        #expect(document.target(focus: 4) == [1, 5])
        #expect(Document(pages: []).target(focus: -1).isEmpty)
    }

    @Test func selectionOperations() {
        let s = PageSelection.none.toggling(3).toggling(1)
        #expect(s.indices == [1, 3])
        #expect(s.toggling(3).indices == [1])
        #expect(PageSelection.range(from: 5, to: 2).indices == [2, 3, 4, 5])
        #expect(PageSelection.all(count: 3).indices == [0, 1, 2])
        #expect(PageSelection.all(count: 0).isEmpty)
    }

    @Test func aTurnAnimatesTheShortWay() {
        #expect(EditTransition.shortestTurn(from: 0, to: 1) == 1)
        #expect(EditTransition.shortestTurn(from: 3, to: 0) == 1)
        #expect(EditTransition.shortestTurn(from: 0, to: 3) == -1)
        #expect(EditTransition.shortestTurn(from: 2, to: 1) == -1)
    }
}
