import Foundation
import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPizza

/// The pizza scene driven by scripts, exactly as `strips pizza --script` runs it. The default
/// 1024 x 768 window leaves a 684 pt tall strip area above the 84 pt panel: screen centre y 342,
/// centre line x 512, insets (684 - 300) / 2 = 192.
@Suite struct PizzaSceneTests {
    static let menu: [Pizza] = [
        ("margherita", "Margherita", 999), ("pepperoni", "Pepperoni", 1199), ("four-cheese", "Four Cheese", 1349),
        ("hawaiian", "Hawaiian", 1250), ("mushroom", "Mushroom", 1095), ("veggie", "Veggie", 1175),
    ].map { Pizza(slug: $0.0, name: $0.1, priceCents: $0.2, leftImagePath: "/x/\($0.0)-left.png", rightImagePath: "/x/\($0.0)-right.png") }

    static func scene(_ size: Size = Script.defaultWindow) -> PizzaScene {
        PizzaScene(menu: menu, windowSize: size)
    }

    static func run(_ script: String, everyFrame: Bool = false, seed: UInt64 = 1) throws -> (PizzaScene, [Trace]) {
        let parsed = try Script.parse(script)
        var runner = HeadlessRunner(script: parsed, scene: PizzaScene(menu: menu, windowSize: parsed.window, seed: seed),
                                    traceEveryFrame: everyFrame)
        var lines: [String] = []
        try runner.run(
            resolveKey: { name, _, _ in
                let known: [String: Key.Name] = ["up": .up, "down": .down, "m": .m, "d": .d, "q": .q, "escape": .escape]
                return Key(known[name.lowercased()] ?? .other)
            },
            emit: { lines.append($0) }, screenshot: { _, _ in })
        return (runner.scene, try lines.map { try Trace(line: $0) })
    }

    static func offset(for index: Int) -> Double { Double(index) * 300 + 150 - 342 }

    @Test func firstFrameCentresTheFirstPizzaInBothHalves() throws {
        let (scene, traces) = try Self.run("at 0 dump\nat 0 end")
        let t = try #require(traces.first)
        #expect(t.json["scene"] as? String == "pizza")
        #expect(t.idle)
        for name in ["left", "right"] {
            #expect(t.offset(name) == -192)
            #expect((t.strip(name)["index"] as? NSNumber)?.intValue == 0)
            let cells = t.cells(name)
            #expect(cells.map(\.index) == [0, 1])
            let centre = try #require(cells.first)
            #expect(centre.json["pizza"] as? String == "Margherita")
            #expect(centre.alpha == 1 && centre.number("scale") == 1 && centre.number("z") == 0)
            let x = name == "left" ? 512 - 2 - 150.0 : 512 + 2.0
            #expect(centre.rect() == Rect(x: x, y: 192, width: 150, height: 300))
            #expect(cells[1].alpha == 0.4 && cells[1].number("scale") == 0.4)
        }
        #expect(scene.order?.name == "Margherita")
        #expect(scene.order?.price == 999)
    }

    @Test func aFlingEndsOnAPizzaCentreAndMovesOnlyItsHalf() throws {
        let (scene, traces) = try Self.run("""
            at 0 down 300 600
            at 16 move 300 560
            at 33 move 300 480
            at 50 move 300 380
            at 66 move 300 260
            at 70 up 300 240
            at 2000 dump
            """)
        let t = try #require(traces.last)
        #expect(t.idle)
        let index = try #require((t.strip("left")["index"] as? NSNumber)?.intValue)
        #expect(index >= 2)
        #expect(abs(t.offset("left") - Self.offset(for: index)) < 0.01)
        #expect(t.offset("right") == -192)
        #expect(scene.selected[.left] == index && scene.selected[.right] == 0)
        #expect(scene.left.scroll.decelerationRate == Tuning.defaults.scroll.fastDeceleration)
    }

    @Test func aShortDragGlidesBackSmoothly() throws {
        // Drag 80 pt up, rest, release: still pizza 0, so the strip glides back without a jump.
        let (_, traces) = try Self.run("""
            at 0 down 300 500
            at 50 move 300 460
            at 100 move 300 420
            at 400 move 300 420
            at 450 up 300 420
            at 2000 end
            """, everyFrame: true)
        let after = traces.filter { $0.t >= 450 }
        let offsets = after.map { $0.offset("left") }
        #expect(abs((offsets.first ?? 0) - (-192 + 80)) < 10)
        // Monotonically back, no overshoot, small steps: a glide, not a snap.
        for (a, b) in zip(offsets, offsets.dropFirst()) {
            #expect(b <= a + 1e-9)
            #expect(a - b < 25)
        }
        #expect(offsets.allSatisfy { $0 >= -192 - 1e-6 })
        let settled = try #require(after.first { $0.idle })
        #expect(settled.offset("left") == -192)
        #expect(settled.t - 450 < 800 && settled.t - 450 > 150)
    }

    @Test func arrowKeysMoveTheHalfUnderThePointer() throws {
        let (scene, traces) = try Self.run("""
            at 0 move 700 300
            at 10 key down
            at 20 key down
            at 700 dump
            at 710 move 100 300
            at 720 key down
            at 740 key up
            at 760 key up
            at 1500 dump
            """)
        #expect(traces[0].offset("right") == Self.offset(for: 2))
        #expect(traces[0].offset("left") == -192)
        // Up past the first pizza stays on it.
        #expect(traces[1].offset("left") == -192)
        #expect(scene.selected[.left] == 0 && scene.selected[.right] == 2)
        #expect(scene.order?.name == "Margherita + Four Cheese")
        #expect(scene.order?.price == 1174)  // (999 + 1349) / 2
    }

    @Test func wheelMovesAtLeastOnePizzaPerGesture() throws {
        let (scene, traces) = try Self.run("""
            at 0 move 700 300
            at 10 wheel 0 -1
            at 1000 dump
            at 1010 wheel 0 -1
            at 1030 wheel 0 -1
            at 1050 wheel 0 -1
            at 1070 wheel 0 -1
            at 1090 wheel 0 -1
            at 1110 wheel 0 -1
            at 1130 wheel 0 -1
            at 2500 dump
            at 2510 wheel 0 1
            at 3500 dump
            """)
        // One notch (48 pt) is enough for the next pizza.
        #expect(traces[0].offset("right") == Self.offset(for: 1))
        // Seven notches, 336 pt from pizza 1: nearest to pizza 2.
        #expect(traces[1].offset("right") == Self.offset(for: 2))
        #expect(traces[2].offset("right") == Self.offset(for: 1))
        #expect(traces[2].offset("left") == -192)
        #expect(scene.selected[.right] == 1)
    }

    @Test func captionsCombineForAWholePizzaAndSplitForHalves() throws {
        let (_, traces) = try Self.run("""
            at 0 dump
            at 0 move 700 300
            at 10 key down
            at 160 dump
            at 1000 dump
            """)
        // Both halves on Margherita: one caption, centred on the line, 30 pt above the pizza.
        let whole = traces[0].captions
        #expect(whole.count == 1)
        #expect(whole.first?.text == "Margherita")
        let frame = try #require(whole.first?.frame)
        #expect(abs(frame.midX - 512) < 0.01)
        #expect(abs(frame.midY - (192 - 30)) < 0.01)
        #expect(whole.first?.alpha == 1)
        // Mid-animation: the right half's captions cross-fade and slide by 20 * norm.
        let moving = traces[1].captions
        #expect(moving.contains { $0.text == "Pepperoni" && $0.alpha > 0 && $0.alpha < 1 })
        // At rest on different pizzas: one caption over each half, each clear of the line.
        let halves = traces[2].captions
        #expect(halves.map(\.text).sorted() == ["Margherita", "Pepperoni"])
        let left = try #require(halves.first { $0.text == "Margherita" })
        let right = try #require(halves.first { $0.text == "Pepperoni" })
        #expect(left.frame.maxX <= 512 - 10 && right.frame.minX >= 512 + 10)
        #expect(left.alpha == 1 && right.alpha == 1)
        #expect(abs(left.frame.midY - 162) < 0.01 && abs(right.frame.midY - 162) < 0.01)
    }

    @Test func captionShiftFollowsTheNorm() throws {
        // Left on Pepperoni; hold the right half 100 pt up (norm -0.5 for Margherita): alpha 0.5,
        // shifted -10. Pepperoni on the right is 200 pt away: norm 1, alpha 0, not emitted.
        let (_, traces) = try Self.run("""
            at 0 move 100 300
            at 0 key down
            at 400 down 700 500
            at 450 move 700 450
            at 500 move 700 400
            at 520 dump
            """)
        let captions = traces[0].captions
        let right = try #require(captions.first { $0.text == "Margherita" && $0.frame.midX > 512 })
        #expect(abs(right.alpha - 0.5) < 1e-6)
        #expect(abs(right.frame.midY - (162 - 10)) < 1e-6)
        #expect(captions.filter { $0.frame.midX > 512 }.count == 1)
        let left = try #require(captions.first { $0.frame.midX < 512 })
        #expect(left.text == "Pepperoni" && left.alpha == 1)
    }

    @Test func wholePizzaCaptionSlidesApartAsOneHalfLeaves() throws {
        // Both on Margherita; hold the right half 100 pt up: its Margherita caption would be at
        // alpha 0.5 (norm -0.5), the left one at 1. Still one caption, as visible as the left
        // one, half-way (0.5 / 1) from the middle back to the left half's place.
        let (scene, traces) = try Self.run("""
            at 0 down 700 500
            at 50 move 700 450
            at 100 move 700 400
            at 120 dump
            """)
        let captions = traces[0].captions
        #expect(captions.count == 1)
        let caption = try #require(captions.first)
        #expect(caption.text == "Margherita" && caption.alpha == 1)
        let size = ApproximateTextMeasurer().size(of: "Margherita", pointSize: Tuning.defaults.pizza.captionPointSize, weight: .bold)
        // The left half's own place: centred over the half (512 - 2 - 75), clear of the line.
        let own = min(512 - 77, 512 - Tuning.defaults.pizza.captionLineClearance - size.width / 2)
        #expect(abs(caption.frame.midX - (own + 512) / 2) < 1e-6)
        // Left caption at 162, right at 162 - 10; the middle of those is 157; half-way there.
        #expect(abs(caption.frame.midY - 159.5) < 1e-6)
        #expect(scene.captions().first?.half == .left)
    }

    @Test func mixGlidesBothHalvesToAnotherCombinationDeterministically() throws {
        let script = "at 0 key m\nat 1000 dump\nat 1010 key m\nat 2000 dump"
        let (a, ta) = try Self.run(script)
        let (_, tb) = try Self.run(script)
        #expect(ta.map(\.line) == tb.map(\.line))
        #expect(a.selected[.left] != 0 && a.selected[.right] != 0)
        for t in ta {
            #expect(t.idle)
            for name in ["left", "right"] {
                let index = try #require((t.strip(name)["index"] as? NSNumber)?.intValue)
                #expect(abs(t.offset(name) - Self.offset(for: index)) < 0.01)
            }
        }
        let first = ta.map { ($0.strip("left")["index"] as? NSNumber)?.intValue ?? -1 }
        #expect(first[0] != first[1])
    }

    @Test func drumOrdersTheHalvesByDistance() throws {
        let (scene, traces) = try Self.run("at 0 key down\nat 0 key d\nat 1000 dump")
        let cells = traces[0].cells("left")
        #expect(cells.map(\.index) == cells.map(\.index).sorted())
        let byIndex = Dictionary(uniqueKeysWithValues: cells.map { ($0.index, $0) })
        let centre = try #require(byIndex[1]), below = try #require(byIndex[2]), above = try #require(byIndex[0])
        #expect(centre.number("z") > below.number("z") && centre.number("z") > above.number("z"))
        #expect(below.rect().minY < centre.rect().maxY)
        // Painted in z order: the centre half of each strip comes after its neighbours.
        let paths = scene.drawList().compactMap { item -> String? in
            if case .image(let q) = item { return q.image.path }
            return nil
        }
        let lastTwo = Set(paths.suffix(2))
        #expect(lastTwo == ["/x/pepperoni-left.png", "/x/margherita-right.png"] || lastTwo == ["/x/pepperoni-left.png", "/x/pepperoni-right.png"])
        #expect(scene.drum)
    }

    @Test func resizeKeepsBothSelectionsCentred() throws {
        let (scene, traces) = try Self.run("""
            at 0 move 700 300
            at 0 key down
            at 0 key down
            at 100 resize 600 500
            at 200 dump
            at 300 resize 1400 900
            at 400 dump
            """)
        // Mid-animation the resize jumps to where the half was heading.
        let small = traces[0]
        #expect(small.idle)
        // 600 x 500: strips 416 tall, pizza min(300, 416 - 120, 576) = 296.
        #expect(small.offset("right") == 2 * 296 + 148 - 208)
        #expect(small.offset("left") == 148 - 208)
        let big = traces[1]
        #expect(big.offset("right") == 2 * 300 + 150 - 408)
        let centre = try #require(big.cells("right").first { $0.index == 2 })
        #expect(centre.rect() == Rect(x: 702, y: 258, width: 150, height: 300))
        #expect(scene.selected[.right] == 2)
    }

    @Test func tapOnANeighbourBringsItToTheCentre() throws {
        let (scene, _) = try Self.run("at 0 down 480 595\nat 40 up 480 595\nat 1000 end")
        #expect(scene.selected[.left] == 1)
    }

    @Test func escapeAndQQuit() throws {
        var scene = Self.scene()
        scene.handle(.key(Key(.q)), at: 0)
        #expect(scene.wantsToQuit)
        var other = Self.scene()
        other.handle(.key(Key(.escape)), at: 0)
        #expect(other.wantsToQuit)
    }

    @Test func panelNamesTheCombinationAndPrice() throws {
        let (scene, _) = try Self.run("at 0 move 700 300\nat 0 key down\nat 0 key down\nat 0 key down\nat 1000 end")
        #expect(scene.order?.name == "Margherita + Hawaiian")
        let texts = scene.drawList().compactMap { item -> String? in
            if case .text(let run) = item { return run.text }
            return nil
        }
        #expect(texts.contains("$11.25"))  // (999 + 1250) / 2 = 1124.5, rounded up
        #expect(texts.contains("Margherita + Hawaiian"))
        #expect(scene.title == "Pizza - Margherita + Hawaiian - $11.25")
    }

    @Test func tinyAndEmptyWindowsDoNotBreak() throws {
        let (_, traces) = try Self.run("window 10 10\nat 0 dump\nat 10 key down\nat 20 resize 0 0\nat 30 wheel 0 -3\nat 40 key m\nat 500 dump")
        #expect(traces.count == 2)
        var empty = PizzaScene(menu: [], windowSize: Script.defaultWindow)
        empty.handle(.key(Key(.m)), at: 0)
        empty.handle(.pointerDown(Point(x: 10, y: 10)), at: 0)
        empty.tick(at: 1)
        #expect(empty.drawList().count == 2)
        #expect(empty.frame(at: 1).content.traceFields().count == 3)
    }
}

extension Trace {
    struct Caption {
        var text: String
        var frame: Rect
        var alpha: Double
    }

    var captions: [Caption] {
        (json["captions"] as? [[String: Any]] ?? []).map { c in
            let v = (c["frame"] as? [NSNumber] ?? []).map(\.doubleValue)
            return Caption(text: c["text"] as? String ?? "",
                           frame: v.count == 4 ? Rect(x: v[0], y: v[1], width: v[2], height: v[3]) : .zero,
                           alpha: (c["alpha"] as? NSNumber)?.doubleValue ?? .nan)
        }
    }
}

extension Trace.Cell {
    func number(_ key: String) -> Double { (json[key] as? NSNumber)?.doubleValue ?? .nan }
}

@Suite struct PizzaDrumAnimationTests {
    @Test func dFoldsIntoTheDrumAndBackOverAThirdOfASecond() {
        let menu = (0..<5).map { Pizza(slug: "p\($0)", name: "P\($0)", priceCents: 1000, leftImagePath: "/x/l\($0).png", rightImagePath: "/x/r\($0).png") }
        var scene = PizzaScene(menu: menu, windowSize: Size(width: 800, height: 700), selection: (2, 2))
        let flatY = scene.left.layout.attributes(at: 3, offset: scene.left.offset, content: scene.drumAmount).map(\.frame.midY) ?? .nan
        scene.handle(.key(Key(.d)), at: 1)
        scene.tick(at: 1 + Tuning.defaults.pizza.drumDuration / 2)
        #expect(!scene.isIdle)
        #expect(abs(scene.drumAmount - 0.5) < 1e-9)  // ease-in-out midpoint
        let midY = scene.left.layout.attributes(at: 3, offset: scene.left.offset, content: scene.drumAmount).map(\.frame.midY) ?? .nan
        scene.tick(at: 1 + Tuning.defaults.pizza.drumDuration)
        #expect(scene.isIdle && scene.drumAmount == 1)
        let drumY = scene.left.layout.attributes(at: 3, offset: scene.left.offset, content: scene.drumAmount).map(\.frame.midY) ?? .nan
        #expect(drumY < flatY)  // the neighbour below tucks up under the centre pizza
        #expect(abs(midY - (flatY + drumY) / 2) < 1e-6)
        scene.handle(.key(Key(.d)), at: 2)
        scene.tick(at: 2 + Tuning.defaults.pizza.drumDuration)
        #expect(scene.drumAmount == 0 && !scene.drum)
        #expect(scene.left.layout.attributes(at: 3, offset: scene.left.offset, content: scene.drumAmount).map(\.frame.midY) == flatY)
    }
}

@Suite struct PizzaHeldKeyTests {
    @Test func aHeldArrowStepsOnButAHeldMMixesOnlyAtRest() {
        let menu = (0..<9).map { Pizza(slug: "p\($0)", name: "P\($0)", priceCents: 1000, leftImagePath: "/x/l\($0).png", rightImagePath: "/x/r\($0).png") }
        var scene = PizzaScene(menu: menu, windowSize: Size(width: 800, height: 700), selection: (0, 0))
        scene.handle(.pointerMove(Point(x: 100, y: 300)), at: 0)
        scene.handle(.key(Key(.down)), at: 0)
        for k in 1...3 { scene.handle(.key(Key(.down, isRepeat: true)), at: 0.05 * Double(k)) }
        var t = 0.15
        while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
        #expect(scene.selected[.left] == 4)
        scene.handle(.key(Key(.m)), at: t)
        let mixedTo = scene.left.destinationIndex
        scene.handle(.key(Key(.m, isRepeat: true)), at: t + 0.05)
        #expect(scene.left.destinationIndex == mixedTo)
    }

    /// The pizza keys are one table, as the editor's: what the handling looks up is what the man
    /// page prints, and a key acts whatever modifiers are held (as the switch before the table did).
    @Test func thePizzaKeysAreOneTable() {
        #expect(PizzaKey(Key(.up)) == .step(-1) && PizzaKey(Key(.down, shift: true)) == .step(1))
        #expect(PizzaKey(Key(.m, ctrl: true)) == .mix && PizzaKey(Key(.d)) == .drum)
        #expect(PizzaKey(Key(.q)) == .quit && PizzaKey(Key(.escape)) == .quit && PizzaKey(Key(.left)) == nil)
        #expect(PizzaKey.table.rows.map(\.line).contains("M: mix, both halves glide to another combination"))
        #expect(PizzaKey.step(1).repeatsWhileMoving && !PizzaKey.mix.repeatsWhileMoving)
    }
}
