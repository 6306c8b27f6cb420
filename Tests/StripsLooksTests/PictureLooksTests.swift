import StripsCore
import StripsPictures
import StripsSampleScans
import Testing
@testable import StripsLooks

/// Issue 31: evening the paper to white moves a photograph on the page only by what the paper's
/// tint implies; its contrast and colours are not stretched as ink's are.
@Suite("Pictures in the looks")
struct PictureLooksTests {
    /// A colour letter (tinted paper, a photograph, a stamp), 5 x 6.5 inches at 200 dpi: small
    /// enough for a debug build, fine enough that the looks treat it as a page.
    static let letter = ColourScanner.scan(dpi: 200, inches: (5, 6.5), seed: 1)

    /// The photograph's pixels, 4 px in from its edge, as (r, g, b) of `picture`.
    static func photo(_ picture: PixelBuffer, _ scan: ColourScan) -> [(Double, Double, Double)] {
        scan.photoPixels(inset: 4).map { i in
            switch picture.format {
            case .rgb: return (Double(picture.bytes[i * 3]), Double(picture.bytes[i * 3 + 1]), Double(picture.bytes[i * 3 + 2]))
            case .bgra: return (Double(picture.bytes[i * 4 + 2]), Double(picture.bytes[i * 4 + 1]), Double(picture.bytes[i * 4]))
            case .grey: let v = Double(picture.bytes[i]); return (v, v, v)
            }
        }
    }

    /// The paper's colour as scanned: the bright end of the page beside the photograph.
    static func paper(_ scan: ColourScan) -> (Double, Double, Double) {
        let p = scan.photo, picture = scan.picture
        var samples: [(Double, Double, Double)] = []
        for y in stride(from: p.y, to: p.y + p.height, by: 3) {
            for x in (p.x - 14)..<(p.x - 8) {
                let i = (y * picture.width + x) * 3
                samples.append((Double(picture.bytes[i]), Double(picture.bytes[i + 1]), Double(picture.bytes[i + 2])))
            }
        }
        func high(_ values: [Double]) -> Double { values.sorted()[values.count * 9 / 10] }
        return (high(samples.map(\.0)), high(samples.map(\.1)), high(samples.map(\.2)))
    }

    @Test("the colour look moves a photograph's colours by what whitening the paper implies, and keeps its contrast")
    func colourIsGentleOnAPhotograph() throws {
        let scan = try #require(Self.letter)
        let look = Looks.apply(.colour, to: scan.picture, pixelsPerInch: scan.dpi)
        let before = Self.photo(scan.picture, scan), after = Self.photo(look, scan)
        let paper = Self.paper(scan)
        // Whitening alone: each channel scaled by white over the paper's level in it.
        var fromWhitening = 0.0, fromScan = 0.0
        for (b, a) in zip(before, after) {
            let expected = (min(255, b.0 * 255 / paper.0), min(255, b.1 * 255 / paper.1), min(255, b.2 * 255 / paper.2))
            fromWhitening += (abs(a.0 - expected.0) + abs(a.1 - expected.1) + abs(a.2 - expected.2)) / 3
            fromScan += (abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2)) / 3
        }
        fromWhitening /= Double(before.count)
        fromScan /= Double(before.count)
        #expect(fromWhitening < 6, "\(fromWhitening) from whitening the paper alone")
        #expect(fromScan < 20, "\(fromScan) from the scan")
        // Its contrast is the scan's (a stretch for ink widens the photograph's tones by half again).
        let spreadBefore = Measure.spread(before.map { 0.299 * $0.0 + 0.587 * $0.1 + 0.114 * $0.2 })
        let spreadAfter = Measure.spread(after.map { 0.299 * $0.0 + 0.587 * $0.1 + 0.114 * $0.2 })
        #expect(spreadAfter < spreadBefore * 1.15, "spread \(spreadBefore) -> \(spreadAfter)")
        // The text around it is still ink: black on white.
        let words = scan.words.filter { $0.y > Double(scan.photo.y + scan.photo.height) + 40 }.prefix(20)
        let darkest = words.map { w in
            (Int(w.y)..<Int(w.y + w.height)).flatMap { y in (Int(w.x)..<Int(w.x + w.width)).map { Measure.luma(look, y * look.width + $0) } }.min() ?? 255
        }
        #expect(Measure.mean(darkest) < 30, "the words' darkest ink \(Measure.mean(darkest))")
    }

    @Test("the grey look is as gentle, and a photograph is found in grey alone (by its edges, without colour)")
    func greyIsGentleOnAPhotograph() throws {
        let scan = try #require(Self.letter)
        let greyScan = Looks.luma(of: scan.picture)
        let look = Looks.apply(.grey, to: greyScan, pixelsPerInch: scan.dpi)
        let before = Self.photo(greyScan, scan).map(\.0), after = Self.photo(look, scan).map(\.0)
        let paper = Self.paper(scan)
        let paperLuma = 0.299 * paper.0 + 0.587 * paper.1 + 0.114 * paper.2
        let moved = zip(before, after).map { abs($1 - min(255, $0 * 255 / paperLuma)) }
        #expect(Measure.mean(moved) < 6, "\(Measure.mean(moved)) from whitening the paper alone")
        #expect(Measure.spread(after) < Measure.spread(before) * 1.15)
    }

    @Test("black and white halftones a photograph: its dots average to its grey, where a threshold made a black block")
    func bwHalftonesAPhotograph() throws {
        let scan = try #require(Self.letter)
        let bw = Looks.apply(.bw, to: scan.picture, pixelsPerInch: scan.dpi)
        let grey = Looks.apply(.grey, to: scan.picture, pixelsPerInch: scan.dpi)
        #expect(Set(bw.bytes).isSubset(of: [0, 255]))
        // Over 8 x 8 blocks of the photograph the dots' mean follows the grey look's.
        let p = scan.photo
        var differences: [Double] = []
        for by in stride(from: p.y + 4, to: p.y + p.height - 12, by: 8) {
            for bx in stride(from: p.x + 4, to: p.x + p.width - 12, by: 8) {
                var dots = 0.0, tones = 0.0
                for y in by..<(by + 8) { for x in bx..<(bx + 8) { dots += Double(bw.bytes[y * bw.width + x]); tones += Double(grey.bytes[y * grey.width + x]) } }
                differences.append(abs(dots - tones) / 64)
            }
        }
        #expect(Measure.mean(differences) < 20, "\(Measure.mean(differences))")
        let pixels = scan.photoPixels(inset: 4)
        let dark = Measure.darkShare(bw, pixels)
        #expect(dark > 0.2 && dark < 0.8, "\(dark) of the photograph black")
    }

    @Test("the photograph is found where it is, to within a map pixel, and nothing else on the letter is a picture")
    func thePhotographIsFound() throws {
        let scan = try #require(Self.letter)
        let scale = LookScale(pixelsPerInch: scan.dpi, width: scan.picture.width, height: scan.picture.height)
        for picture in [scan.picture, Looks.luma(of: scan.picture)] {
            let (pix, order) = try #require(Pix.from(picture))
            let colour = pix.depth == 32 ? ColourMask.make(pix, scale) : nil
            let found = try #require(PictureRegions.find(pix, order: order, colour: colour, scale: scale))
            #expect(found.boxes.count == 1, "\(found.boxes)")
            let box = try #require(found.boxes.first)
            let p = scan.photo, slack = scale.reduction + 1
            #expect(box.x <= p.x && box.y <= p.y && box.x + box.width >= p.x + p.width && box.y + box.height >= p.y + p.height, "\(box) vs \(p)")
            #expect(p.x - box.x <= slack && p.y - box.y <= slack, "\(box) vs \(p)")
            #expect(box.x + box.width - p.x - p.width <= slack && box.y + box.height - p.y - p.height <= slack, "\(box) vs \(p)")
        }
    }

    @Test("a page that is mostly photograph (a print on a narrow margin, a page still on its desk) keeps its tones")
    func mostlyPictureStaysAsItIs() throws {
        // A 6 x 4 inch print at 100 pixels an inch on a margin of cream paper 0.15 inch wide.
        let photo = try #require(ColourScanner.photograph(width: 570, height: 370, seed: 3))
        var page = PixelBuffer(width: 600, height: 400, format: .rgb)
        for i in 0..<(600 * 400) { page.bytes[i * 3] = 240; page.bytes[i * 3 + 1] = 232; page.bytes[i * 3 + 2] = 210 }
        for y in 0..<370 {
            page.bytes.replaceSubrange(((y + 15) * 600 + 15) * 3..<((y + 15) * 600 + 585) * 3, with: photo.bytes[(y * 570 * 3)..<((y + 1) * 570 * 3)])
        }
        for look in [Look.colour, .grey] {
            let result = Looks.apply(look, to: page, pixelsPerInch: 100)
            let source = look == .grey ? Looks.luma(of: page) : page
            var moved = 0.0
            for y in 20..<380 { for x in 20..<580 { moved += abs(Measure.luma(result, y * 600 + x) - Measure.luma(source, y * 600 + x)) } }
            #expect(moved / Double(360 * 560) < 8, "\(look): moved by \(moved / Double(360 * 560))")
        }
    }

    @Test("text pages under a lid's shadow have no pictures: their looks are as before")
    func textPagesHaveNone() throws {
        for style in SampleScanStyle.standardSet.prefix(4) {
            let scan = try #require(SampleScanner.scan(style, dpi: 150))
            let scale = LookScale(pixelsPerInch: scan.dpi, width: scan.picture.width, height: scan.picture.height)
            let (pix, order) = try #require(Pix.from(scan.picture))
            #expect(PictureRegions.find(pix, order: order, colour: ColourMask.make(pix, scale), scale: scale) == nil, "\(style)")
        }
        let page = SyntheticPage.standard
        let scale = LookScale(pixelsPerInch: LooksTests.pageInches, width: page.picture.width, height: page.picture.height)
        let (pix, order) = try #require(Pix.from(page.picture))
        #expect(PictureRegions.find(pix, order: order, colour: nil, scale: scale) == nil)
    }
}
