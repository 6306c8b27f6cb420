import CLeptonica
import StripsPictures

/// Quarter turns of a picture's pixels (leptonica's orthogonal rotation), for reading a page that
/// lies sideways or upside down the right way up.
public enum PictureTurn {
    /// `picture` turned `quarterTurns` clockwise, in its own format; as it was when the turn is
    /// whole or leptonica cannot take it.
    public static func turned(_ picture: PixelBuffer, quarterTurns: Int) -> PixelBuffer {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0, let (pix, order) = Pix.from(picture),
              let turned = Pix(taking: pixRotateOrth(pix.pointer, Int32(turns))) else { return picture }
        return turned.buffer(as: picture.format, order: order) ?? picture
    }
}
