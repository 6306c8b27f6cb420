import CTIFF
import Foundation

/// Writes TIFFs with libtiff for the tests: one directory a page, each a flat colour, optionally
/// with an orientation tag or marked as a reduced-resolution copy (a scanner's thumbnail).
public enum TIFFMaker {
    public struct Page {
        public var width: Int
        public var height: Int
        public var rgb: (UInt8, UInt8, UInt8)
        public var orientation: Int
        public var reduced: Bool

        public init(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8), orientation: Int = 1, reduced: Bool = false) {
            self.width = width
            self.height = height
            self.rgb = rgb
            self.orientation = orientation
            self.reduced = reduced
        }
    }

    static func set(_ tiff: OpaquePointer, _ tag: Int32, _ value: Int) {
        _ = withVaList([value]) { TIFFVSetField(tiff, UInt32(tag), $0) }
    }

    /// Writes `pages` to `path`; false when libtiff refuses.
    public static func write(_ pages: [Page], to path: String) -> Bool {
        guard let tiff = TIFFOpen(path, "w") else { return false }
        defer { TIFFClose(tiff) }
        for page in pages {
            setRGB(tiff, width: page.width, height: page.height)
            set(tiff, TIFFTAG_ORIENTATION, page.orientation)
            if page.reduced { set(tiff, TIFFTAG_SUBFILETYPE, Int(FILETYPE_REDUCEDIMAGE)) }
            var row = [UInt8](repeating: 0, count: page.width * 3)
            for y in 0..<page.height {
                for x in 0..<page.width {
                    // The top-left quarter is black: where "up" is shows.
                    let corner = x < page.width / 4 && y < page.height / 4
                    row[3 * x] = corner ? 0 : page.rgb.0
                    row[3 * x + 1] = corner ? 0 : page.rgb.1
                    row[3 * x + 2] = corner ? 0 : page.rgb.2
                }
                guard row.withUnsafeMutableBytes({ TIFFWriteScanline(tiff, $0.baseAddress, UInt32(y), 0) }) == 1 else { return false }
            }
            guard TIFFWriteDirectory(tiff) == 1 else { return false }
        }
        return true
    }

    /// The tags of an 8-bit RGB page, LZW-compressed in strips of 16 rows.
    private static func setRGB(_ tiff: OpaquePointer, width: Int, height: Int) {
        set(tiff, TIFFTAG_IMAGEWIDTH, width)
        set(tiff, TIFFTAG_IMAGELENGTH, height)
        set(tiff, TIFFTAG_BITSPERSAMPLE, 8)
        set(tiff, TIFFTAG_SAMPLESPERPIXEL, 3)
        set(tiff, TIFFTAG_PHOTOMETRIC, Int(PHOTOMETRIC_RGB))
        set(tiff, TIFFTAG_PLANARCONFIG, Int(PLANARCONFIG_CONTIG))
        set(tiff, TIFFTAG_COMPRESSION, Int(COMPRESSION_LZW))
        set(tiff, TIFFTAG_ROWSPERSTRIP, 16)
    }

    /// Writes one 8-bit RGB page holding `bgra` (B, G, R, A bytes, `width` x `height`, alpha left
    /// out); false when libtiff refuses.
    public static func writeRGB(bgra: [UInt8], width: Int, height: Int, to path: String) -> Bool {
        guard bgra.count == width * height * 4, let tiff = TIFFOpen(path, "w") else { return false }
        defer { TIFFClose(tiff) }
        setRGB(tiff, width: width, height: height)
        var row = [UInt8](repeating: 0, count: width * 3)
        for y in 0..<height {
            for x in 0..<width {
                let p = (y * width + x) * 4
                (row[3 * x], row[3 * x + 1], row[3 * x + 2]) = (bgra[p + 2], bgra[p + 1], bgra[p])
            }
            guard row.withUnsafeMutableBytes({ TIFFWriteScanline(tiff, $0.baseAddress, UInt32(y), 0) }) == 1 else { return false }
        }
        return TIFFWriteDirectory(tiff) == 1
    }
}
