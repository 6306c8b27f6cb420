import StripsCore
import StripsPictures

/// How the saver stores a page picture compactly, by its look: black and white as 1 bit (CCITT G4
/// or Flate, the smaller), grey as a one-channel JPEG, colour (and an original that must be
/// re-encoded) as a colour JPEG. An original JPEG page that needs no change is better passed
/// through byte for byte, which is the saver's call, not this.
public enum PageImageEncoder {
    /// The default JPEG quality: 85 keeps text edges clean on a white page.
    public static let jpegQuality = 85

    /// `picture` (already in `look`, as `Looks.apply` made it) encoded for a PDF; nil only when a
    /// library fails (no memory). Safe on any thread.
    public static func encode(_ picture: PixelBuffer, look: Look, jpegQuality: Int = jpegQuality) -> PDFImage? {
        switch look {
        case .bw: return bilevel(picture)
        case .grey: return JPEGEncoder.encode(picture.format == .grey ? picture : Looks.luma(of: picture), quality: jpegQuality)
        case .colour, .original: return JPEGEncoder.encode(picture, quality: jpegQuality)
        }
    }

    /// A black-and-white picture (any format; thresholded at mid-grey) as 1 bit: CCITT G4 or Flate,
    /// whichever is smaller.
    public static func bilevel(_ picture: PixelBuffer) -> PDFImage? {
        guard let rows = BilevelEncoder.packedRows(picture) else { return nil }
        let g4 = BilevelEncoder.g4(rows.bytes, bytesPerRow: rows.bytesPerRow, width: picture.width, height: picture.height)
        let flate = BilevelEncoder.flate(rows.bytes, bytesPerRow: rows.bytesPerRow, width: picture.width, height: picture.height)
        switch (g4, flate) {
        case let (g4?, flate?): return g4.bytes.count <= flate.bytes.count ? g4 : flate
        case let (g4?, nil): return g4
        case let (nil, flate): return flate
        }
    }

    /// The two 1-bit encodings separately, to measure them against each other.
    public static func ccittG4(_ picture: PixelBuffer) -> PDFImage? {
        BilevelEncoder.packedRows(picture).flatMap { BilevelEncoder.g4($0.bytes, bytesPerRow: $0.bytesPerRow, width: picture.width, height: picture.height) }
    }

    public static func flate1Bit(_ picture: PixelBuffer) -> PDFImage? {
        BilevelEncoder.packedRows(picture).flatMap { BilevelEncoder.flate($0.bytes, bytesPerRow: $0.bytesPerRow, width: picture.width, height: picture.height) }
    }

    /// A JPEG of the picture as it is (grey stays one channel).
    public static func jpeg(_ picture: PixelBuffer, quality: Int = jpegQuality) -> PDFImage? {
        JPEGEncoder.encode(picture, quality: quality)
    }
}
