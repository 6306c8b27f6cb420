import Foundation
import StripsCamera
import StripsCameraFootage
import StripsCore
import StripsPhotosFeatures
import StripsPhotos
import StripsPictures
import Testing

/// Films fed through the camera's capture path as a script does (issue 27): the editor with the
/// camera open, a video file playing on the scene's clock through `CameraHost`, `CameraInput`,
/// the detector and the pages kept. Pages lying still are each taken exactly once with corners
/// within 2 % of the picture's diagonal; a moving page is found but never taken; Space takes one;
/// a file cut short stops with one line and the pages taken before it stay.
@Suite(.serialized) struct CameraPathTests {
    struct Run {
        var scene: PhotosScene
        var traces: [[String: Any]]
        var said: [String]
        var kept: [String]
    }

    /// Runs `script` on a two-page document with `--camera file`; pages kept go to a scratch folder.
    static func run(_ file: String, script: String) throws -> Run {
        let folder = Footage.folder + "/kept-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let said = LinesSaid(), kept = LinesSaid()
        var options = CameraHost.Options(source: .file(file), live: false) { jpeg, name, _, _ in
            let path = folder + "/" + name + ".jpg"
            guard FileManager.default.createFile(atPath: path, contents: Data(jpeg)) else { return .failure(CameraFault("cannot write \(path)")) }
            kept.add(path)
            return .success(path)
        }
        options.say = { said.add($0) }
        let host = CameraHost(options: options)
        defer { host.finish() }
        let pages = (0..<2).map { Page(id: "p\($0).png", path: "/nonexistent/p\($0).png", pixelSize: Size(width: 700, height: 1000)) }
        var runner = HeadlessRunner(script: try Script.parse(script), scene: PhotosScene(documentName: "T", pages: pages, windowSize: Size(width: 800, height: 600)),
                                    traceEveryFrame: true)
        var lines: [String] = []
        try runner.run(resolveKey: { name, ctrl, shift in Key.Name(rawValue: name).map { Key($0, ctrl: ctrl, shift: shift) } },
                       emit: { lines.append($0) }, screenshot: { _, _ in },
                       host: { effect, _ in effect.as(CameraRequest.self).map(host.run) ?? [] },
                       poll: { host.poll() }, clock: { host.clock($0) })
        let traces = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        return Run(scene: runner.scene, traces: traces, said: said.lines, kept: kept.lines)
    }

    static func cameraPages(_ scene: PhotosScene) -> [Page] { scene.pages.filter { $0.id.hasPrefix("Camera ") } }

    static func wander(_ a: Quad, _ b: Quad) -> Double { zip(a.corners, b.corners).map { $0.distance(to: $1) }.max() ?? .infinity }

    /// Each page taken is one of the film's rests, in order, its corners within 2 % of the diagonal.
    static func expectTakenOnce(_ run: Run, _ film: CameraFilm) {
        let taken = cameraPages(run.scene)
        #expect(taken.count == film.rests.count, "took \(taken.map(\.id)) for \(film.rests.count) rests")
        for (page, rest) in zip(taken, film.rests) {
            guard let crop = page.corrections.crop else {
                Issue.record("\(page.id) has no corners")
                continue
            }
            let off = wander(crop, rest.quad) / film.diagonal
            #expect(off <= 0.02, "\(page.id): corners \(off * 100) % of the diagonal from \(rest.page)'s")
        }
    }

    @Test func sheetsLaidOnADeskAreEachTakenOnceThoughAHandPassesOverTheFirst() throws {
        let film = Footage.film(.desk)
        let run = try Self.run(try Footage.path(.desk), script: "at 0 key ctrl+k\nat 6500 end")
        Self.expectTakenOnce(run, film)
        // Taken within 0.8 s of the page coming to rest (a hand still letting go of it), in the film's time.
        let takes = run.traces.compactMap { t -> Double? in
            guard let camera = t["camera"] as? [String: Any], let n = camera["taken"] as? Int else { return nil }
            return n > 0 ? t["t"] as? Double : nil
        }
        #expect((takes.first ?? .infinity) / 1000 <= film.rests[0].from + 0.8)
        // After the pages it says the file ended, once.
        #expect(run.said.filter { $0.contains("ended") }.count == 1)
        // The pages taken are the JPEGs kept.
        #expect(run.kept.count == 2 && run.kept.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    }

    @Test func aBooksPagesTurnedAtOnePlaceAreEachTaken() throws {
        let run = try Self.run(try Footage.path(.book), script: "at 0 key ctrl+k\nat 6200 end")
        Self.expectTakenOnce(run, Footage.film(.book))
    }

    @Test func aPageThatKeepsMovingIsFoundButNeverTakenAndSpaceTakesIt() throws {
        let run = try Self.run(try Footage.path(.moving), script: "at 0 key ctrl+k\nat 3000 key space\nat 4000 end")
        let looks = run.traces.compactMap { $0["camera"] as? [String: Any] }.filter { ($0["frame"] as? Int ?? -1) >= 0 }
        let found = looks.filter { !($0["quad"] is NSNull) }.count
        #expect(Double(found) >= 0.9 * Double(looks.count))
        #expect(!looks.contains { $0["steady"] as? Bool == true })
        let taken = Self.cameraPages(run.scene)
        #expect(taken.map(\.id) == ["Camera 1"])
        // Space took the frame shown, with the page found in it as its corners.
        let film = Footage.film(.moving)
        if let crop = taken.first?.corrections.crop, let truth = film.quads(at: 3.0).last {
            #expect(Self.wander(crop, truth) / film.diagonal <= 0.03)
        }
    }

    @Test func aFileCutShortStopsWithOneLineAndThePagesTakenBeforeStay() throws {
        let run = try Self.run(try Footage.path(.desk, cut: 0.6), script: "at 0 key ctrl+k\nat 6500 end")
        let stops = run.said.filter { $0.contains("cut short") }
        #expect(stops.count == 1, "said \(run.said)")
        #expect(Self.cameraPages(run.scene).map(\.id) == ["Camera 1"])
        let last = try #require(run.traces.last?["camera"] as? [String: Any])
        #expect(last["steady"] as? Bool == false)
    }

    @Test func aFileThatIsNoVideoOrNoneAtAllIsOneLine() throws {
        let text = Footage.folder + "/notes.avi"
        try Data("not a video".utf8).write(to: URL(fileURLWithPath: text))
        for (file, words) in [(text, "not a video"), (Footage.folder + "/missing.avi", "no such file")] {
            let run = try Self.run(file, script: "at 0 key ctrl+k\nat 500 end")
            #expect(run.said.count == 1 && run.said.first?.contains(words) == true, "said \(run.said)")
            #expect(run.scene.interaction.camera?.phase == .failed(run.said.first ?? ""))
            #expect(run.scene.pages.count == 2)
        }
    }
}

/// Lines collected from any thread.
final class LinesSaid: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    func add(_ line: String) { lock.withLock { collected.append(line) } }
    var lines: [String] { lock.withLock { collected } }
}
