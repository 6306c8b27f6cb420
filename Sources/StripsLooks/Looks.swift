import CLeptonica
import StripsCore
import StripsPictures

/// The looks of a page, made with leptonica: the paper's own light (a scanner lid's shadow, a
/// phone's uneven lamp) is estimated by wiping the text off a reduced copy (a grey closing), each
/// pixel is divided by it so the paper becomes white everywhere, and the tones are stretched so ink
/// is black again, except in pictures (`PictureRegions`), which are only whitened; strips along
/// the page's edge (`BorderNoise`) become paper. Grey is the same on one channel; black and white
/// thresholds that.
public enum Looks {
    /// `picture` in `look`. Colour keeps the picture's format; grey and bw give `.grey` buffers (bw
    /// holds only 0 and 255, except below 40 pixels an inch, a thumbnail, where it is what the bw
    /// page reduced looks like: its ink and paper mixed). `pixelsPerInch` is the page's resolution in this picture, when known
    /// (else the long side counts as 11 inches). Safe on any thread; a picture leptonica cannot take
    /// (empty, absurd) comes back as it was.
    /// `pageEdges`: which sides of `picture` are the page's edges (a part of a page has fewer).
    public static func apply(_ look: Look, to picture: PixelBuffer, pixelsPerInch: Double? = nil, pageEdges: PageEdges = .all) -> PixelBuffer {
        guard look != .original, !picture.isEmpty else { return picture }
        LeptonicaMessages.quiet()
        var scale = LookScale(pixelsPerInch: pixelsPerInch, width: picture.width, height: picture.height)
        scale.pageEdges = pageEdges
        let made: PixelBuffer?
        switch look {
        case .original: made = picture
        case .colour: made = colour(picture, scale)
        case .grey: made = grey(picture, scale)?.buffer(as: .grey)
        case .bw: made = bilevel(picture, scale)?.buffer(as: .grey)
        }
        return made ?? picture
    }

    /// A picture's plain luma (Rec. 601, no evening), one byte a pixel: for encoding a grey page
    /// handed over in colour, and for text recognition, which reads only grey.
    public static func luma(of picture: PixelBuffer) -> PixelBuffer {
        guard picture.format != .grey, let (pix, order) = Pix.from(picture) else { return picture }
        let (r, b): (Float, Float) = order == .rgb ? (0.299, 0.114) : (0.114, 0.299)
        return Pix(taking: pixConvertRGBToGray(pix.pointer, r, 0.587, b))?.buffer(as: .grey) ?? picture
    }

    /// The luma reduced by a whole `factor` (area-averaged), for work that needs less than the
    /// full page, such as orientation detection.
    public static func luma(of picture: PixelBuffer, reducedBy factor: Int) -> PixelBuffer {
        guard factor > 1, picture.width >= factor, picture.height >= factor, let (pix, order) = Pix.from(picture) else { return luma(of: picture) }
        let (r, b): (Float, Float) = order == .rgb ? (0.299, 0.114) : (0.114, 0.299)
        let grey = pix.depth == 8 ? pix : Pix(taking: pixConvertRGBToGray(pix.pointer, r, 0.587, b))
        let scale = 1 / Float(factor)
        return grey.flatMap { Pix(taking: pixScaleAreaMap($0.pointer, scale, scale)) }?.buffer(as: .grey) ?? luma(of: picture)
    }

    /// The black-and-white page as leptonica's 1 bpp picture (1 = ink), for encoders that want bits.
    /// Under `bilevelResolution` it is the grey look instead: there a pixel holds a letter's ink and
    /// paper mixed, and thresholded it would be white (a thumbnail's page blank), while the bw page
    /// reduced to that size is just that mixture.
    /// Pictures are halftoned (Floyd-Steinberg dots over their gentle grey), as a copier's photo
    /// mode does: thresholded, a photograph is a black block.
    static func bilevel(_ picture: PixelBuffer, _ scale: LookScale) -> Pix? {
        guard let (pix, order) = Pix.from(picture), let (grey, pictures) = greyLook(pix, order: order, scale) else { return nil }
        guard scale.pixelsPerInch >= bilevelResolution else { return grey }
        guard let bits = threshold(grey) else { return nil }
        for box in pictures?.boxes ?? [] {
            guard let part = grey.clipped(box), let dots = Pix(taking: pixDitherToBinary(part.pointer)) else { continue }
            pixRasterop(bits.pointer, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height), PIX_SRC, dots.pointer, 0, 0)
        }
        return bits
    }

    /// Pixels an inch under which a thin stroke of body text covers less than half a pixel.
    static let bilevelResolution = 40.0

    // MARK: The steps

    /// Paper levels after dividing by the background: a little under white, so the division never clips ink.
    static let paperLevel: Int32 = 240
    /// Tone stretch after the division (see `LookScale.tones`).
    static func stretch(_ pix: Pix, _ scale: LookScale) {
        let (black, white) = scale.tones
        pixGammaTRC(pix.pointer, pix.pointer, 1, black, white)
    }

    private static func colour(_ picture: PixelBuffer, _ scale: LookScale) -> PixelBuffer? {
        guard let (pix, order) = Pix.from(picture) else { return nil }
        guard pix.depth == 32 else { return greyLook(pix, order: order, scale)?.grey.buffer(as: picture.format, order: order) }
        let colour = ColourMask.make(pix, scale)
        let pictures = PictureRegions.find(pix, order: order, colour: colour, scale: scale)
        guard let evened = evenColour(pix, mask: union(colour, pictures?.mask), scale) else { return nil }
        let look = toned(evened, pictures, scale)
        if let grey = Pix(taking: pixConvertRGBToGray(look.pointer, 0.299, 0.587, 0.114)),
           let noise = BorderNoise.find(in: grey, pixelsPerInch: scale.pixelsPerInch, edges: scale.pageEdges, pictures: pictures?.mask) {
            pixSetMasked(look.pointer, noise.pointer, 0xFFFF_FF00)
        }
        return look.buffer(as: picture.format, order: order)
    }

    /// The grey look as leptonica's 8 bpp picture: the luma evened, pictures treated gently.
    static func grey(_ picture: PixelBuffer, _ scale: LookScale) -> Pix? {
        guard let (pix, order) = Pix.from(picture) else { return nil }
        return greyLook(pix, order: order, scale)?.grey
    }

    private static func greyLook(_ pix: Pix, order: Pix.ChannelOrder, _ scale: LookScale) -> (grey: Pix, pictures: PictureRegions?)? {
        guard let (grey, colour) = lumaAndColour(pix, order: order, scale) else { return nil }
        let pictures = PictureRegions.find(pix, order: order, colour: colour, scale: scale)
        guard let evened = evenGrey(grey, mask: union(colour, pictures?.mask), scale) else { return nil }
        let look = toned(evened, pictures, scale)
        if let noise = BorderNoise.find(in: look, pixelsPerInch: scale.pixelsPerInch, edges: scale.pageEdges, pictures: pictures?.mask) {
            pixSetMasked(look.pointer, noise.pointer, 255)
        }
        return (look, pictures)
    }

    /// The page's luma and what of it is coloured (Rec. 601; a bgra picture has leptonica's red
    /// and blue the other way round).
    private static func lumaAndColour(_ pix: Pix, order: Pix.ChannelOrder, _ scale: LookScale) -> (Pix, Pix?)? {
        guard pix.depth != 8 else { return (pix, nil) }
        let (r, b): (Float, Float) = order == .rgb ? (0.299, 0.114) : (0.114, 0.299)
        guard let grey = Pix(taking: pixConvertRGBToGray(pix.pointer, r, 0.587, b)) else { return nil }
        return (grey, ColourMask.make(pix, scale))
    }

    /// The evened page's tones: stretched so ink is black and paper white, except in pictures,
    /// where the paper's light is only brought up to white (0...240 to 0...255), as much as the
    /// paper's tint and shadow implied and no more: a photograph keeps its contrast and colours.
    private static func toned(_ evened: Pix, _ pictures: PictureRegions?, _ scale: LookScale) -> Pix {
        let parts = pictures?.parts(of: evened) { Pix(taking: pixGammaTRC(nil, $0.pointer, 1, 0, paperLevel)) }
        stretch(evened, scale)
        if let pictures, let parts { pictures.lay(parts, over: evened) }
        return evened
    }

    /// Both masks' pixels (either may be missing).
    private static func union(_ a: Pix?, _ b: Pix?) -> Pix? {
        guard let a, let b else { return a ?? b }
        return Pix(taking: pixOr(nil, a.pointer, b.pointer))
    }

    /// Divides an 8 bpp picture by its paper's light; `mask` marks what is not paper (colour).
    private static func evenGrey(_ pix: Pix, mask: Pix?, _ scale: LookScale) -> Pix? {
        guard scale.canEven else { return Pix(taking: pixCopy(nil, pix.pointer)) }
        if let mask, leavesNoPaper(mask), let copy = Pix(taking: pixCopy(nil, pix.pointer)) {
            // All picture: as it is (white at the paper level, which the gentle tones take back to white).
            pixMultConstantGray(copy.pointer, Float(paperLevel) / 255)
            return copy
        }
        var map: UnsafeMutablePointer<CLeptonica.Pix>?
        guard pixGetBackgroundGrayMapMorph(pix.pointer, mask?.pointer, Int32(scale.reduction), Int32(scale.closingSize), &map) == 0,
              let background = Pix(taking: map),
              let inverse = Pix(taking: pixGetInvBackgroundMap(background.pointer, paperLevel, Int32(scale.mapSmoothing), Int32(scale.mapSmoothing)))
        else { return nil }
        return Pix(taking: pixApplyInvBackgroundGrayMap(pix.pointer, inverse.pointer, Int32(scale.reduction), Int32(scale.reduction)))
    }

    /// Divides each channel of a 32 bpp picture by that channel's paper light, so a yellowed or
    /// tinted sheet comes out white too. `mask` marks what is not paper (strongly coloured areas: a
    /// stamp, a logo, a highlighter; pictures): the map is filled in over it from the paper around,
    /// so it keeps its colour.
    private static func evenColour(_ pix: Pix, mask: Pix?, _ scale: LookScale) -> Pix? {
        guard scale.canEven else { return Pix(taking: pixCopy(nil, pix.pointer)) }
        if let mask, leavesNoPaper(mask) {
            let share = Float(paperLevel) / 255
            return Pix(taking: pixMultConstantColor(pix.pointer, share, share, share))
        }
        var red: UnsafeMutablePointer<CLeptonica.Pix>?, green: UnsafeMutablePointer<CLeptonica.Pix>?, blue: UnsafeMutablePointer<CLeptonica.Pix>?
        let status = pixGetBackgroundRGBMapMorph(pix.pointer, mask?.pointer, Int32(scale.reduction), Int32(scale.closingSize), &red, &green, &blue)
        let maps = [Pix(taking: red), Pix(taking: green), Pix(taking: blue)]
        guard status == 0 else { return nil }
        let smoothing = Int32(scale.mapSmoothing)
        let inverses = maps.map { map in map.flatMap { Pix(taking: pixGetInvBackgroundMap($0.pointer, paperLevel, smoothing, smoothing)) } }
        guard let r = inverses[0], let g = inverses[1], let b = inverses[2] else { return nil }
        return Pix(taking: pixApplyInvBackgroundRGBMap(pix.pointer, r.pointer, g.pointer, b.pointer, Int32(scale.reduction), Int32(scale.reduction)))
    }

    /// Whether what is not paper covers nine tenths of the page or more: there is no paper left to
    /// measure the light by (a photograph filling the page), as `ColourMask` has it.
    private static func leavesNoPaper(_ mask: Pix) -> Bool {
        var count: Int32 = 0
        pixCountPixels(mask.pointer, &count, nil)
        return Double(count) >= 0.9 * Double(mask.width * mask.height)
    }

    /// Ink is what is darker than about two thirds of its own paper's light. The page is evened
    /// first, so this one level is a local threshold: a thin stroke under a shadow is as dark,
    /// relative to the white around it, as one in full light. (Sauvola's threshold on the evened
    /// page gave the same strokes at three times the cost, and on unevened pages it loses faint
    /// strokes in deep shadow.)
    private static func threshold(_ grey: Pix) -> Pix? {
        Pix(taking: pixThresholdToBinary(grey.pointer, inkLevel))
    }

    /// The threshold on the stretched tones (at page resolutions 60...215 mapped to 0...255): 170
    /// is 60 + 170 / 255 * 155 = 163 of the evened paper's 240, 68 %.
    static let inkLevel: Int32 = 170
}
