import Foundation
import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPizza
@testable import StripsPictures
@testable import StripsSDL

/// Real frames of the bundled pizzas, rendered by the software renderer and read back.
@Suite(.serialized) struct PizzaScreenshotTests {
    static let window = Size(width: 1024, height: 768)

    func menu() throws -> [Pizza] {
        let folder = try #require(Resources.pizzaFolder)
        let text = try String(contentsOfFile: folder + "/menu.tsv", encoding: .utf8)
        return try PizzaMenu.parse(text, folder: folder)
    }

    func render(_ scene: PizzaScene, _ name: String) throws -> OffscreenRenderer {
        let renderer = try OffscreenRenderer(fonts: FontBook())
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        try renderer.screenshot(scene.frame(at: 0), to: path)
        #expect(FileManager.default.fileExists(atPath: path))
        return renderer
    }

    func brightness(_ r: OffscreenRenderer, _ x: Double, _ y: Double) throws -> Int {
        let (a, b, c) = try #require(r.pixel(x: Int32(x), y: Int32(y)))
        return Int(a) + Int(b) + Int(c)
    }

    @Test func menuOnDiskIsComplete() throws {
        let menu = try menu()
        #expect(menu.count == 9)
        #expect(menu.first?.name == "Margherita" && menu.first?.priceCents == 999)
        for pizza in menu {
            #expect(FileManager.default.fileExists(atPath: pizza.leftImagePath))
            #expect(FileManager.default.fileExists(atPath: pizza.rightImagePath))
        }
    }

    @Test func halvesMeetAtTheCentreLineOverADarkBackground() throws {
        try SDLSystem.start(video: false)
        var scene = PizzaScene(menu: try menu(), windowSize: Self.window, seed: 1, selection: (0, 1),
                               measurer: FontBook() ?? ApproximateTextMeasurer())
        scene.tick(at: 0)
        let r = try render(scene, "strips-pizza-halves.png")
        // Lots of colour: two pizzas' toppings, not placeholders.
        var seen = Set<UInt32>()
        for y in stride(from: 0, to: 684, by: 5) {
            for x in stride(from: 300, to: 724, by: 5) {
                if let (a, b, c) = r.pixel(x: Int32(x), y: Int32(y)) { seen.insert(UInt32(a) << 16 | UInt32(b) << 8 | UInt32(c)) }
            }
        }
        #expect(seen.count > 300)
        // The selected halves: opaque pizza on both sides of the line, the 4 pt gap dark between.
        #expect(try brightness(r, 440, 342) > 200)
        #expect(try brightness(r, 585, 342) > 200)
        #expect(try brightness(r, 512, 342) < 100)
        // The background beside the pizza stays dark.
        #expect(try brightness(r, 100, 342) < 100 && brightness(r, 920, 342) < 100)
        // The neighbour below is small and faded, so the dark background shows beside it.
        let neighbour = try #require(scene.cells(of: .right).first { $0.index == 2 })
        #expect(neighbour.frame.width == 60 && neighbour.alpha == 0.4)
        #expect(try brightness(r, 700, neighbour.frame.midY) < 100)
        // The panel: a lighter strip at the bottom with the price in warm yellow.
        let (pr, pg, pb) = try #require(r.pixel(x: 600, y: 700))
        #expect(Int(pr) + Int(pg) + Int(pb) > 3 * 27 && pr < 60)
        if FontBook() != nil {
            var yellow = 0
            for y in stride(from: 700, to: 750, by: 2) {
                for x in stride(from: 880, to: 1000, by: 2) {
                    if let (a, b, c) = r.pixel(x: Int32(x), y: Int32(y)), a > 200, b > 140, c < 140 { yellow += 1 }
                }
            }
            #expect(yellow > 20)
            // The two captions: light text above each half.
            var light = 0
            for y in stride(from: 140, to: 185, by: 1) {
                for x in stride(from: 340, to: 700, by: 2) {
                    if let (a, b, c) = r.pixel(x: Int32(x), y: Int32(y)), Int(a) + Int(b) + Int(c) > 600 { light += 1 }
                }
            }
            #expect(light > 100)
        }
    }

    @Test func drumStacksNeighboursBehindTheCentre() throws {
        try SDLSystem.start(video: false)
        var scene = PizzaScene(menu: try menu(), windowSize: Self.window, seed: 1, selection: (3, 3))
        scene.handle(.key(Key(.d)), at: 0)
        scene.tick(at: Tuning.defaults.pizza.drumDuration)
        #expect(scene.drumAmount == 1)
        let r = try render(scene, "strips-pizza-drum.png")
        // The neighbours reach under the centre pizza, whose crust is drawn over them.
        #expect(try brightness(r, 440, 342) > 200)
        let images = scene.drawList().compactMap { item -> ImageQuad? in
            if case .image(let q) = item { return q }
            return nil
        }
        #expect(images.suffix(2).allSatisfy { $0.alpha == 1 && $0.frame.height == 300 })
    }
}
