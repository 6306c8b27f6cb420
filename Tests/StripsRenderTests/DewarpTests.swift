import Foundation
import StripsCore
import StripsCorrection
import StripsDocumentPhotos
import StripsPictures
import StripsRender
import StripsSampleScans
import StripsText
import Testing

/// Curved pages laid flat (issue 40): a sample scan with known words bent as a book's page and
/// photographed, and leptonica's own photos of curved book pages, through the steps `--borders
/// auto` takes (the quad, the flat page at the finder's size, the curve, the page drawn with it).
@Suite(.serialized) struct DewarpTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/books")

    /// The page `--borders auto` makes of `photo`: cropped to `quad` (nil: whole), laid flat when
    /// curved; the curve found, and the flat page for comparison.
    static func corrected(_ photo: PixelBuffer, quad: Quad?) -> (flat: PixelBuffer, laid: PixelBuffer, curve: PageCurve?)? {
        let size = Size(width: Double(photo.width), height: Double(photo.height))
        let recipe = PixelRecipe(crop: quad)
        let renderer = PageRenderer()
        guard let small = renderer.page(photo, recipe: recipe, sourceSize: size, limit: PixelLimit(width: 2000, height: 2000))?.pixels,
              let flat = renderer.page(photo, recipe: recipe, sourceSize: size)?.pixels else { return nil }
        let curve = PageCurveFinder.curve(of: small)
        var curved = recipe
        curved.dewarp = curve
        guard let laid = renderer.page(photo, recipe: curved, sourceSize: size)?.pixels else { return nil }
        return (flat, laid, curve)
    }

    static func photo(_ name: String) throws -> PixelBuffer {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
        return try #require(JPEG.decode([UInt8](data)))
    }

    @Test func aBentScanReadsAsTheFlatScanOnceLaidFlat() throws {
        // A 200 dpi letter page of known words, bent as a right-hand page (gutter left).
        let style = SampleScanStyle(font: "DejaVu Serif", points: 11, turn: 0, shadow: 0, noise: 6, jpegQuality: 85, seed: 0)
        let scan = try #require(SampleScanner.scan(style, dpi: 200))
        let bend = BookPagePhoto.Bend(rise: 0.14, droop: 0.02, gutterLeft: true, offset: (0.05, -0.03))
        let photo = BookPagePhoto.photograph(scan.picture, bend: bend, width: 1800, height: 2400, seed: 3)
        let small = photo.boxReduced(by: 3)
        let quad = try #require(BorderDetector.detect(in: small)).scaled(from: Size(width: Double(small.width), height: Double(small.height)),
                                                                            to: Size(width: 1800, height: 2400))
        let (flat, laid, found) = try #require(Self.corrected(photo, quad: quad))
        let curve = try #require(found, "the bent page is found curved")
        #expect(curve.lines >= 20)

        let before = try #require(TextLineStraightness.measure(flat)), after = try #require(TextLineStraightness.measure(laid))
        print("bent scan: \(curve.lines) lines, bend \(curve.bend); line departures median \(before.median) -> \(after.median) px, worst \(before.worst) -> \(after.worst) px")
        #expect(before.median > 1)
        #expect(after.median < before.median * 0.3)
        #expect(after.worst < before.worst * 0.5)

        let recognizer = try Recognizer(languages: "eng")
        let dpi = Double(laid.width) / 8.5
        let flatScan = WordAccuracy.share(truth: scan.text, read: try recognizer.recognise(scan.picture, dpi: 200).text)
        let straight = WordAccuracy.share(truth: scan.text, read: try recognizer.recognise(laid, dpi: dpi).text)
        let bent = WordAccuracy.share(truth: scan.text, read: try recognizer.recognise(flat, dpi: dpi).text)
        print("bent scan: words read, flat scan \(flatScan), photo flattened \(bent), laid flat \(straight)")
        // Within a few points of the scan, and no worse than the flat correction alone.
        #expect(straight >= flatScan - 0.04)
        #expect(straight >= bent)
    }

    @Test(arguments: ["1555.007.jpg", "cat.035.jpg"])
    func leptonicasCurvedBookPagesComeOutWithStraightLines(_ name: String) throws {
        let photo = try Self.photo(name)
        let (flat, laid, found) = try #require(Self.corrected(photo, quad: nil))
        let curve = try #require(found, "\(name) is found curved")
        let before = try #require(TextLineStraightness.measure(flat)), after = try #require(TextLineStraightness.measure(laid))
        print("\(name): \(curve.lines) lines, bend \(curve.bend); line departures median \(before.median) -> \(after.median) px, worst \(before.worst) -> \(after.worst) px")
        #expect(before.median > 3)
        #expect(after.median < before.median * 0.3)
        #expect(after.worst < before.worst * 0.5)
    }

    /// page_dewarp's example photos (MIT), turned upright and made 2000 pixels long, each with its
    /// text transcribed by hand: the whole photo laid flat (as Shift+C does when the page fills the
    /// photo) reads more of its words than the photo as it was taken, and its lines come out straight.
    @Test(arguments: [("boston_cooking_a", 0.95)])
    func realPhotosOfCurvedPagesReadBetterLaidFlat(_ name: String, _ least: Double) throws {
        let photo = try Self.photo(name + ".jpg")
        let truth = try String(contentsOf: Self.fixtures.appendingPathComponent(name + ".txt"), encoding: .utf8)
        let (flat, laid, found) = try #require(Self.corrected(photo, quad: nil))
        let curve = try #require(found, "\(name) is found curved")
        let before = try #require(TextLineStraightness.measure(flat)), after = try #require(TextLineStraightness.measure(laid))
        let recognizer = try Recognizer(languages: "eng")
        // The photo's own density: the page is about 8.5 inches across its text block's width.
        let dpi = Double(photo.width) / 8.5
        let raw = WordAccuracy.share(truth: truth, read: try recognizer.recognise(flat, dpi: dpi).text)
        let straight = WordAccuracy.share(truth: truth, read: try recognizer.recognise(laid, dpi: dpi).text)
        print("\(name): \(curve.lines) lines, bend \(curve.bend); line departures median \(before.median) -> \(after.median) px, worst \(before.worst) -> \(after.worst) px; words read, photo \(raw), laid flat \(straight)")
        #expect(after.median < before.median * 0.5)
        #expect(after.worst < before.worst * 0.6)
        #expect(straight >= raw)
        #expect(straight >= least)
    }

    /// page_dewarp's photos leptonica builds no valid model of: a thesis page that is mostly a
    /// table (short entries, too few long lines), and page 249 of the cook book, whose lines bend
    /// beyond leptonica's limits for a book page. The line sheet lays each flat: its lines come
    /// out straighter than the flat correction leaves them.
    @Test(arguments: ["linguistics_thesis_a", "boston_cooking_b"])
    func aCurvedPageLeptonicaRefusesIsLaidFlatByTheLineSheet(_ name: String) throws {
        let photo = try Self.photo(name + ".jpg")
        #expect(PageCurveFinder.model(of: photo) == nil, "leptonica builds no model")
        let (flat, laid, found) = try #require(Self.corrected(photo, quad: nil))
        let curve = try #require(found, "the line sheet finds the curve")
        let before = try #require(TextLineStraightness.measure(flat)), after = try #require(TextLineStraightness.measure(laid))
        print("\(name): sheet of \(curve.lines) lines, bend \(curve.bend); line departures median \(before.median) -> \(after.median) px, worst \(before.worst) -> \(after.worst) px")
        #expect(after.median < before.median * 0.4)
        #expect(after.worst < before.worst * 0.5)
    }

    @Test func aFlatScanIsLeftAsTheFlatCorrectionMakesIt() throws {
        // Text lines as straight as a flatbed's: no curve, so `--borders auto` changes nothing
        // it did not change before.
        for seed in [1, 4] {
            var style = SampleScanStyle.standardSet[seed]
            style.turn = 0
            let scan = try #require(SampleScanner.scan(style, dpi: 200))
            let model = PageCurveFinder.model(of: scan.picture)
            #expect(PageCurveFinder.curve(of: scan.picture) == nil, "bend \(model?.bend ?? 0)")
            // Turned, it is still flat: a tilt is the straightener's, not a curve.
            let turned = Straightener.rotated(scan.picture, degrees: 2, fill: .white)
            #expect(PageCurveFinder.curve(of: turned) == nil)
        }
        // Too few lines to trust: left flat.
        var few = PixelBuffer(width: 1200, height: 1600, format: .grey)
        for i in few.bytes.indices { few.bytes[i] = 250 }
        #expect(PageCurveFinder.curve(of: few) == nil)
    }

    /// Two sample scans side by side, 150 dpi.
    static func twoScans() throws -> (SampleScan, SampleScan) {
        var left = SampleScanStyle.standardSet[0], right = SampleScanStyle.standardSet[3]
        left.turn = 0; right.turn = 0; left.shadow = 0; right.shadow = 0
        return (try #require(SampleScanner.scan(left, dpi: 150)), try #require(SampleScanner.scan(right, dpi: 150)))
    }

    @Test func anOpenBookBecomesItsTwoPagesLeftThenRight() throws {
        let (leftScan, rightScan) = try Self.twoScans()
        let bend = BookPagePhoto.Bend(rise: 0.06, droop: 0.015, offset: (0.02, -0.02))
        let photo = BookPagePhoto.spread(left: leftScan.picture, right: rightScan.picture, bend: bend, width: 3000, height: 2100, seed: 5)
        let size = Size(width: 3000, height: 2100)
        let small = photo.boxReduced(by: 4)
        let quad = BorderDetector.detect(in: small)?.scaled(from: Size(width: Double(small.width), height: Double(small.height)), to: size)
        let whole = quad ?? Quad(whole: size)
        let renderer = PageRenderer()
        let flat = try #require(renderer.page(photo, recipe: PixelRecipe(crop: quad), sourceSize: size, limit: PixelLimit(width: 2000, height: 2000))?.pixels)
        let found = SpreadFinder.gutter(of: flat)
        let gutter = try #require(found, "the spread is found")
        let halves = try #require(SpreadFinder.halves(of: whole, pageSize: flattenedSize(quad: whole, pictureSize: size), gutter: gutter))
        // The gutter is where the pages meet: the middle of the book, whatever the photo's framing.
        let gutterInPhoto = (halves.left.topRight.x + halves.left.bottomRight.x) / 2
        print("spread: quad \(quad == nil ? "not found" : "found"), gutter at \(gutter) of the page, \(gutterInPhoto) px in the photo")
        // The camera stood a fiftieth of a page right of the gutter: it is a little left of the middle.
        #expect(abs(gutterInPhoto - 1500) < 100)

        let recognizer = try Recognizer(languages: "eng")
        for (half, scan) in [(halves.left, leftScan), (halves.right, rightScan)] {
            let small = try #require(renderer.page(photo, recipe: PixelRecipe(crop: half), sourceSize: size, limit: PixelLimit(width: 2000, height: 2000))?.pixels)
            var recipe = PixelRecipe(crop: half)
            recipe.dewarp = PageCurveFinder.curve(of: small)
            let page = try #require(renderer.page(photo, recipe: recipe, sourceSize: size)?.pixels)
            let read = try recognizer.recognise(page, dpi: Double(page.width) / 8.5).text
            let share = WordAccuracy.share(truth: scan.text, read: read)
            let other = WordAccuracy.share(truth: (scan.text == leftScan.text ? rightScan : leftScan).text, read: read)
            print("spread: half \(page.width)x\(page.height), curve \(recipe.dewarp == nil ? "none" : "found"), its page's words \(share), the other's \(other)")
            // The other page shares its common words (which, their, with), not its text.
            #expect(share >= 0.85)
            #expect(share - other >= 0.3)
        }
    }

    @Test func aPageInTwoColumnsEvenlyLitIsNoSpread() throws {
        // The two scans side by side on one sheet, no gutter's shadow between them.
        let (left, right) = try Self.twoScans()
        var sheet = PixelBuffer(width: left.picture.width * 2, height: left.picture.height, format: left.picture.format)
        let bpp = sheet.format.bytesPerPixel, w = left.picture.width
        for y in 0..<sheet.height {
            for (k, part) in [left.picture, right.picture].enumerated() {
                let from = y * w * bpp, to = (y * sheet.width + k * w) * bpp
                sheet.bytes.replaceSubrange(to..<(to + w * bpp), with: part.bytes[from..<(from + w * bpp)])
            }
        }
        #expect(SpreadFinder.gutter(of: sheet) == nil)
        // A portrait page is never a spread.
        #expect(SpreadFinder.gutter(of: left.picture) == nil)
    }
}
