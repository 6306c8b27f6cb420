import Testing
@testable import StripsCore
@testable import StripsPhotos

/// A document reopened on the page that was in focus (the live window's memory), and the
/// placeholder counts the load benchmark reads from the draw list.
@Suite struct ReopeningTests {
    let window = Size(width: 800, height: 600)

    @Test func theSceneOpensOnTheRememberedPage() {
        let pages = SceneHarness.pages([0.7, 1.5, 1, 0.7, 1.2])
        let scene = PhotosScene(documentName: "D", pages: pages, windowSize: window, focusedPage: "p3.png")
        #expect(scene.strips.focusIndex == 3)
        #expect(scene.title == "D - page 4 of 5")
        // Both strips centre page 3: the preview at 3 pages, the thumbnails at page 3's slot.
        #expect(abs(scene.strips.preview.position - 3) < 1e-9)
        #expect(abs(scene.strips.thumbnails.position - 3) < 1e-9)
        #expect(scene.isIdle)
    }

    @Test func aPageNoLongerInTheDocumentOpensOnTheFirst() {
        let pages = SceneHarness.pages([0.7, 1.5])
        #expect(PhotosScene(documentName: "D", pages: pages, windowSize: window, focusedPage: "gone.png").strips.focusIndex == 0)
        #expect(PhotosScene(documentName: "D", pages: pages, windowSize: window, focusedPage: nil).strips.focusIndex == 0)
        #expect(PhotosScene(documentName: "D", pages: [], windowSize: window, focusedPage: "p0.png").strips.focusIndex == -1)
    }

    struct ByRef: PictureLookup {
        var ready: Set<ImageRef>
        func status(of image: ImageRef) -> PictureStatus { ready.contains(image) ? .ready(since: -1) : .missing }
    }

    @Test func theDrawListCountsPlaceholderDrawsByVariant() throws {
        let pages = SceneHarness.pages([0.7, 1.5, 1])
        let frame = PhotosScene(documentName: "D", pages: pages, windowSize: window).frame(at: 1)
        let quads = frame.content.drawItems().compactMap { if case .image(let q) = $0, q.alpha > 0 { return q } else { return nil } }
        let thumbnails = quads.filter { $0.image.variant == .thumbnail }, full = quads.filter { $0.image.variant == .full }
        #expect(thumbnails.count == 3)
        let one = ImageRef(path: pages[1].path, variant: .thumbnail)
        let list = DrawList(frame, pictures: ByRef(ready: [one, ImageRef(path: pages[0].path, variant: .full)]))
        #expect(list.shown[.thumbnail] == 3)
        #expect(list.placeholders[.thumbnail] == 2)
        #expect(list.shown[.full] == full.count)
        #expect((list.placeholders[.full] ?? 0) == full.count - 1)
        let none = DrawList(frame, pictures: ByRef(ready: Set(quads.map(\.image))))
        #expect(none.placeholders[.thumbnail] == nil && none.placeholders[.full] == nil)
    }
}
