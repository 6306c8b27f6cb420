import StripsCore
import StripsCorrection
import StripsPictures
import StripsRender
import Testing

/// Fingers holding a book's page at its margins, painted out with the paper (issue 40), on made-up
/// pages whose every pixel is known: a page of word-like ink on paper, skin-coloured fingers
/// reaching in from its edges, and the things that are not fingers.
@Suite struct FingerTests {
    static let width = 900, height = 1200

    /// A page of paper with lines of words (dark boxes) between margins of a tenth of its width.
    static func page(paper: (UInt8, UInt8, UInt8) = (238, 234, 224)) -> PixelBuffer {
        var page = PixelBuffer(width: width, height: height, format: .rgb)
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int { seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return Int(seed >> 33) % n }
        for i in 0..<(width * height) {
            // A little grain, as paper has.
            let g = next(5) - 2
            page.bytes[3 * i] = UInt8(Int(paper.0) + g); page.bytes[3 * i + 1] = UInt8(Int(paper.1) + g); page.bytes[3 * i + 2] = UInt8(Int(paper.2) + g)
        }
        for line in 0..<40 {
            let top = 100 + line * 25
            var x = 90
            while x < width - 110 {
                let word = 20 + next(60)
                for y in top..<(top + 11) { for xx in x..<min(width - 90, x + word) { set(&page, xx, y, (30, 30, 35)) } }
                x += word + 10
            }
        }
        return page
    }

    static func set(_ page: inout PixelBuffer, _ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
        let o = (y * page.width + x) * 3
        page.bytes[o] = c.0; page.bytes[o + 1] = c.1; page.bytes[o + 2] = c.2
    }

    /// A finger: a capsule from `from` to `to` of `radius`, skin shaded darker towards its sides,
    /// with a thin shadow along it. Returns the pixels it covers.
    @discardableResult
    static func finger(_ page: inout PixelBuffer, from: Point, to: Point, radius: Double, skin: (Double, Double, Double) = (214, 160, 130)) -> Set<Int> {
        var covered = Set<Int>()
        let d = to - from, length2 = d.x * d.x + d.y * d.y
        for y in 0..<page.height {
            for x in 0..<page.width {
                let p = Point(x: Double(x), y: Double(y))
                let t = max(0, min(1, ((p - from).x * d.x + (p - from).y * d.y) / length2))
                let q = Point(x: from.x + t * d.x, y: from.y + t * d.y)
                let r = p.distance(to: q) / radius
                if r <= 1 {
                    let shade = 1 - 0.25 * r * r
                    set(&page, x, y, (UInt8(skin.0 * shade), UInt8(skin.1 * shade), UInt8(skin.2 * shade)))
                    covered.insert(y * page.width + x)
                } else if r <= 1.15 {
                    // The finger's shadow on the paper.
                    let o = (y * page.width + x) * 3
                    for c in 0..<3 { page.bytes[o + c] = UInt8(Double(page.bytes[o + c]) * 0.8) }
                }
            }
        }
        return covered
    }

    static func painted(_ page: PixelBuffer, _ patches: [PaperPatch]) throws -> PixelBuffer {
        var recipe = PixelRecipe()
        recipe.fingers = patches
        let size = Size(width: Double(page.width), height: Double(page.height))
        return try #require(PageRenderer().page(page, recipe: recipe, sourceSize: size)?.pixels)
    }

    static func mean(_ page: PixelBuffer, _ pixels: Set<Int>) -> (Double, Double, Double) {
        var s = (0.0, 0.0, 0.0)
        for i in pixels { s.0 += Double(page.bytes[3 * i]); s.1 += Double(page.bytes[3 * i + 1]); s.2 += Double(page.bytes[3 * i + 2]) }
        let n = Double(max(1, pixels.count))
        return (s.0 / n, s.1 / n, s.2 / n)
    }

    @Test func aThumbAndAFingerAtTheMarginsBecomePaper() throws {
        let clean = Self.page()
        var page = clean
        // A thumb from the left edge into the margin, a finger from the right edge.
        let thumb = Self.finger(&page, from: Point(x: -20, y: 520), to: Point(x: 60, y: 540), radius: 26)
        let other = Self.finger(&page, from: Point(x: 940, y: 800), to: Point(x: 840, y: 780), radius: 22)
        let patches = FingerFinder.patches(of: page)
        #expect(patches.count == 2, "\(patches.map(\.box))")
        let out = try Self.painted(page, patches)
        // Where the fingers were is paper again: within a few levels of the clean page there.
        for covered in [thumb, other] {
            let was = Self.mean(clean, covered), now = Self.mean(out, covered)
            #expect(abs(now.0 - was.0) < 8 && abs(now.1 - was.1) < 8 && abs(now.2 - was.2) < 8, "paper \(was), painted \(now)")
        }
        // The text is untouched: every ink pixel of the page is as it was.
        var changedInk = 0
        for i in 0..<(Self.width * Self.height) where clean.bytes[3 * i] < 100 && out.bytes[3 * i] != clean.bytes[3 * i] { changedInk += 1 }
        #expect(changedInk == 0)
        // The patches are in the trace and the fingerprint.
        var recipe = PixelRecipe()
        recipe.fingers = patches
        #expect(recipe.traceFields.map(\.0) == ["fingers"] && recipe.fingerprint.hasPrefix("fingers="))
    }

    @Test func aFingerOverTheTextLeavesTheWordsBesideIt() throws {
        let clean = Self.page()
        var page = clean
        // A finger from the left edge reaching over the start of two lines of text.
        let covered = Self.finger(&page, from: Point(x: -10, y: 612), to: Point(x: 150, y: 615), radius: 18)
        let patches = FingerFinder.patches(of: page)
        #expect(patches.count == 1)
        let out = try Self.painted(page, patches)
        // The ink the finger does not hide is kept where it was (its rim's shadow aside).
        var inkKept = 0, inkSeen = 0
        for i in 0..<(Self.width * Self.height) where !covered.contains(i) && page.bytes[3 * i] < 60 {
            inkSeen += 1
            if out.bytes[3 * i] < 80 { inkKept += 1 }
        }
        #expect(inkSeen > 10_000 && inkKept == inkSeen, "\(inkKept) of \(inkSeen) ink pixels kept")
        // And the finger's skin over the margin is gone.
        let margin = covered.filter { $0 % Self.width < 80 }
        let now = Self.mean(out, Set(margin)), was = Self.mean(clean, Set(margin))
        #expect(abs(now.0 - was.0) < 10 && abs(now.2 - was.2) < 10, "paper \(was), painted \(now)")
    }

    @Test func whatIsNoFingerIsLeftAlone() {
        // A pink paper, no fingers.
        #expect(FingerFinder.patches(of: Self.page(paper: (246, 222, 212))).isEmpty)
        // A skin-coloured picture in the middle of the page (a face in a photograph).
        var picture = Self.page()
        Self.finger(&picture, from: Point(x: 400, y: 600), to: Point(x: 480, y: 600), radius: 60)
        #expect(FingerFinder.patches(of: picture).isEmpty)
        // A strip of wooden desk along the whole left edge (a crop a little wide).
        var desk = Self.page()
        for y in 0..<Self.height { for x in 0..<14 { Self.set(&desk, x, y, (150, 100, 60)) } }
        #expect(FingerFinder.patches(of: desk).isEmpty)
        // A grey page has no skin to tell.
        var grey = PixelBuffer(width: 400, height: 500, format: .grey, filledWith: 230)
        grey.bytes[0] = 0
        #expect(FingerFinder.patches(of: grey).isEmpty)
    }

    @Test func aPatchPaintsTheSameAtEverySize() throws {
        var page = Self.page()
        Self.finger(&page, from: Point(x: -20, y: 520), to: Point(x: 60, y: 540), radius: 26)
        let patches = FingerFinder.patches(of: page)
        let full = try Self.painted(page, patches)
        let half = try Self.painted(page.boxReduced(by: 2), patches)
        // The finger's middle, in both: paper.
        let a = (530 * Self.width + 30) * 3, b = (265 * (Self.width / 2) + 15) * 3
        #expect(abs(Int(full.bytes[a]) - 238) < 8 && abs(Int(half.bytes[b]) - 238) < 8, "\(full.bytes[a]) \(half.bytes[b])")
    }
}
