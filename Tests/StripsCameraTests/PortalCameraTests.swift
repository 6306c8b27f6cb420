import Foundation
import StripsCamera
import StripsCore
import StripsPhotosFeatures
import StripsPhotos
import Testing

/// The camera through the desktop portal and PipeWire (issue 43), against a desktop of the test's
/// own (`PortalWorld`: a private bus with a stand-in portal, a PipeWire daemon with SPA's video
/// test source as its camera, WirePlumber linking): a page taken through the same host, looks and
/// takes as V4L2 and video files; and each fault one line, within its time limit.
@Suite(.serialized, .enabled(if: PortalWorld.available, "needs dbus-daemon, pipewire, wireplumber (Scripts/install-deps.sh)"))
struct PortalCameraTests {
    /// The run's result: what the scene holds, and the lines said.
    struct Run {
        var scene: PhotosScene
        var said: [String]
        var kept: [String]
        var seconds: Double
    }

    /// `script` on a one-page document with `--camera portal` in `world`.
    static func run(_ world: PortalWorld, script: String) throws -> Run {
        let said = LinesSaid(), kept = LinesSaid()
        let folder = world.folder
        var options = CameraHost.Options(source: .portal, live: false) { jpeg, name, _, _ in
            let path = folder + "/" + name + ".jpg"
            guard FileManager.default.createFile(atPath: path, contents: Data(jpeg)) else { return .failure(CameraFault("cannot write \(path)")) }
            kept.add(path)
            return .success(path)
        }
        options.say = { said.add($0) }
        options.environment = world.environment
        let host = CameraHost(options: options)
        defer { host.finish() }
        let pages = [Page(id: "p0.png", path: "/nonexistent/p0.png", pixelSize: Size(width: 700, height: 1000))]
        var runner = HeadlessRunner(script: try Script.parse(script), scene: PhotosScene(documentName: "T", pages: pages, windowSize: Size(width: 800, height: 600)), traceEveryFrame: false)
        let started = Date()
        try runner.run(resolveKey: { name, ctrl, shift in Key.Name(rawValue: name).map { Key($0, ctrl: ctrl, shift: shift) } },
                       emit: { _ in }, screenshot: { _, _ in },
                       host: { effect, _ in effect.as(CameraRequest.self).map(host.run) ?? [] },
                       poll: { host.poll() }, clock: { host.clock($0) })
        return Run(scene: runner.scene, said: said.lines, kept: kept.lines, seconds: Date().timeIntervalSince(started))
    }

    @Test func aPageIsTakenThroughThePortalsPipeWireCamera() throws {
        let world = try PortalWorld()
        // Few frames: SPA's test source loses a buffer for each cycle a loaded machine misses
        // (docs/CAMERA.md), so the test asks for about 15.
        let run = try Self.run(world, script: "at 0 key ctrl+k\nat 600 key space\nat 800 end")
        #expect(run.said.isEmpty, "\(run.said)")
        // The portal was asked as a sandboxed app asks it: is there a camera, may we, the remote.
        #expect(world.portal?.asked == ["Get IsCameraPresent", "AccessCamera", "OpenPipeWireRemote"])
        // Space took the frame shown: SPA's test source negotiates 320x240 RGB at 25 fps.
        let taken = run.scene.pages.filter { $0.id.hasPrefix("Camera ") }
        #expect(taken.map(\.id) == ["Camera 1"])
        #expect(taken.first?.pixelSize == Size(width: 320, height: 240))
        let kept = try #require(run.kept.first)
        let jpeg = try #require(FileManager.default.contents(atPath: kept))
        #expect(jpeg.starts(with: [0xFF, 0xD8]) && jpeg.count > 1000)
    }

    @Test func theFramesArePipeWiresAndTheyMove() throws {
        let world = try PortalWorld()
        let input = try CameraInput(.portal, environment: world.environment)
        #expect(input.label == "RGB 320x240 at 25 fps")
        #expect((input.width, input.height) == (320, 240))
        var times: [Double] = []
        var lumas: [[UInt8]] = []
        for _ in 0..<10 {
            times.append(try input.next())
            let pixels = try #require(input.convert())
            #expect(pixels.shown.width == 320 && pixels.shown.height == 240)
            lumas.append(pixels.detail.bytes)
        }
        // Frames come at the stream's rate (25 fps: 0.04 s apart, 0.36 s for nine gaps; the
        // shared machine may bunch them, never lose the clock), and the test pattern is not blank.
        #expect(times == times.sorted() && times.last! - times.first! > 0.2)
        let first = lumas[0]
        #expect(Set(first).count > 8, "a test pattern has more than a few grey levels")
        // Ending the daemon ends the stream: one line, within the frame time limit.
        world.stopPipeWire()
        let started = Date()
        var fault: CameraFault?
        for _ in 0..<100 where fault == nil {
            do { _ = try input.next() } catch { fault = error }
        }
        #expect(fault == CameraFault.lost("portal") || fault == CameraFault.silent("portal", seconds: CameraInput.patience))
        #expect(Date().timeIntervalSince(started) < CameraInput.patience + 1)
    }

    /// Opens the portal's camera in `world`; the one line it fails with, and how long that took.
    static func fault(_ world: PortalWorld) -> (line: String?, seconds: Double) {
        let started = Date()
        do {
            _ = try CameraInput(.portal, environment: world.environment)
            return (nil, Date().timeIntervalSince(started))
        } catch {
            return (error.line, Date().timeIntervalSince(started))
        }
    }

    @Test func noPortalOnTheBusIsOneLine() throws {
        let world = try PortalWorld(portal: false)
        let (line, seconds) = Self.fault(world)
        #expect(line == "camera portal: no desktop portal on the session bus (xdg-desktop-portal is not running)")
        #expect(seconds < 2)
        // No bus at all.
        do {
            _ = try CameraInput(.portal, environment: [:])
            Issue.record("opened a portal camera with no bus")
        } catch {
            #expect(error.line == "camera portal: no D-Bus session bus, so no desktop portal to ask")
        }
    }

    @Test func aRefusalIsOneLineAndTheWindowsViewSaysIt() throws {
        let world = try PortalWorld()
        world.portal?.response = 1
        let run = try Self.run(world, script: "at 0 key ctrl+k\nat 500 end")
        let refused = "camera portal: access to the camera was refused (allow it in the desktop's privacy settings, then press Ctrl+K again)"
        #expect(run.said == [refused])
        #expect(world.portal?.asked == ["Get IsCameraPresent", "AccessCamera"])
        #expect(run.scene.pages.count == 1)
    }

    @Test func aPortalWithoutACameraIsOneLine() throws {
        let world = try PortalWorld()
        world.portal?.present = false
        #expect(Self.fault(world).line == "camera portal: the desktop portal reports no camera")
    }

    @Test func noCameraNodeIsOneLine() throws {
        let world = try PortalWorld(camera: false)
        let (line, seconds) = Self.fault(world)
        #expect(line == "camera portal: PipeWire shows no camera (unplugged, or no camera node)")
        #expect(seconds < 5)
    }

    @Test func aCameraNobodyLinksIsOneLineWithinItsLimit() throws {
        let world = try PortalWorld(sessionManager: false)
        let (line, seconds) = Self.fault(world)
        #expect(line?.hasPrefix("camera portal: the camera was not connected to Strips within") == true, "\(line ?? "opened")")
        #expect(seconds < 10)
    }
}
