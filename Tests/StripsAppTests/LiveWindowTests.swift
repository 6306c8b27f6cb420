import CSDL2
import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos
@testable import StripsPictures
@testable import StripsSDL

/// The real live loop on SDL's dummy video driver: events go in as SDL events, exactly as a
/// desktop delivers them, and the loop runs until the scene reaches the state under test.
/// Reads dropped files as the app does (with the reader the document was opened with), and nothing else.
final class DropHost: EffectHost {
    let reader: PageReader

    init(reader: PageReader) { self.reader = reader }

    func run(_ effect: Effect) -> [HostEvent] {
        guard let load = effect.as(LoadFiles.self) else { return [] }
        return [.pagesLoaded(DroppedFiles.pages(for: load.paths, reader: reader) { _ in })]
    }

    func poll() -> [HostEvent] { [] }
}

@Suite(.serialized) struct LiveWindowTests {
    static func pushDrop(_ paths: [String]) {
        func push(_ type: SDL_EventType, file: String? = nil) {
            var event = SDL_Event()
            event.type = type.rawValue
            // SDL frees the dropped file name itself, so it must come from SDL's allocator.
            if let file { event.drop.file = SDL_strdup(file) }
            SDL_PushEvent(&event)
        }
        push(SDL_DROPBEGIN)
        for path in paths { push(SDL_DROPFILE, file: path) }
        push(SDL_DROPCOMPLETE)
    }

    @Test func filesDroppedOnTheWindowArriveAfterThePageInFocus() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        try SDLSystem.start(video: true)
        let sample = try #require(Resources.sampleDocument)
        let reader = PageReader()
        let pages = DocumentLoader.pages(for: try DocumentLoader.imageFiles(in: [sample]), reader: reader) { _ in }
        var scene = PhotosScene(documentName: "Sample", pages: pages, windowSize: Size(width: 800, height: 600))
        let window = try LiveWindow(title: "test", size: Size(width: 800, height: 600), fonts: nil,
                                    textures: TextureOptions(reader: reader, decode: .sync))
        let dropped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/orientation").path
        let files = try DocumentLoader.imageFiles(in: [dropped])
        Self.pushDrop([dropped])
        var frames = 0
        window.run(&scene, host: DropHost(reader: reader), stopWhen: { scene in
            frames += 1
            return frames > 600 || (scene.pages.count > pages.count && scene.isIdle)
        })
        #expect(frames < 600)
        // A whole folder, in natural order, right after the first page, which keeps nothing else moved.
        #expect(scene.pages.count == pages.count + files.count)
        #expect(scene.pages.dropFirst().prefix(files.count).map(\.path) == files)
        #expect(scene.pages.first?.path == pages.first?.path)
        #expect(scene.strips.focusIndex == 1)
    }
}
