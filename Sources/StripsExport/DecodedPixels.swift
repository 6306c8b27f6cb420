import StripsCore
import StripsPictures

/// A picture decoded whole, in its stored orientation, as B, G, R, A (StripsPictures' decoders):
/// for pictures that cannot be embedded or copied as they are (PNG, GIF, BMP, WebP, TGA, TIFF,
/// unusual JPEGs).
final class DecodedPixels {
    private(set) var pixels: PixelBuffer
    /// No pixel has any transparency: written without an alpha channel, which keeps it exact.
    let isOpaque: Bool

    init(_ picture: Picture) throws(SaveError) {
        let decoded = picture.tiffPage.map { TIFFPages.decodeStored(picture.file.path, page: $0) } ?? PictureDecoder.decodeStored(picture.file.path)
        switch decoded {
        case .failure(let failure): throw SaveError(picture.name, HostMessage(trLater("cannot decode: %s"), failure.reason))
        case .success(let decoded):
            pixels = decoded
            isOpaque = decoded.isOpaque
        }
    }

    var width: Int { pixels.width }
    var height: Int { pixels.height }
    var pitch: Int { pixels.bytesPerRow }

    /// Turns the pixels as `orientation` says (exact: pixels move, none is resampled).
    func orient(_ orientation: Orientation) {
        pixels = pixels.oriented(orientation)
    }
}
