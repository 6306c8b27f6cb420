import CLeptonica
import StripsCore
import StripsPictures

/// Makes the layers of mixed raster content (`MixedRasterPage`) from a page in the colour or grey
/// look, as `Looks.apply` made it: the ink the black-and-white look would make black, less the
/// pictures (`PictureRegions`: they stay in the background, in colour), in a mask per ink colour at
/// the page's resolution (CCITT G4); the rest at about 150 pixels an inch, with the ink taken out
/// and its place filled from the paper or colour around it (so the background is flat paper where
/// the text was, and no letter's ghost or JPEG ringing shows around the sharp one drawn over it).
/// What is drawn is the look's pixels: the masks are the look's ink, the colours its colours.
public enum MixedRaster {
    /// A word Tesseract read, in the picture's pixels: where its confidence is high, the ink is
    /// text even inside a picture.
    public struct Word: Hashable, Sendable {
        public var x: Double, y: Double, width: Double, height: Double
        public var confidence: Double

        public init(x: Double, y: Double, width: Double, height: Double, confidence: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.confidence = confidence
        }

        func clamped(width pageWidth: Int, height pageHeight: Int) -> PictureRegions.Box {
            let x0 = max(0, min(pageWidth, Int(x.rounded(.down)))), y0 = max(0, min(pageHeight, Int(y.rounded(.down))))
            let x1 = max(x0, min(pageWidth, Int((x + width).rounded(.up)))), y1 = max(y0, min(pageHeight, Int((y + height).rounded(.up))))
            return PictureRegions.Box(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

    /// The background's resolution: photographs still look like photographs, flat paper costs
    /// next to nothing.
    public static let backgroundResolution = 150.0
    /// Its JPEG quality: no letters are left in it, so no sharp edges for JPEG to ring around; at
    /// 70 a photograph's flat areas showed 8 x 8 blocks zoomed in.
    public static let backgroundQuality = 80
    /// The share of the page past which ink is not layered.
    static let mostInk = 0.4
    /// How far around the ink (inches) the background is filled: the blur a scan leaves at a
    /// letter's edge, lighter than the threshold, would otherwise stay as a grey rim.
    static let inkRim = 0.01

    /// The layers of `picture` in `look` (colour or grey; a `.grey` buffer for grey). Nil when the
    /// look is another, the picture has no ink to mask (a photograph alone, a blank page), or a
    /// library fails: the caller then stores the page as a picture. `pixelsPerInch`: the page's
    /// resolution in the picture (else its long side counts as 11 inches). Safe on any thread.
    public static func encode(_ picture: PixelBuffer, look: Look, words: [Word] = [], pixelsPerInch: Double? = nil) -> MixedRasterPage? {
        guard look == .colour || look == .grey, !picture.isEmpty else { return nil }
        LeptonicaMessages.quiet()
        let source = look == .grey && picture.format != .grey ? Looks.luma(of: picture) : picture
        guard let (pix, order) = Pix.from(source) else { return nil }
        let scale = LookScale(pixelsPerInch: pixelsPerInch, width: source.width, height: source.height)
        let luma = pix.depth == 8 ? pix : Pix(taking: pixConvertRGBToGray(pix.pointer, order == .rgb ? 0.299 : 0.114, 0.587, order == .rgb ? 0.114 : 0.299))
        guard let luma else { return nil }
        let pictures = PictureRegions.find(pix, order: order, colour: pix.depth == 32 ? ColourMask.make(pix, scale) : nil, scale: scale)
        guard let ink = InkMask.find(source, pix: pix, luma: luma, pictures: pictures, words: words), !ink.pieces.isEmpty else { return nil }
        // Ink over most of the page (white letters on a dark panel, a dark page) leaves too little
        // background to fill the letters' places from: one JPEG keeps such a page as it is.
        var inked: Int32 = 0
        pixCountPixels(ink.mask.pointer, &inked, nil)
        guard Double(inked) < mostInk * Double(source.width * source.height) else { return nil }
        guard let layers = layers(of: ink, in: source) else { return nil }
        guard let background = background(pix, order: order, format: source.format == .grey ? .grey : .rgb, ink: ink.mask, scale: scale) else { return nil }
        return MixedRasterPage(width: source.width, height: source.height, background: background, layers: layers)
    }

    /// A layer for each colour of the ink, its mask as small as the box around that ink: each
    /// piece of one ink in its colour, the pixels of a piece where inks touch each in theirs.
    private static func layers(of ink: InkMask, in picture: PixelBuffer) -> [MixedRasterPage.Layer]? {
        let palette = InkPalette(ink.pieces) { InkMask.pixels(of: $0, in: picture, inner: true).map(\.colour) }
        let colours = palette.colours
        guard !colours.isEmpty else { return nil }
        var pieces = colours.map { $0.pieces.map { ink.pieces[$0] } }
        var loose = [[(x: Int, y: Int)]](repeating: [], count: colours.count)
        let placed = Set(colours.flatMap(\.pieces))
        for (index, piece) in ink.pieces.enumerated() where !placed.contains(index) {
            for pixel in InkMask.pixels(of: piece, in: picture) {
                guard let colour = palette.ink(of: pixel.colour) else { continue }
                loose[colour].append((pixel.x, pixel.y))
            }
        }
        var layers: [MixedRasterPage.Layer] = []
        for (index, colour) in colours.enumerated() {
            let boxes = pieces[index].map { (x: $0.x, y: $0.y, right: $0.x + $0.width, bottom: $0.y + $0.height) }
                + loose[index].map { (x: $0.x, y: $0.y, right: $0.x + 1, bottom: $0.y + 1) }
            guard let left = boxes.map(\.x).min(), let top = boxes.map(\.y).min(),
                  let right = boxes.map(\.right).max(), let bottom = boxes.map(\.bottom).max() else { continue }
            guard let mask = Pix(taking: pixCreate(Int32(right - left), Int32(bottom - top), 1)) else { return nil }
            for piece in pieces[index] {
                pixRasterop(mask.pointer, Int32(piece.x - left), Int32(piece.y - top), Int32(piece.width), Int32(piece.height),
                            PIX_SRC | PIX_DST, piece.bits.pointer, 0, 0)
            }
            for pixel in loose[index] { pixSetPixel(mask.pointer, Int32(pixel.x - left), Int32(pixel.y - top), 1) }
            guard let rows = BilevelEncoder.packed(mask),
                  let g4 = BilevelEncoder.g4(rows.bytes, bytesPerRow: rows.bytesPerRow, width: mask.width, height: mask.height) else { return nil }
            func level(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
            layers.append(MixedRasterPage.Layer(colour: MixedRasterPage.Colour(red: level(colour.red), green: level(colour.green), blue: level(colour.blue)),
                                                x: left, y: top, mask: g4))
        }
        pieces.removeAll()
        return layers
    }

    /// The page without its ink, at `backgroundResolution`, as a JPEG. The page is reduced by area
    /// averaging; every reduced pixel the ink (and its rim) touches at all is a hole, and takes the
    /// colour of the nearest one it does not (leptonica's seed spread, a Voronoi fill): done at the
    /// background's resolution, a quarter of the page's pixels at 300 dpi.
    private static func background(_ pix: Pix, order: Pix.ChannelOrder, format: PixelBuffer.Format, ink: Pix, scale: LookScale) -> PDFImage? {
        let rim = 2 * max(1, Int((inkRim * scale.pixelsPerInch).rounded())) + 1
        let factor = Float(min(1, backgroundResolution / scale.pixelsPerInch))
        guard let hidden = Pix(taking: pixDilateBrick(nil, ink.pointer, Int32(rim), Int32(rim))),
              let hiddenGrey = Pix(taking: pixConvert1To8(nil, hidden.pointer, 0, 255)),
              let touched = factor < 1 ? Pix(taking: pixScaleAreaMap(hiddenGrey.pointer, factor, factor)) : hiddenGrey,
              let clean = Pix(taking: pixThresholdToBinary(touched.pointer, 1)),
              let holes = Pix(taking: pixInvert(nil, clean.pointer)),
              let reduced = factor < 1 ? Pix(taking: pixScaleAreaMap(pix.pointer, factor, factor)) : pix else { return nil }
        let filled: Pix?
        if reduced.depth == 8 {
            filled = spread(reduced, under: holes)
        } else {
            let channels = [COLOR_RED, COLOR_GREEN, COLOR_BLUE].map { Pix(taking: pixGetRGBComponent(reduced.pointer, Int32($0))).flatMap { spread($0, under: holes) } }
            guard let r = channels[0], let g = channels[1], let b = channels[2] else { return nil }
            filled = Pix(taking: pixCreateRGBImage(r.pointer, g.pointer, b.pointer))
        }
        guard let filled, let buffer = filled.buffer(as: format, order: order) else { return nil }
        return JPEGEncoder.encode(buffer, quality: backgroundQuality, progressive: true)
    }

    /// An 8 bpp picture with the pixels under `mask` taken from the nearest pixel outside it.
    private static func spread(_ channel: Pix, under mask: Pix) -> Pix? {
        // The seed spread fills pixels of value 0: every other value is lifted by one first, and
        // the levels stretched back after (254 to 255, a change under half a percent).
        guard let seeds = Pix(taking: pixCopy(nil, channel.pointer)) else { return nil }
        pixAddConstantGray(seeds.pointer, 1)
        pixSetMasked(seeds.pointer, mask.pointer, 0)
        guard let spread = Pix(taking: pixSeedspread(seeds.pointer, 4)) else { return nil }
        pixAddConstantGray(spread.pointer, -1)
        return Pix(taking: pixGammaTRC(nil, spread.pointer, 1, 0, 254))
    }
}
