import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// The camera view in the editor (issue 27), the host's news given by hand: Ctrl+K opens and
/// closes it (Escape too); looks at a still page ask for a take numbered `Camera N`; the page the
/// host keeps goes in after the page in focus with its corners as crop, and flies into the strip;
/// Space takes the frame shown; A turns taking by itself off; the strip's keys work under it;
/// a camera that fails or stops says so in one line and the pages taken stay.
@Suite struct CameraViewTests {
    static let size = Size(width: 640, height: 360)

    func scene(_ count: Int = 3) -> PhotosScene {
        PhotosScene(documentName: "T", pages: SceneHarness.pages(Array(repeating: 0.7, count: count)), windowSize: Size(width: 800, height: 600))
    }

    func look(_ frame: Int, page: Int = 1) -> CameraLook {
        CameraLook(frame: frame, size: Self.size, quad: CameraWatchTests.quad(), signature: CameraWatchTests.signature(page: page))
    }

    func takes(_ effects: [Effect]) -> [CameraTake] {
        effects.compactMap { if case .take(let take)? = $0.as(CameraRequest.self) { return take } else { return nil } }
    }

    func taken(_ take: CameraTake) -> Page {
        Page(id: "Camera \(take.number)", source: .camera(path: "/recovery/camera-\(take.number).jpg", number: take.number),
             pixelSize: Self.size, corrections: Corrections(crop: take.quad))
    }

    /// Looks every 1/30 s for `seconds`, the host keeping every take at once; the takes asked for.
    func watch(_ scene: inout PhotosScene, from t: inout Double, seconds: Double, page: Int = 1, frame: inout Int) -> [CameraTake] {
        var asked: [CameraTake] = []
        let end = t + seconds
        while t < end - 1e-9 {
            let effects = scene.handle(.host(.camera(.looked(look(frame, page: page)))), at: t)
            for take in takes(effects) {
                asked.append(take)
                scene.handle(.host(.camera(.taken(taken(take)))), at: t)
            }
            scene.tick(at: t)
            t += 1.0 / 30
            frame += 1
        }
        return asked
    }

    func cameraField(_ scene: PhotosScene, at t: Double) throws -> [String: Any] {
        let line = scene.frame(at: t).traceLine(t: t * 1000, number: 0)
        let json = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(json["camera"] as? [String: Any])
    }

    @Test func ctrlKOpensTheViewAndAStillPageIsTakenAfterTheFocusWithItsCorners() throws {
        var scene = scene()
        var t = 0.0, frame = 0
        #expect(scene.handle(.key(Key(.k, ctrl: true)), at: t) == [.camera(.open)])
        #expect(scene.isCameraOpen && scene.isAutoTaking)
        scene.handle(.host(.camera(.opened(CameraInfo(source: "/dev/video0", size: Self.size, rate: 30, label: "MJPEG")))), at: t)
        let asked = watch(&scene, from: &t, seconds: 1.5, frame: &frame)
        #expect(asked.count == 1)
        #expect(asked.first?.number == 1 && asked.first?.quad == CameraWatchTests.quad())
        // Taken within a frame of half a second at rest.
        for _ in 0..<60 { t += 1.0 / 60; scene.tick(at: t) }
        #expect(scene.pages.map(\.id) == ["p0.png", "Camera 1", "p1.png", "p2.png"])
        #expect(scene.strips.focusIndex == 1)
        #expect(scene.pages[1].corrections.crop == CameraWatchTests.quad())
        let field = try cameraField(scene, at: t)
        #expect(field["source"] as? String == "/dev/video0")
        #expect(field["taken"] as? Int == 1)
        #expect(field["steady"] as? Bool == true)
        #expect((field["quad"] as? [[Double]])?.first == [200, 40])
        // Escape leaves; the page stays; the camera is told to stop.
        #expect(scene.handle(.key(Key(.escape)), at: t) == [.camera(.close)])
        #expect(!scene.isCameraOpen && scene.pages.count == 4)
    }

    @Test func theNextPageTakesTheNextNumberAndGoesAfterTheLast() {
        var scene = scene()
        var t = 0.0, frame = 0
        _ = scene.handle(.key(Key(.k, ctrl: true)), at: t)
        _ = watch(&scene, from: &t, seconds: 1.5, page: 1, frame: &frame)
        let second = watch(&scene, from: &t, seconds: 1.5, page: 2, frame: &frame)
        #expect(second.map(\.number) == [2])
        for _ in 0..<60 { t += 1.0 / 60; scene.tick(at: t) }
        #expect(scene.pages.map(\.id) == ["p0.png", "Camera 1", "Camera 2", "p1.png", "p2.png"])
    }

    @Test func spaceTakesTheFrameShownAndAStopsTakingByItself() {
        var scene = scene()
        var t = 0.0, frame = 0
        _ = scene.handle(.key(Key(.k, ctrl: true)), at: t)
        _ = scene.handle(.key(Key(.a)), at: t)
        #expect(!scene.isAutoTaking)
        // Nothing taken by itself however long the page lies there.
        #expect(watch(&scene, from: &t, seconds: 2, frame: &frame).isEmpty)
        let now = takes(scene.handle(.key(Key(.space)), at: t))
        #expect(now.count == 1 && now.first?.frame == frame - 1)
        // No picture without a page in it: the whole frame (the take's quad is the frame's own, nil).
        scene.handle(.host(.camera(.looked(CameraLook(frame: frame, size: Self.size, quad: nil, signature: nil)))), at: t)
        let whole = takes(scene.handle(.key(Key(.space)), at: t))
        #expect(whole.count == 1 && whole.first?.quad == nil && whole.first?.number == 2)
    }

    @Test func theStripsKeysWorkUnderTheViewAndZoomingLeavesIt() {
        var scene = scene(4)
        var t = 0.0
        _ = scene.handle(.key(Key(.k, ctrl: true)), at: t)
        scene.handle(.key(Key(.right)), at: t)
        for _ in 0..<60 { t += 1.0 / 60; scene.tick(at: t) }
        #expect(scene.strips.focusIndex == 1 && scene.isCameraOpen)
        scene.handle(.key(Key(.delete)), at: t)
        for _ in 0..<60 { t += 1.0 / 60; scene.tick(at: t) }
        #expect(scene.pages.count == 3 && scene.isCameraOpen)
        // The preview's own keys make the view give way.
        #expect(scene.handle(.key(Key(.plus)), at: t) == [.camera(.close)] || !scene.isCameraOpen)
        #expect(!scene.isCameraOpen)
    }

    @Test func aCameraThatFailsOrStopsSaysSoAndThePagesTakenStay() throws {
        var scene = scene()
        var t = 0.0, frame = 0
        _ = scene.handle(.key(Key(.k, ctrl: true)), at: t)
        let line = "camera /dev/video0 is busy: another program is using it (close it and press Ctrl+K again)"
        scene.handle(.host(.camera(.failed(.verbatim(line)))), at: t)
        #expect(scene.interaction.camera?.phase == .failed(line))
        // Said once on screen: in the view, where its picture would be (not the status line too).
        let drawn = try #require(scene.frame(at: t).content as? PhotosFrame).camera?.message?.text
        #expect(drawn == line && scene.notices.status == nil)
        #expect(scene.handle(.key(Key(.k, ctrl: true)), at: t) == [.camera(.close)])
        // Opened again, a page taken, then the camera goes away.
        _ = scene.handle(.key(Key(.k, ctrl: true)), at: t)
        _ = watch(&scene, from: &t, seconds: 1.5, frame: &frame)
        let gone = "camera /dev/video0 went away (unplugged?); the pages taken stay"
        scene.handle(.host(.camera(.stopped(.verbatim(gone)))), at: t)
        for _ in 0..<60 { t += 1.0 / 60; scene.tick(at: t) }
        #expect((scene.frame(at: t).content as? PhotosFrame)?.camera?.message?.text == gone)
        // A take the host could not keep: the status line says why, the view stays as it is.
        scene.handle(.host(.camera(.failed(.verbatim("recovery: cannot write Camera 2: No space left on device")))), at: t)
        #expect(scene.notices.status?.text.hasPrefix("recovery:") == true)
        #expect(scene.pages.contains { $0.id == "Camera 1" })
        #expect(try cameraField(scene, at: t)["steady"] as? Bool == false)
        // A look arriving after the view closed changes nothing.
        _ = scene.handle(.key(Key(.escape)), at: t)
        #expect(scene.handle(.host(.camera(.looked(look(99)))), at: t).isEmpty)
    }

    @Test func theViewDrawsTheLivePictureInThePreviewsPlaceAndThePageFlies() throws {
        var scene = scene()
        var t = 0.0, frame = 0
        _ = scene.handle(.key(Key(.k, ctrl: true)), at: t)
        _ = watch(&scene, from: &t, seconds: 0.6, frame: &frame)
        let photos = try #require(scene.frame(at: t).content as? PhotosFrame)
        let items = photos.drawItems()
        let live = items.compactMap { if case .live(let quad) = $0 { return quad } else { return nil } }
        #expect(live.count == 1)
        // Fitted into the preview's area, the frame's shape kept.
        let fitted = try #require(live.first?.frame)
        #expect(abs(fitted.width / fitted.height - Self.size.aspectRatio) < 1e-6)
        #expect(scene.geometry.preview.contains(fitted.center))
        // The preview's pages are neither drawn nor listed under it.
        #expect(photos.camera != nil)
        let previewPictures = items.filter { item in
            guard case .image(let q) = item else { return false }
            return q.image.variant == .full && q.image.path.hasPrefix("/nonexistent/")
        }
        #expect(previewPictures.isEmpty)
        // The page taken is on its way to the strip: drawn by its flight, not by its thumbnail.
        #expect(photos.camera?.flights.map(\.page.id) == ["Camera 1"])
    }

    @Test func cameraNumbersNeverRepeatInTheDocumentsHistory() {
        var document = Document(pages: SceneHarness.pages([0.7]))
        let page = Page(id: "Camera 4", source: .camera(path: "/r/camera-0004.jpg", number: 4), pixelSize: Self.size)
        document = document.apply(.insert([PlacedPage(index: 1, page: page)]))
        document = document.apply(.remove([PlacedPage(index: 1, page: page)]))
        #expect(document.nextCameraNumber == 5)
        #expect(PageSource.camera(path: "/r/camera-0004.jpg", number: 4).displayName == "Camera 4")
    }
}
