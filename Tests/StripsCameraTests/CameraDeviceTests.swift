import Foundation
import Glibc
import StripsCamera
import StripsCameraFootage
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import Testing

/// What can be tested of V4L2 without a camera: the format chosen from what a device lists, the
/// faults named from the kernel's answers, a node that is no camera, no camera at all; and the
/// window's capture threads on a short file (newest frame wins, a stop lets go at once).
@Suite struct CameraDeviceTests {
    typealias S = CameraDevices.Size

    @Test func theBestSizeInMJPEGThatStaysLiveIsChosen() {
        let webcam = [S(format: "YUYV", compressed: false, width: 1920, height: 1080, maxRate: 5),
                      S(format: "YUYV", compressed: false, width: 640, height: 480, maxRate: 30),
                      S(format: "MJPG", compressed: true, width: 1920, height: 1080, maxRate: 30),
                      S(format: "MJPG", compressed: true, width: 1280, height: 720, maxRate: 60)]
        #expect(CameraDevices.choose(from: webcam) == webcam[2])
        // Raw only: the largest that still gives a live picture, not the 5 fps full size.
        #expect(CameraDevices.choose(from: Array(webcam[0...1])) == webcam[1])
        // A document camera's 4K+ stills mode is passed over for its largest live size.
        let document = [S(format: "MJPG", compressed: true, width: 4208, height: 3120, maxRate: 10),
                        S(format: "MJPG", compressed: true, width: 3264, height: 2448, maxRate: 15),
                        S(format: "MJPG", compressed: true, width: 1920, height: 1080, maxRate: 30)]
        #expect(CameraDevices.choose(from: document) == document[1])
        // Nothing live at all: the most pixels there are.
        #expect(CameraDevices.choose(from: [S(format: "MJPG", compressed: true, width: 1600, height: 1200, maxRate: 8),
                                            S(format: "MJPG", compressed: true, width: 800, height: 600, maxRate: 10)])?.width == 1600)
        #expect(CameraDevices.choose(from: []) == nil)
    }

    @Test func faultsNameWhatToDo() {
        #expect(CameraFault.opening("/dev/video0", errno: EACCES).line.contains("video group"))
        #expect(CameraFault.opening("/dev/video0", errno: EBUSY).line.contains("busy: another program"))
        #expect(CameraFault.opening("/dev/video0", errno: ENOENT).line.contains("no such device"))
        #expect(CameraFault.opening("/dev/video0", errno: ENODEV).line.contains("unplugged"))
        #expect(CameraFault.lost("/dev/video0").line.contains("went away"))
    }

    @Test func aNodeThatIsNoCameraAndNoCameraAtAllAreOneLineEach() throws {
        // /dev/null answers no V4L2 question.
        #expect(throws: CameraFault.opening("/dev/null", errno: ENOTTY)) { _ = try CameraInput(.device("/dev/null")) }
        #expect(throws: CameraFault.opening("/dev/video-strips-none", errno: ENOENT)) { _ = try CameraInput(.device("/dev/video-strips-none")) }
        let empty = Footage.folder + "/no-devices"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(CameraSource.firstDevice(in: empty) == .failure(.noCamera))
        #expect(CameraSource.named("/dev/video7") == .device("/dev/video7"))
        #expect(CameraSource.named("/dev/null") == .device("/dev/null"))
        #expect(CameraSource.named("desk.avi") == .file("desk.avi"))
    }

    @Test func aFileReadsAsACameraFrameByFrameToItsEnd() throws {
        let input = try CameraInput(.file(try Footage.path(.moving)))
        #expect(input.width == Footage.width && input.height == Footage.height)
        #expect(abs(input.rate - Footage.rate) < 0.01)
        #expect(input.expectedFrames == Footage.film(.moving).frameCount)
        var times: [Double] = []
        while let time = try? input.next() { times.append(time) }
        #expect(times.count == input.expectedFrames)
        // On the film's own clock, a frame every 1/rate seconds from 0.
        #expect(times.enumerated().allSatisfy { abs($0.element - Double($0.offset) / Footage.rate) < 1e-3 })
        #expect(throws: CameraFault.ended(input.source.path, frames: times.count)) { _ = try input.next() }
    }

    @Test func theWindowsCaptureShowsTheNewestFrameLooksAtWhatItCanAndStopsAtTheEnd() throws {
        // A second of film, played at its own rate on the capture thread.
        let path = Footage.folder + "/short.avi"
        let film = Footage.film(.desk)
        if !FileManager.default.fileExists(atPath: path) {
            try FootageWriter.write(frames: 12, width: film.width, height: film.height, rate: film.rate, to: path) { film.frame($0 + 20) }
        }
        let picture = LivePicture()
        let news = NewsHeard()
        let capture = CameraCapture(source: .file(path), picture: picture) { news.add($0) }
        #expect(news.wait(timeout: 20) { $0.contains { if case .stopped = $0 { return true } else { return false } } })
        capture.waitUntilFinished(timeout: 5)
        let heard = news.all
        guard case .opened(let info)? = heard.first else {
            Issue.record("first news \(String(describing: heard.first))")
            return
        }
        #expect(info.size == Size(width: Double(film.width), height: Double(film.height)))
        let looks = heard.compactMap { if case .looked(let look) = $0 { return look } else { return nil } }
        // Looked at as often as the detector could, never twice at one frame, in order.
        #expect(!looks.isEmpty && looks.count <= 12)
        #expect(zip(looks, looks.dropFirst()).allSatisfy { $0.frame < $1.frame })
        #expect(looks.filter { $0.quad != nil }.count >= looks.count / 2)
        // The last frame stays shown.
        #expect(picture.newer(than: 0)?.pixels?.width == film.width)
        #expect(capture.frame(11)?.index == 11)
    }

    @Test func stoppingTheWindowsCaptureLetsTheCameraGoAtOnce() throws {
        let capture = CameraCapture(source: .file(try Footage.path(.book)), picture: LivePicture()) { _ in }
        let start = Date()
        capture.stop()
        #expect(capture.waitUntilFinished(timeout: 5))
        #expect(Date().timeIntervalSince(start) < 2)
    }
}

/// News from the capture's threads, waited for on the test's.
final class NewsHeard: @unchecked Sendable {
    private let condition = NSCondition()
    private var heard: [CameraNews] = []

    func add(_ news: CameraNews) {
        condition.lock()
        heard.append(news)
        condition.broadcast()
        condition.unlock()
    }

    var all: [CameraNews] {
        condition.lock()
        defer { condition.unlock() }
        return heard
    }

    /// Waits until `done` holds of what was heard (true) or `timeout` seconds pass (false).
    func wait(timeout: Double, until done: ([CameraNews]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !done(heard) {
            if !condition.wait(until: deadline) { return done(heard) }
        }
        return true
    }
}
