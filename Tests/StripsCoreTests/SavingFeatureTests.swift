import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// The saving room's reducer on its own: what holds a save back, the document's save waiting for
/// the judges (`judgeThenSave`), a selection written at once, and nothing to write.
@Suite struct SavingFeatureTests {
    let pages = SceneHarness.pages([0.7, 0.7])

    @Test func aSaveUnderWayOrAScanHoldsItBackAndTheQuitWaitingOnItIsForgotten() {
        var state = SavingFeature.State()
        _ = SavingFeature.reduce(into: &state, action: .quitWhenSaved(true), context: ())
        #expect(described(SavingFeature.reduce(into: &state, action: .save(.document, pages: pages, revision: 3, scan: .scanning), context: ()))
            == ["notice: Not saved: scanning (save when it is done, or press Esc to stop it)"])
        #expect(!state.quitAfterSave)
        #expect(described(SavingFeature.reduce(into: &state, action: .save(.selection, pages: pages, revision: 3, scan: .placing), context: ()))
            == ["notice: Not saved: the scanned pages are still being placed; save again in a moment"])
        _ = SavingFeature.reduce(into: &state, action: .started(pages: 2), context: ())
        #expect(described(SavingFeature.reduce(into: &state, action: .save(.selection, pages: pages, revision: 3, scan: nil), context: ()))
            == ["notice: Already saving…"])
    }

    @Test func theDocumentWaitsForTheJudgesASelectionIsWrittenAtOnceAndNoPagesIsNothingToSave() {
        var state = SavingFeature.State()
        #expect(described(SavingFeature.reduce(into: &state, action: .save(.document, pages: pages, revision: 4, scan: nil), context: ()))
            == ["judge then save [\"p0.png\", \"p1.png\"]"])
        #expect(state.progress == nil)
        #expect(described(SavingFeature.reduce(into: &state, action: .save(.selection, pages: [pages[1]], revision: 4, scan: nil), context: ()))
            == ["save selection [\"p1.png\"] r4"])
        #expect(state.progress == SaveProgress(done: 0, total: 1))
        var idle = SavingFeature.State()
        #expect(described(SavingFeature.reduce(into: &idle, action: .write(.document, pages: [], documents: [], revision: 4), context: ()))
            == ["notice: Nothing to save: the document has no pages"])
        #expect(idle.progress == nil)
    }
}
