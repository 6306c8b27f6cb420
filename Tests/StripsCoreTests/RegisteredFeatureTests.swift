import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// A registered feature's parts, with a feature of the tests' own (the registry itself lists only
/// the app's): its room kept by its type, its reducer run on it with the facts as values and its
/// outputs routed, its keys as the editor's rows, its action told apart from another's.
@Suite struct RegisteredFeatureTests {
    /// Counts the pages it was asked about, says so, and asks its host to note the page in focus.
    enum Counter: RegisteredFeature {
        struct State: Sendable, Equatable { var asked = 0 }
        enum Action: Hashable, Sendable { case count, heard(Int) }
        static let initialState = State()
        static var keys: [KeyRow<Action>] {
            [KeyRow(.pages, "Count", "counts the pages", [(KeyChord(.t, ctrl: .yes, shift: .yes), .count)])]
        }
        static func reduce(into state: inout State, action: Action, context: FeatureFacts) -> [PhotosOutput] {
            switch action {
            case .count:
                state.asked += 1
                return [.notice("\(context.pages.count) pages"), .effect(Effect(Note(page: context.focus?.id ?? "")))]
            case .heard(let n):
                state.asked += n
                return []
            }
        }
        static func action(answering answer: any FeatureAnswer) -> Action? { (answer as? Heard).map { .heard($0.times) } }
    }
    struct Note: FeatureRequest { var page: String }
    struct Heard: FeatureAnswer { var times: Int }

    @Test func itsRoomStartsAsItsInitialStateAndOnlyItsReducerChangesIt() {
        var scene = PhotosScene(documentName: "rooms", pages: SceneHarness.pages([0.77, 0.77, 1.3]), windowSize: Size(width: 800, height: 600))
        #expect(scene.rooms[Counter.self] == Counter.State())
        let effects = scene.run(Counter.self, .count, at: 1)
        #expect(scene.rooms[Counter.self].asked == 1)
        #expect(scene.notices.status?.text == "3 pages" && scene.notices.status?.since == 1)
        #expect(effects == [Effect(Note(page: scene.pages[0].id))])
        _ = scene.run(Counter.self, .heard(4), at: 2)
        #expect(scene.rooms[Counter.self].asked == 5)
        // The pointer's room, kept beside it by its type, is untouched.
        #expect(scene.rooms.pointer.toolbar.pressed == nil)
    }

    @Test func itsKeysAreTheEditorsRowsAskingForItsOwnActions() throws {
        let row = try #require(Counter.editorRows.first)
        #expect(row.title == "Count" && row.keys == "Ctrl+Shift+T" && row.group == .pages)
        #expect(KeyTable(Counter.editorRows).action(for: Key(.t, ctrl: true, shift: true)) == .feature(FeatureKey(Counter.Action.count)))
        #expect(KeyTable(Counter.editorRows).action(for: Key(.t, ctrl: true)) == nil)
    }

    @Test func aFeaturesActionIsToldApartFromAnothersEvenWithTheSameValue() {
        enum Other: Hashable, Sendable { case count }
        #expect(FeatureKey(Counter.Action.count) == FeatureKey(Counter.Action.count))
        #expect(FeatureKey(Counter.Action.count) != FeatureKey(Counter.Action.heard(1)))
        #expect(FeatureKey(Counter.Action.count) != FeatureKey(Other.count))
        #expect(Set([FeatureKey(Counter.Action.count), FeatureKey(Other.count), FeatureKey(Counter.Action.count)]).count == 2)
    }

    @Test func itsHostsAnswerComesBackAsItsAction() {
        #expect(Counter.action(answering: Heard(times: 2)) == .heard(2))
        #expect(Counter.action(answering: ClipboardCopyStandIn()) == nil)
    }
    struct ClipboardCopyStandIn: FeatureAnswer {}

    /// Every registered feature's chords are its own: none is one the editor (or another feature)
    /// already has, which would win it and leave the feature's key dead.
    @Test func noRegisteredKeyIsTakenAlready() {
        var seen: [KeyChord] = []
        for row in EditorKey.table.rows {
            for binding in row.bindings {
                if case .feature = binding.action {
                    #expect(!seen.contains { $0.matches(binding.chord.press) }, "\(binding.chord.label) is taken")
                }
                seen.append(binding.chord)
            }
        }
    }

    /// The app's registry holds Ctrl+C's copy: its chord asks for its action, and its reducer,
    /// handed the pages' text as a fact, keeps what it copied and asks the host for the clipboard.
    @Test func ctrlCIsARegisteredFeatureCopyingThePagesTextFromTheFacts() {
        #expect(PhotosFeatures.registered.contains { $0 == CopyTextFeature.self })
        #expect(EditorKey(Key(.c, ctrl: true)) == .feature(FeatureKey(CopyTextFeature.Action.copy)))
        let pages = SceneHarness.pages([0.77, 1.3])
        var texts = PageTexts()
        texts.set(PageWords(words: [PageWords.Word(text: "Rue", box: Rect(x: 0, y: 0, width: 10, height: 4), line: 0)], text: "Rue"), for: pages[1].textKey)
        func facts(focus: Int, repeating: Bool = false) -> FeatureFacts {
            FeatureFacts(time: 1, pages: pages, focusIndex: focus, selection: .none, documentName: "d", repeating: repeating, texts: texts)
        }
        var state = CopyTextFeature.initialState
        // Not read yet: it says so and copies nothing.
        let unknown = CopyTextFeature.reduce(into: &state, action: .copy, context: facts(focus: 0))
        #expect(state == nil && unknown.count == 1)
        if case .notice(let line) = unknown.first { #expect(line == "The text of \(pages[0].id) is not known yet") } else { Issue.record("no notice") }
        // A held Ctrl+C's repeat copies nothing more.
        #expect(CopyTextFeature.reduce(into: &state, action: .copy, context: facts(focus: 1, repeating: true)).isEmpty && state == nil)
        let copied = CopyTextFeature.reduce(into: &state, action: .copy, context: facts(focus: 1))
        #expect(state == "Rue")
        #expect(copied.contains { if case .effect(let effect) = $0 { effect == .copy("Rue") } else { false } })
    }
}
