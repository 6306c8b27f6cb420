import Dispatch
import Foundation
import StripsCamera
import StripsCore
import StripsPhotosFeatures
import StripsDocumentPhotos
import StripsPictures
import StripsTestSupport
import Testing

/// The camera host's own logic with a stand-in camera (`FakeCamera`: frames given as pixels, no
/// ffmpeg): frames looked at on a script's clock, a take kept with its corners, the stream's end
/// and a refusal worded once, the window's capture thread answering through `poll`. Each runs in
/// well under a second; `CameraPathTests` and `BookModeTests` keep the path with real films.
@Suite struct CameraHostFakeTests {
    /// A rendered page on a desk, a third of a megapixel (480x640, still above the detector's
    /// working side, so a look shrinks it as a camera's frame), as BGRA: the frames' picture. The
    /// set has no size that small, so it is asked for by size: `maximumPixels` alone fell back to
    /// 900x1200, and making that (with the sample pages read to choose from) took most of a
    /// second of every run of these tests, each test waiting for it.
    static let photo = DocumentPhotoSet.photo(0, pages: [], size: (width: 480, height: 640))
    static let frame = photo.picture.bgra()

    /// A host as the program makes it, its camera the stand-in; what it keeps and says, collected.
    final class Fixture: @unchecked Sendable {
        let host: CameraHost
        let kept = Locked<[(name: String, width: Int, height: Int, bytes: Int)]>([])
        let said = Locked<[String]>([])
        let woken = DispatchSemaphore(value: 0)

        init(live: Bool = false, frames: Int = 6, refusal: CameraFault? = nil) {
            let kept = self.kept, said = self.said, woken = self.woken
            var options = CameraHost.Options(source: .device("/dev/stand-in"), live: live) { jpeg, name, width, height in
                kept.withLock { $0.append((name, width, height, jpeg.count)) }
                return .success("/nowhere/\(name).jpg")
            }
            options.open = FakeCamera.opener(CameraHostFakeTests.frame, count: frames, refusal: refusal)
            options.say = { line in said.withLock { $0.append(line) } }
            if live { options.executor = WorkerExecutor(wake: { woken.signal() }) }
            host = CameraHost(options: options)
        }

        deinit { host.finish() }

        /// The news at `time` seconds of the scene's clock.
        func news(at time: Double) -> [CameraNews] {
            host.clock(time)
            return Self.camera(host.poll())
        }

        static func camera(_ events: [HostEvent]) -> [CameraNews] {
            events.compactMap { $0.as(CameraNews.self) }
        }
    }

    static func cornerError(_ found: Quad) -> Double {
        let w = Double(photo.picture.width), h = Double(photo.picture.height)
        return found.maxCornerDistance(to: photo.corners) / (w * w + h * h).squareRoot()
    }

    @Test func aScriptsFramesAreLookedAtOnItsClockAndATakeKeepsThePageWithItsCorners() throws {
        let fixture = Fixture()
        let opened = Fixture.camera(fixture.host.run(.open))
        let size = Size(width: Double(Self.photo.picture.width), height: Double(Self.photo.picture.height))
        #expect(opened == [.opened(CameraInfo(source: "/dev/stand-in", size: size, rate: 10, label: "Stand-in \(Int(size.width))x\(Int(size.height)) at 10 fps"))])
        // 10 frames a second: at 0.25 s the third frame (index 2) is the one due.
        guard case .looked(let first)? = fixture.news(at: 0).first, case .looked(let look)? = fixture.news(at: 0.25).first else {
            Issue.record("no looks")
            return
        }
        #expect(first.frame == 0 && look.frame == 2 && look.size == size)
        let quad = try #require(look.quad)
        #expect(Self.cornerError(quad) <= 0.02, "\(quad) vs \(Self.photo.corners)")
        let taken = Fixture.camera(fixture.host.run(.take(CameraTake(frame: look.frame, quad: quad, number: 4))))
        guard case .taken(let page)? = taken.first, taken.count == 1 else {
            Issue.record("taken: \(taken)")
            return
        }
        #expect(page.id == "Camera 4" && page.corrections.crop == quad && page.pixelSize == size)
        #expect(page.source == .camera(path: "/nowhere/Camera 4.jpg", number: 4))
        let file = try #require(fixture.kept.current.first)
        #expect(file.name == "Camera 4" && file.width == Self.photo.picture.width && file.height == Self.photo.picture.height && file.bytes > 1000)
    }

    @Test func aTakeBeforeAnyFrameAndTheStreamsEndAreOneLineEach() {
        let fixture = Fixture(frames: 3)
        _ = fixture.host.run(.open)
        let early = Fixture.camera(fixture.host.run(.take(CameraTake(frame: 0, quad: nil, number: 1))))
        #expect(early == [.failed(HostMessage(trLater("camera: there is no frame to take yet")))])
        // The three frames, then the end (said once, the last look kept by the scene).
        let late = fixture.news(at: 5)
        #expect(late.contains { if case .looked(let look) = $0 { look.frame == 2 } else { false } })
        #expect(late.last == .stopped(.verbatim("camera: the film ended")))
        #expect(fixture.news(at: 6).isEmpty)
        #expect(fixture.said.current == ["camera: there is no frame to take yet", "camera: the film ended"], "\(fixture.said.current)")
    }

    @Test func aCameraThatWillNotOpenIsOneLine() {
        let fixture = Fixture(refusal: CameraFault("camera /dev/stand-in is busy (another program uses it)"))
        #expect(Fixture.camera(fixture.host.run(.open)) == [.failed(.verbatim("camera /dev/stand-in is busy (another program uses it)"))])
        #expect(fixture.said.current == ["camera /dev/stand-in is busy (another program uses it)"])
    }

    @Test func inTheWindowTheCaptureThreadsNewsComesThroughPoll() {
        let fixture = Fixture(live: true, frames: 4)
        #expect(fixture.host.run(.open).isEmpty)
        var news: [CameraNews] = []
        while !news.contains(where: { if case .stopped = $0 { true } else { false } }) {
            guard fixture.woken.wait(timeout: .now() + 30) == .success else { break }
            news += Fixture.camera(fixture.host.poll())
        }
        #expect(news.first.map { if case .opened = $0 { true } else { false } } == true, "\(news)")
        // Every frame was shown (the window draws the newest); which ones the detector looked at
        // depends on the threads' timing, so looks are not counted here.
        // (The picture's serial counts the clearing as it opened, then the four frames.)
        let shown = fixture.host.picture.newer(than: 0)
        #expect(shown?.serial == 5 && shown?.pixels?.width == Self.frame.width)
        #expect(news.last == .stopped(.verbatim("camera: the film ended")))
    }
}
