import Foundation
import StripsCameraFootage
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import StripsSDL
import StripsTestSupport
import Testing

/// The camera as a user of the binary meets it (issue 27), headless, a film as the camera (each
/// test its own state folder): the live picture drawn where the preview was; the pages taken
/// saved; pages taken but not saved left for the next start, which takes them back as camera
/// pages; a camera that cannot be opened is one line and the run goes on.
@Suite struct CameraCommandTests {
    let cli = CommandLineTests()

    struct Place {
        let root: String
        var state: String { root + "/state" }

        init(_ name: String) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("strips-camera-\(getpid())-\(name)").path
            try? FileManager.default.removeItem(atPath: root)
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        func film(_ kind: CameraFilm.Kind, width: Int = 480, height: Int = 270) throws -> (CameraFilm, String) {
            let film = CameraFilm(kind, width: width, height: height, rate: 12)
            let path = root + "/\(kind.rawValue).avi"
            try FootageWriter.write(film, to: path)
            return (film, path)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    func run(_ place: Place, _ script: String, _ arguments: [String]) throws -> (status: Int32, stderr: String, lines: [[String: Any]]) {
        let file = place.root + "/run-\(UUID().uuidString.prefix(6)).strips"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try cli.run(["photos", "--script", file] + arguments, environment: ["XDG_STATE_HOME": place.state])
        let lines = result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return (result.status, result.stderr, lines)
    }

    static let page = HostEffectsCommandLineTests.repository.appendingPathComponent("Assets/Sample/01-contract.jpg").path

    /// The screenshot's pixel at window point (x, y), as (r, g, b).
    func pixel(_ png: String, _ x: Int, _ y: Int) throws -> (Int, Int, Int) {
        let picture = try PictureDecoder.decode(png, limit: PixelLimit(width: 8192, height: 8192)).get()
        return LoaderOrientationTests.pixel(picture, x, y)
    }

    @Test func theLivePictureIsDrawnThePagesTakenAreSavedAndTheRestComeBackAfterACrash() throws {
        let place = try Place("desk")
        defer { place.remove() }
        let (film, video) = try place.film(.desk)
        let shot = place.root + "/shot.png", saved = place.root + "/saved"
        let result = try run(place, """
            window 800 600
            at 0 key ctrl+k
            at 2000 screenshot \(shot)
            at 2000 dump
            at 6400 dump
            at 6450 key ctrl+s
            at 6500 end
            """, [Self.page, "--camera", video, "--output", saved])
        #expect(result.status == 0, "\(result.stderr)")
        let atRest = try #require(result.lines.first)
        let camera = try #require(atRest["camera"] as? [String: Any])
        #expect(camera["source"] as? String == video)
        #expect(camera["taken"] as? Int == 1)
        // Frame 24 is due at 2 s of a 12 fps film.
        #expect(camera["frame"] as? Int == 24)
        #expect((atRest["pages"] as? [String]) == ["01-contract.jpg", "Camera 1"])
        // The live picture where the preview was: the page's paper where the frame shows it.
        let quad = try #require(camera["quad"] as? [[Double]])
        let centre = (x: quad.map { $0[0] }.reduce(0, +) / 4, y: quad.map { $0[1] }.reduce(0, +) / 4)
        // The preview under the toolbar, above the thumbnail band (82), inset 12 points.
        let area = (width: 800.0 - 24, height: 600.0 - Toolbar.height - 82 - 24)
        let k = min(area.width / Double(film.width), area.height / Double(film.height))
        let left = 12 + (area.width - k * Double(film.width)) / 2
        let top = Toolbar.height + 12 + (area.height - k * Double(film.height)) / 2
        let paper = try pixel(shot, Int(left + centre.x * k), Int(top + centre.y * k + 30))
        let desk = try pixel(shot, Int(left + 8), Int(top + 8))
        #expect(paper.0 > 200 && paper.1 > 200 && paper.2 > 180, "paper \(paper)")
        #expect(desk.0 < 180 && abs(desk.0 - desk.2) < 30, "desk \(desk)")
        let end = try #require(result.lines.last)
        #expect((end["pages"] as? [String]) == ["01-contract.jpg", "Camera 1", "Camera 2"])
        #expect(result.stderr.contains("ended after \(film.frameCount) frames"), "\(result.stderr)")
        // Saved: the page and the two taken, each flattened to its corners (a JPEG).
        let files = try FileManager.default.contentsOfDirectory(atPath: saved).sorted()
        #expect(files == ["001.jpg", "002.jpg", "003.jpg"], "\(files)")

        // Taken and not saved (the run ends, as a crash would leave them): the next start takes
        // them back as camera pages.
        let unsaved = try run(place, "at 0 key ctrl+k\nat 2000 end\n", [Self.page, "--camera", video])
        #expect(unsaved.stderr.contains("strips: 1 page taken with the camera was not saved; kept in"), "\(unsaved.stderr)")
        let back = try run(place, "at 0 dump\n", [Self.page, "--recover", "take"])
        #expect((back.lines.first?["pages"] as? [String]) == ["01-contract.jpg", "Camera 1"], "\(back.stderr)")
    }

    @Test func anOpenBookUnderTheCameraGivesItsTwoPagesATakeAndTurningTheLeafTheNextTwo() throws {
        let place = try Place("spread")
        defer { place.remove() }
        // At 960 x 540 (a camera's smallest usual mode but one; the smaller sizes: BookModeTests).
        let (film, video) = try place.film(.spread, width: 960, height: 540)
        let result = try run(place, "window 800 600\nat 0 key ctrl+k\nat 1800 dump\nat 5900 dump\nat 5950 end\n", [Self.page, "--camera", video])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(film.rests.count == 2)
        let first = try #require(result.lines.first), last = try #require(result.lines.last)
        #expect((first["pages"] as? [String]) == ["01-contract.jpg", "Camera 1 left", "Camera 1 right"], "\(result.stderr)")
        #expect((last["pages"] as? [String]) == ["01-contract.jpg", "Camera 1 left", "Camera 1 right", "Camera 2 left", "Camera 2 right"],
                "\(result.stderr)")
        #expect((last["camera"] as? [String: Any])?["taken"] as? Int == 4)
    }

    @Test func aCameraThatCannotBeOpenedIsOneLineAndTheRunGoesOn() throws {
        let place = try Place("missing")
        defer { place.remove() }
        let result = try run(place, "at 0 key ctrl+k\nat 100 key Right\nat 600 dump\n", [Self.page, Self.page, "--camera", place.root + "/none.avi"])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("camera") }
        #expect(lines == ["strips: camera file \(place.root)/none.avi: no such file"], "\(result.stderr)")
        let dump = try #require(result.lines.first)
        // The view says so and stays; the strip under it still pages.
        #expect((dump["camera"] as? [String: Any])?["frame"] as? Int == -1)
        #expect(dump["active"] as? Int == 1)
    }
}
