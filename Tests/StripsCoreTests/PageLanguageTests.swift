import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotos

/// Issue 41: a page's reading language is shown and chosen in its menu, kept in its recipe (an
/// undoable correction, part of its text's key, in the trace), for the selection as any item is.
@Suite struct PageLanguageTests {
    static let window = Size(width: 1024, height: 768)

    func scene(languages: [String]) -> PhotosScene {
        var scene = PhotosScene(documentName: "T", pages: SceneHarness.fivePages, windowSize: Self.window)
        scene.setup.readingLanguages = languages
        scene.tick(at: 0)
        return scene
    }

    func run(_ scene: inout PhotosScene, to time: Double, from start: Double) -> Trace? {
        var t = start
        while t < time {
            t = min(time, t + 1.0 / 60)
            scene.tick(at: t)
        }
        return try? Trace(line: scene.frame(at: time).traceLine(t: 0, number: 0))
    }

    func menu(_ trace: Trace?) -> [String: Any] { trace?.json["menu"] as? [String: Any] ?? [:] }

    @Test func theMenuShowsThePagesLanguageAndChoosesAnotherAsOneUndoableEdit() throws {
        var s = scene(languages: ["eng", "hin", "rus"])
        _ = s.handle(.key(Key(.f10, shift: true)), at: 0.1)
        var trace = run(&s, to: 0.2, from: 0.1)
        let items = menu(trace)["items"] as? [[String: Any]] ?? []
        let language = try #require(items.first { $0["name"] as? String == "language" })
        #expect(language["label"] as? String == "Language: Automatic")
        // To the language item, into its submenu: Automatic, then each installed language by its own name.
        // Down skips the items that cannot act (move to start, copy text with no text).
        let index = try #require(items.firstIndex { $0["name"] as? String == "language" })
        let steps = items[..<index].filter { $0["enabled"] as? Bool == true }.count
        for _ in 0..<steps { _ = s.handle(.key(Key(.down)), at: 0.3) }
        _ = s.handle(.key(Key(.right)), at: 0.4)
        trace = run(&s, to: 0.5, from: 0.4)
        let sub = try #require(menu(trace)["submenu"] as? [String: Any])
        let choices = (sub["items"] as? [[String: Any]] ?? [])
        #expect(choices.compactMap { $0["name"] as? String } == ["auto", "eng", "hin", "rus"])
        #expect(choices.compactMap { $0["label"] as? String } == ["Automatic", "English", "हिन्दी", "Русский"])
        // Down three times from Automatic: Русский.
        for _ in 0..<3 { _ = s.handle(.key(Key(.down)), at: 0.6) }
        _ = s.handle(.key(Key(.return)), at: 0.7)
        trace = run(&s, to: 2, from: 0.7)
        #expect(s.pages[0].corrections.language == "rus" && s.pages[1].corrections.language == nil)
        #expect(s.pages[0].textKey != SceneHarness.fivePages[0].textKey && s.pages[0].textKey.language == "rus")
        #expect(trace?.cells("preview").first { $0.index == 0 }?.json["language"] as? String == "rus")
        #expect(trace?.cells("thumbnails").first { $0.index == 1 }?.json["language"] == nil)
        // The menu says so; undo takes it back.
        _ = s.handle(.key(Key(.f10, shift: true)), at: 2.1)
        trace = run(&s, to: 2.2, from: 2.1)
        #expect((menu(trace)["items"] as? [[String: Any]] ?? []).contains { $0["label"] as? String == "Language: Русский" })
        _ = s.handle(.key(Key(.escape)), at: 2.3)
        _ = s.handle(.key(Key(.z, ctrl: true)), at: 2.4)
        _ = run(&s, to: 3, from: 2.4)
        #expect(s.pages[0].corrections.language == nil)
    }

    @Test func withoutRecognitionTheMenuOffersNoLanguage() throws {
        var s = scene(languages: [])
        _ = s.handle(.key(Key(.f10, shift: true)), at: 0.1)
        let trace = run(&s, to: 0.2, from: 0.1)
        #expect(!(menu(trace)["items"] as? [[String: Any]] ?? []).contains { $0["name"] as? String == "language" })
    }
}
