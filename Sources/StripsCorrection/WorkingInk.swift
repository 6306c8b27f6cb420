import CLeptonica
import StripsCore
import StripsPictures

/// A page as the book finders look at it: reduced to about `side` pixels on its longer side, in
/// grey, and its ink (uneven light, a book's gutter in shadow, evened to white paper first, then
/// dark is ink). One making for the curve, the spread and the lines' straightness, so they judge
/// the same pixels.
struct WorkingInk {
    let grey: LeptonicaPix
    let binary: LeptonicaPix

    init?(_ page: PixelBuffer, side: Int) {
        let factor = max(1, (max(page.width, page.height) + side - 1) / side)
        let small = factor > 1 ? page.boxReduced(by: factor) : page
        guard let pix = LeptonicaPix(small),
              let grey = pix.depth == 8 ? pix : LeptonicaPix(taking: pixConvertRGBToLuminance(pix.pointer)),
              let normalised = LeptonicaPix(taking: pixBackgroundNormSimple(grey.pointer, nil, nil)),
              let binary = LeptonicaPix(taking: pixThresholdToBinary(normalised.pointer, 130)) else { return nil }
        self.grey = grey
        self.binary = binary
    }
}
