import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPhotos

/// Random but reproducible sequences of everything a user can do, checking after each settles
/// that the strips agree: no sequence crashes, desynchronises or leaves the focus off-centre.
@Suite struct PhotosRobustnessTests {
    func checkAtRest(_ scene: PhotosScene, _ context: String) {
        let g = scene.geometry
        guard !scene.pages.isEmpty else {
            #expect(scene.strips.focusIndex == -1, "\(context)")
            return
        }
        #expect((0..<scene.pages.count).contains(scene.strips.focusIndex), "\(context)")
        guard g.preview.width > 0 else { return }
        #expect(abs(scene.strips.preview.offset - Double(scene.strips.focusIndex) * g.preview.width) < 1e-6, "\(context)")
        let focused = scene.thumbnailCells().first { $0.index == scene.strips.focusIndex }
        #expect(focused.map { abs($0.frame.midX - g.window.width / 2) < 1e-6 } ?? (g.window.height < 100), "\(context)")
        // Thumbnails never overlap.
        let frames = scene.thumbnailCells().map(\.frame).sorted { $0.minX < $1.minX }
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.minX >= a.maxX - 1e-6, "\(context)") }
        #expect(Set(scene.pages.map(\.id)).count == scene.pages.count, "\(context)")
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomSessions(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var scene = PhotosScene(documentName: "T", pages: SceneHarness.pages([0.7, 1.5, 0.3, 3, 1, 0.7, 2, 0.5]), windowSize: Size(width: 800, height: 600))
        var t = 0.0
        let keys: [Key] = [Key(.left), Key(.right), Key(.home), Key(.end), Key(.delete), Key(.backspace),
                           Key(.z, ctrl: true), Key(.z, ctrl: true, shift: true), Key(.y, ctrl: true)]
        var checks = 0
        for step in 0..<120 {
            let w = scene.windowSize.width, h = scene.windowSize.height
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...2:
                scene.handle(.key(keys.randomElement(using: &rng)!), at: t)
            case 3...5:
                // A drag or fling on a random strip, of random speed.
                let y = Bool.random(using: &rng) ? h - 41 : h / 3
                let x0 = Double.random(in: 0...max(1, w), using: &rng), x1 = Double.random(in: 0...max(1, w), using: &rng)
                let steps = Int.random(in: 1...12, using: &rng)
                scene.handle(.pointerDown(Point(x: x0, y: y)), at: t)
                for i in 1...steps {
                    t += Double.random(in: 0.005...0.05, using: &rng)
                    scene.handle(.pointerMove(Point(x: x0 + (x1 - x0) * Double(i) / Double(steps), y: y)), at: t)
                    if Bool.random(using: &rng) { scene.tick(at: t) }
                }
                scene.handle(.pointerUp(Point(x: x1, y: y)), at: t)
            case 6:
                scene.handle(.pointerDown(Point(x: Double.random(in: 0...w, using: &rng), y: h - 41)), at: t)
                scene.handle(.pointerUp(Point(x: Double.random(in: 0...w, using: &rng), y: h - 41)), at: t + 0.05)
            case 7:
                scene.handle(.pointerMove(Point(x: w / 2, y: Bool.random(using: &rng) ? h - 41 : 100)), at: t)
                scene.handle(.wheel(dx: Double.random(in: -3...3, using: &rng), dy: Double.random(in: -3...3, using: &rng)), at: t)
            case 8:
                let sizes = [Size(width: 800, height: 600), Size(width: 320, height: 240), Size(width: 0, height: 0),
                             Size(width: 1280, height: 400), Size(width: 50, height: 900)]
                scene.handle(.resize(sizes.randomElement(using: &rng)!), at: t)
            default:
                if scene.pages.count < 3 {
                    scene.handle(.host(.pagesLoaded(SceneHarness.pages([Double.random(in: 0.2...4, using: &rng)]))), at: t)
                }
            }
            // Advance a random number of frames; sometimes let everything settle.
            let frames = Bool.random(using: &rng) ? Int.random(in: 0...20, using: &rng) : 400
            for _ in 0..<frames {
                t += 1.0 / 60
                scene.tick(at: t)
                if scene.isIdle { break }
            }
            if scene.isIdle {
                if scene.windowSize.width < 100 { scene.handle(.resize(Size(width: 800, height: 600)), at: t) }
                checkAtRest(scene, "seed \(seed) step \(step)")
                checks += 1
            }
        }
        #expect(checks > 30)
    }
}
