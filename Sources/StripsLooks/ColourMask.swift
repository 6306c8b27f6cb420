import CLeptonica

/// Where a page is strongly coloured (stamps, logos, highlighter, colour pictures): not paper, so
/// the paper's light is not measured there. Colour is judged against the paper's own tint (the
/// bright end of the page's colours), so a yellowed sheet is paper and a yellow highlight on white
/// is not.
enum ColourMask {
    /// How far (max - min of the channels, after white-balancing to the paper) a pixel's colour
    /// must be from grey to count: well above JPEG's colour fringes at black text.
    static let colourfulness: Int32 = 60

    /// A 1 bpp mask of the picture's size (1 = coloured), or nil when nothing (or nearly
    /// everything, which leaves no paper to measure) is coloured.
    static func make(_ pix: Pix, _ scale: LookScale) -> Pix? {
        guard pix.depth == 32 else { return nil }
        let reduction = Int32(scale.reduction)
        guard let small = reduction > 1 ? Pix(taking: pixScaleByIntSampling(pix.pointer, reduction)) : pix else { return nil }
        var red: Float = 0, green: Float = 0, blue: Float = 0
        guard pixGetRankValueMaskedRGB(small.pointer, nil, 0, 0, 1, 0.8, &red, &green, &blue) == 0,
              red >= 1, green >= 1, blue >= 1,
              let magnitude = Pix(taking: pixColorMagnitude(small.pointer, Int32(red), Int32(green), Int32(blue), Int32(L_MAX_DIFF))),
              let plain = Pix(taking: pixThresholdToBinary(magnitude.pointer, colourfulness)),
              let coloured = Pix(taking: pixInvert(nil, plain.pointer)) else { return nil }
        var empty: Int32 = 1
        pixZero(coloured.pointer, &empty)
        guard empty == 0,
              let grown = Pix(taking: pixDilateBrick(nil, coloured.pointer, 3, 3)),
              let expanded = reduction > 1 ? Pix(taking: pixExpandReplicate(grown.pointer, reduction)) : grown,
              let mask = Pix(taking: pixCreate(Int32(pix.width), Int32(pix.height), 1)) else { return nil }
        pixRasterop(mask.pointer, 0, 0, Int32(pix.width), Int32(pix.height), PIX_SRC, expanded.pointer, 0, 0)
        var count: Int32 = 0
        pixCountPixels(mask.pointer, &count, nil)
        return Double(count) < 0.9 * Double(pix.width * pix.height) ? mask : nil
    }
}
