import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// The borders' room, its reducer on its own state (the editor's session and the requests not
/// answered) with the pages and the editor's view handed in: no scene, no host.
@Suite struct BordersFeatureTests {
    let page = Page(id: "p.png", path: "/nonexistent/p.png", pixelSize: Size(width: 1000, height: 1400))
    let area = Rect(x: 0, y: 40, width: 800, height: 500)
    let suggested = Quad(corners: [Point(x: 100, y: 100), Point(x: 900, y: 120), Point(x: 880, y: 1300), Point(x: 90, y: 1280)])!

    func key(_ name: Key.Name, _ state: inout BordersFeature.State, at time: Double) -> [PhotosOutput] {
        let view = BorderView(session: state.session!, area: area, at: time)
        return BordersFeature.reduce(into: &state, action: .key(Key(name), view: view, pointer: area.center, pages: [page]), context: .init(time: time))
    }

    @Test func anUncorrectedPageAsksForASuggestionWhichGlidesInAndReturnAppliesItAtOnceThenAsksForItsLevelling() throws {
        var state = BordersFeature.State(session: nil, requests: BorderRequests())
        #expect(described(BordersFeature.reduce(into: &state, action: .open(index: 0, page: page, drawnAt: nil), context: .init(time: 1)))
            == ["\(Effect.findBorders(BorderRequest(purpose: .suggest, pages: [page])))"])
        #expect(state.requests.awaiting == 1 && state.session?.awaitingDetection == true)
        let answer = BorderAnswer(purpose: .suggest, pages: [BorderAnswer.Found(pageID: "p.png", corners: suggested, levelling: nil)])
        #expect(BordersFeature.reduce(into: &state, action: .found(answer, pages: [page]), context: .init(time: 1.1)).isEmpty)
        #expect(state.requests.awaiting == 0 && state.session?.corners == suggested)
        var corrected = page
        corrected.corrections.crop = suggested
        let outputs = key(.return, &state, at: 2)
        #expect(described(outputs) == ["correct 0 crop \(suggested)", "close onto \(suggested)",
                                       "\(Effect.findBorders(BorderRequest(purpose: .level, pages: [corrected])))"])
        #expect(state.requests.awaiting == 1)
    }

    @Test func escapeClosesOntoThePageAsItWasAndTheSessionGoesOnceClosed() throws {
        var state = BordersFeature.State(session: nil, requests: BorderRequests())
        _ = BordersFeature.reduce(into: &state, action: .open(index: 0, page: page, drawnAt: area), context: .init(time: 1))
        #expect(state.session?.openingFrom != nil)
        #expect(described(key(.escape, &state, at: 2)) == ["close onto \(Quad(whole: page.pixelSize))"])
        #expect(state.session?.closing == nil)
        _ = BordersFeature.reduce(into: &state, action: .close(corners: Quad(whole: page.pixelSize), to: nil, area: area), context: .init(time: 2))
        #expect(state.session?.closing != nil)
        // Keys go nowhere while it closes; once closed, a frame lets it go.
        #expect(key(.return, &state, at: 2.05).isEmpty)
        _ = BordersFeature.reduce(into: &state, action: .tick, context: .init(time: 2.05))
        #expect(state.session != nil)
        _ = BordersFeature.reduce(into: &state, action: .tick, context: .init(time: 10))
        #expect(state.session == nil)
    }

    @Test func shiftCAndAltCWaitForTheEditorToCloseAndAltCNeedsOtherPages() {
        var state = BordersFeature.State(session: BorderSession(index: 0, page: page, opened: 0), requests: BorderRequests())
        #expect(BordersFeature.reduce(into: &state, action: .applySuggested([page]), context: .init(time: 1)).isEmpty)
        state.session = nil
        #expect(described(BordersFeature.reduce(into: &state, action: .applySuggested([page]), context: .init(time: 1)))
            == ["\(Effect.findBorders(BorderRequest(purpose: .apply, pages: [page])))"])
        #expect(described(BordersFeature.reduce(into: &state, action: .copyToSelection(pages: [page], focus: 0, selected: []), context: .init(time: 1)))
            == ["notice: Select the pages to give this page's borders to"])
        var model = page
        model.corrections.crop = suggested
        let other = Page(id: "q.png", path: "/nonexistent/q.png", pixelSize: Size(width: 500, height: 700))
        let copied = BordersFeature.reduce(into: &state, action: .copyToSelection(pages: [model, other], focus: 0, selected: [0, 1]), context: .init(time: 1))
        guard case .enqueue(.correctPages(let changes))? = copied.first else {
            Issue.record("Alt+C gave \(described(copied))")
            return
        }
        #expect(changes.map(\.index) == [1] && changes.first?.after.crop == suggested.scaled(from: page.pixelSize, to: other.pixelSize))
    }

    @Test func answersSayWhatWasFoundAndALevellingAmendsTheLastEdit() {
        var state = BordersFeature.State(session: nil, requests: BorderRequests())
        let none = BorderAnswer(purpose: .apply, pages: [BorderAnswer.Found(pageID: "p.png", corners: nil, levelling: nil)])
        #expect(described(BordersFeature.reduce(into: &state, action: .found(none, pages: [page]), context: .init(time: 1))) == ["notice: No page found in the picture"])
        let level = BorderAnswer(purpose: .level, pages: [BorderAnswer.Found(pageID: "p.png", corners: nil, levelling: 1.23)])
        #expect(described(BordersFeature.reduce(into: &state, action: .found(level, pages: [page]), context: .init(time: 1))) == ["amend [0]"])
        let flat = BorderAnswer(purpose: .layFlat, pages: [BorderAnswer.Found(pageID: "p.png", corners: nil, levelling: nil)])
        #expect(described(BordersFeature.reduce(into: &state, action: .found(flat, pages: [page]), context: .init(time: 1)))
            == ["notice: No curve found: the page is left as it is"])
        #expect(state.requests.awaiting == 0)
    }
}
