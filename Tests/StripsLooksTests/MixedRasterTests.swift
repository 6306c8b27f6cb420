import StripsCore
import StripsPictures
import StripsSampleScans
import Testing
@testable import StripsLooks

/// Issue 31: a page in the colour or grey look as mixed raster content: the ink in 1-bit masks at
/// full resolution, one colour each, over a background of fewer pixels with the ink taken out.
@Suite("Mixed raster content")
struct MixedRasterTests {
    /// A half-letter colour letter at 300 dpi, in the colour look.
    static let letter = ColourScanner.scan(dpi: 300, inches: (4.25, 5.5), seed: 2)
    static let colour: PixelBuffer? = letter.map { Looks.apply(.colour, to: $0.picture, pixelsPerInch: $0.dpi) }

    @Test("a colour letter becomes masks of its inks (black, the letterhead's blue, the stamp's red) over a 150 dpi JPEG")
    func layersOfAColourLetter() throws {
        let scan = try #require(Self.letter), look = try #require(Self.colour)
        let page = try #require(MixedRaster.encode(look, look: .colour, pixelsPerInch: scan.dpi))
        #expect(page.width == look.width && page.height == look.height)
        #expect(page.background.filter == .dct && page.background.colourSpace == .rgb)
        #expect(abs(Double(page.background.width) - Double(look.width) / 2) <= 1, "\(page.background.width)")
        #expect(page.layers.allSatisfy { $0.mask.filter == .ccittFax && $0.mask.bitsPerComponent == 1 })
        func hue(_ c: MixedRasterPage.Colour) -> (Int, Int, Int) { (Int(c.red), Int(c.green), Int(c.blue)) }
        let colours = page.layers.map { hue($0.colour) }
        // The text's black, the largest layer.
        let black = try #require(page.layers.max { $0.mask.width * $0.mask.height < $1.mask.width * $1.mask.height })
        #expect(max(black.colour.red, black.colour.green, black.colour.blue) < 60, "\(colours)")
        #expect(colours.contains { $0.0 > 150 && $0.1 < 80 && $0.2 < 80 }, "a red layer: \(colours)")
        #expect(colours.contains { $0.2 > 120 && $0.0 < 80 && $0.1 < 110 }, "a blue layer: \(colours)")
        // Far smaller than the page as one JPEG.
        let plain = try #require(PageImageEncoder.encode(look, look: .colour))
        #expect(page.byteCount * 4 < plain.bytes.count, "\(page.byteCount) against \(plain.bytes.count)")
    }

    @Test("the photograph stays in the background: no mask covers it")
    func thePhotographIsNotInk() throws {
        let scan = try #require(Self.letter), look = try #require(Self.colour)
        let (pix, order) = try #require(Pix.from(look))
        let scale = LookScale(pixelsPerInch: scan.dpi, width: look.width, height: look.height)
        let pictures = PictureRegions.find(pix, order: order, colour: ColourMask.make(pix, scale), scale: scale)
        let luma = try #require(Pix.from(Looks.luma(of: look))?.0)
        let ink = try #require(InkMask.find(look, pix: pix, luma: luma, pictures: pictures, words: []))
        let mask = try #require(ink.mask.buffer(as: .grey))
        // Ink is black in the mask as a picture.
        let inside = scan.photoPixels(inset: 2).filter { mask.bytes[$0] == 0 }.count
        #expect(inside == 0)
        // The text beside and below it is ink.
        #expect(ink.pieces.count > 100, "\(ink.pieces.count)")
    }

    @Test("the grey look's layers are grey, over a one-channel background")
    func greyLayers() throws {
        let scan = try #require(Self.letter)
        let grey = Looks.apply(.grey, to: scan.picture, pixelsPerInch: scan.dpi)
        let page = try #require(MixedRaster.encode(grey, look: .grey, pixelsPerInch: scan.dpi))
        #expect(page.background.colourSpace == .grey)
        #expect(page.layers.allSatisfy { $0.colour.red == $0.colour.green && $0.colour.green == $0.colour.blue })
    }

    @Test("nothing to layer: a blank page, a page that is all photograph, the other looks")
    func nothingToLayer() throws {
        let blank = PixelBuffer(width: 600, height: 800, format: .rgb, filledWith: 255)
        #expect(MixedRaster.encode(blank, look: .colour, pixelsPerInch: 100)?.layers.count == nil)
        let scan = try #require(Self.letter)
        let p = scan.photo
        var photo = PixelBuffer(width: p.width, height: p.height, format: .rgb)
        for y in 0..<p.height {
            let from = ((p.y + y) * scan.picture.width + p.x) * 3
            photo.bytes.replaceSubrange((y * p.width * 3)..<((y + 1) * p.width * 3), with: scan.picture.bytes[from..<(from + p.width * 3)])
        }
        let layered = MixedRaster.encode(Looks.apply(.colour, to: photo, pixelsPerInch: scan.dpi), look: .colour, pixelsPerInch: scan.dpi)
        #expect(layered?.layers.map(\.colour) == nil)
        #expect(MixedRaster.encode(scan.picture, look: .bw)?.layers.count == nil && MixedRaster.encode(scan.picture, look: .original)?.layers.count == nil)
    }

    @Test("white letters on a dark page are not layered: the letters' places could not be filled from a background")
    func darkPagesStayWhole() {
        var picture = PixelBuffer(width: 400, height: 500, format: .rgb, filledWith: 20)
        for y in stride(from: 40, to: 460, by: 30) { for x in stride(from: 40, to: 360, by: 9) { for dy in 0..<14 { for dx in 0..<3 {
            let i = ((y + dy) * 400 + x + dx) * 3
            picture.bytes[i] = 250; picture.bytes[i + 1] = 250; picture.bytes[i + 2] = 250
        } } } }
        #expect(MixedRaster.encode(picture, look: .colour, pixelsPerInch: 100)?.layers.count == nil)
    }

    @Test("ink of two colours touching (a red ring over black letters) goes to each colour pixel by pixel")
    func touchingInks() throws {
        // Black bars crossed by a red bar, on white: one connected piece of two inks.
        var picture = PixelBuffer(width: 300, height: 300, format: .rgb, filledWith: 255)
        func paint(_ xs: Range<Int>, _ ys: Range<Int>, _ c: (UInt8, UInt8, UInt8)) {
            for y in ys { for x in xs { let i = (y * 300 + x) * 3; picture.bytes[i] = c.0; picture.bytes[i + 1] = c.1; picture.bytes[i + 2] = c.2 } }
        }
        for x in stride(from: 40, to: 260, by: 30) { paint(x..<(x + 8), 60..<240, (10, 10, 10)) }
        paint(20..<280, 140..<156, (210, 20, 30))
        let page = try #require(MixedRaster.encode(picture, look: .colour, pixelsPerInch: 150))
        let reds = page.layers.filter { $0.colour.red > 150 && $0.colour.green < 80 }
        let blacks = page.layers.filter { $0.colour.red < 60 && $0.colour.green < 60 }
        #expect(reds.count == 1 && blacks.count == 1, "\(page.layers.map(\.colour))")
        // The red layer spans the red bar only; the black one the bars.
        #expect(reds.first.map { $0.y >= 138 && $0.y + $0.mask.height <= 158 } == true, "\(reds.map { ($0.y, $0.mask.height) })")
        #expect(blacks.first.map { $0.y <= 62 && $0.y + $0.mask.height >= 238 } == true)
    }
}
