import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// The search room's reducer on its own, with the context a scene would give it: five pages, page 1
/// read ("Rue de l'École"), page 3 read ("ECOLE normale" / "Straße"), the others not read yet.
@Suite struct SearchFeatureTests {
    static let pages = SceneHarness.fivePages
    static let centre = Point(x: 400, y: 279)

    static var texts: PageTexts {
        var texts = PageTexts()
        for (index, words) in TextAndSearchTests.words { texts.set(words, for: pages[index].textKey) }
        return texts
    }

    func context(focus: Int = 0, texts: PageTexts = Self.texts, document: [Int] = [0, 5], free: Bool = true,
                 beneath: SearchFeature.Beneath = .resting) -> SearchFeature.Context {
        SearchFeature.Context(pages: Self.pages, texts: texts, focus: focus, document: document, free: free, beneath: beneath, previewCentre: Self.centre)
    }

    func search(_ state: SearchFeature.State) -> Search? {
        if case .open(let search) = state { return search }
        return nil
    }

    /// An open search with `query` typed, its first hit to be brought into view.
    func typed(_ query: String, focus: Int = 0) throws -> SearchFeature.State {
        var state = SearchFeature.State.closed
        #expect(SearchFeature.reduce(into: &state, action: .open, context: context(focus: focus)).isEmpty)
        _ = SearchFeature.reduce(into: &state, action: .typed(query), context: context(focus: focus))
        return state
    }

    /// The pages each output asks the host to read for the search (nil: not such a request).
    func searchReads(_ outputs: [PhotosOutput]) -> [[Int]?] {
        outputs.map { output in
            guard case .effect(let effect) = output, let request = effect.as(TextRequest.self), request.purpose == .search else { return nil }
            return request.pages.map { page in Self.pages.firstIndex { $0.id == page.id } ?? -1 }
        }
    }

    @Test func theFirstQueryAsksForThePagesNotReadAndFindsTheHitsInTheOnesRead() throws {
        var state = SearchFeature.State.closed
        _ = SearchFeature.reduce(into: &state, action: .open, context: context())
        #expect(search(state)?.query == "" && search(state)?.unread == 3)

        let outputs = SearchFeature.reduce(into: &state, action: .typed("ecole"), context: context())
        // Pages 0, 2 and 4 have no text yet: asked for once, the field counting them.
        #expect(searchReads(outputs) == [[0, 2, 4]])
        let open = try #require(search(state))
        #expect(open.hits.map(\.page) == [1, 3] && open.current == 0 && open.countText == "1 of 2 (3 to read)")
        #expect(SearchFeature.reduce(into: &state, action: .typed(" n"), context: context()).isEmpty)
        #expect(search(state)?.hits.map(\.page) == [3])

        // Opened again while it is open: the search stays as it is.
        _ = SearchFeature.reduce(into: &state, action: .open, context: context())
        #expect(search(state)?.query == "ecole n")
    }

    @Test func escapeClosesTheFieldAndTellsTheHostTheSearchNoLongerWaits() throws {
        var state = try typed("ecole")
        // Keys with Ctrl are the editor's: handed down, the search unchanged.
        let passed = SearchFeature.reduce(into: &state, action: .key(Key(.s, ctrl: true)), context: context())
        #expect(passed.count == 1 && { if case .passDown = passed[0] { true } else { false } }())
        #expect(search(state)?.query == "ecole")
        // A letter as a key types nothing (it comes as text): nothing at all.
        #expect(SearchFeature.reduce(into: &state, action: .key(Key(.q)), context: context()).isEmpty)

        let outputs = SearchFeature.reduce(into: &state, action: .key(Key(.escape)), context: context())
        #expect(search(state) == nil)
        #expect(searchReads(outputs) == [[]])
    }

    @Test func aHitOnAnotherPageIsGlidedToThenShownReadable() throws {
        var state = try typed("strasse")
        let hit = try #require(search(state)?.currentHit)
        #expect(hit.page == 3)

        // Not while a command waits or the pointer is down.
        #expect(SearchFeature.reduce(into: &state, action: .tick, context: context(free: false)).isEmpty)
        var outputs = SearchFeature.reduce(into: &state, action: .tick, context: context())
        #expect(outputs.count == 1 && { if case .go(3) = outputs[0] { true } else { false } }())
        #expect(search(state)?.presenting == true)
        // A glide under way: the hit waits.
        #expect(SearchFeature.reduce(into: &state, action: .tick, context: context(beneath: .busy)).isEmpty)

        outputs = SearchFeature.reduce(into: &state, action: .tick, context: context(focus: 3))
        guard outputs.count == 1, case .zoom(.show(let lines)) = outputs[0] else {
            Issue.record("expected the zoom room's close-up, got \(outputs)")
            return
        }
        #expect(lines == hit.boxes)
        #expect(search(state)?.presenting == false)
        #expect(SearchFeature.reduce(into: &state, action: .tick, context: context(focus: 3)).isEmpty)
    }

    @Test func aZoomOnAnotherPageGoesBackToFitFirst() throws {
        var state = try typed("strasse")
        var outputs = SearchFeature.reduce(into: &state, action: .tick, context: context(beneath: .zoomed(page: 0, zoomedIn: true)))
        guard outputs.count == 1, case .zoom(.key(.zoomToFit, let anchor)) = outputs[0] else {
            Issue.record("expected the zoom back to fit, got \(outputs)")
            return
        }
        #expect(anchor == Self.centre)
        // Going back to fit already: nothing more until it is there.
        outputs = SearchFeature.reduce(into: &state, action: .tick, context: context(beneath: .zoomed(page: 0, zoomedIn: false)))
        #expect(outputs.isEmpty && search(state)?.presenting == true)
    }

    @Test func textArrivingJoinsTheHitsAndAChangedDocumentIsSearchedAgain() throws {
        var state = try typed("ecole", focus: 2)
        #expect(search(state)?.hits.map(\.page) == [1, 3] && search(state)?.currentHit?.page == 3)
        var texts = Self.texts
        let words = PageWords(words: [PageWords.Word(text: "école", box: Rect(x: 0.1, y: 0.1, width: 0.2, height: 0.05), line: 0)], text: "école")
        texts.set(words, for: Self.pages[2].textKey)
        var open = try #require(search(state))
        open.seen = [0, 5]
        state = .open(open)
        _ = SearchFeature.reduce(into: &state, action: .arrived([Self.pages[2].textKey]), context: context(focus: 2, texts: texts))
        open = try #require(search(state))
        // The page joins in order; the hit shown stays the one on page 3.
        #expect(open.hits.map(\.page) == [1, 2, 3] && open.currentHit?.page == 3 && open.unread == 2)

        // The document changed since: a tick finds every hit again and notes the new state.
        _ = SearchFeature.reduce(into: &state, action: .tick, context: context(focus: 2, texts: texts, document: [1, 5], free: false))
        #expect(search(state)?.seen == [1, 5])
    }
}
