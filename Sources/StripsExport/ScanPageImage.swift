import Foundation
import StripsLooks
import StripsPictures

/// How a scanned page is saved (issue 23): colour and grey as JPEG at quality 90
/// (`PageImageEncoder`, grey as one channel), line art at 1 bit (a 1-bit stencil in a PDF, a 1-bit
/// PNG in a folder). The kept scan is a lossless PNG; what it was scanned as is read from its
/// pixels: a page of only black and white is line art, one whose every pixel is neutral is grey.
enum ScanPageImage {
    static let jpegQuality = 90

    enum Kind: Equatable {
        case colour, grey, lineArt
    }

    /// The page's pixels as they are kept, and what kind of scan they are.
    struct Classified {
        var kind: Kind
        /// Grey (one byte a pixel, 0 or 255 for line art) or RGB.
        var pixels: PixelBuffer
    }

    /// BGRA pixels (as `PagePixels` makes them) sorted into colour, grey or line art.
    static func classify(_ bgra: PixelBuffer) -> Classified? {
        guard bgra.format == .bgra, !bgra.isEmpty else {
            if bgra.format == .grey { return Classified(kind: isBilevel(bgra.bytes) ? .lineArt : .grey, pixels: bgra) }
            return bgra.format == .rgb ? Classified(kind: .colour, pixels: bgra) : nil
        }
        let count = bgra.width * bgra.height
        var grey = [UInt8](repeating: 0, count: count)
        let neutral = bgra.bytes.withUnsafeBufferPointer { p -> Bool in
            for i in 0..<count {
                let b = p[i * 4], g = p[i * 4 + 1], r = p[i * 4 + 2]
                guard r == g, g == b else { return false }
                grey[i] = g
            }
            return true
        }
        if neutral, let pixels = PixelBuffer(width: bgra.width, height: bgra.height, format: .grey, bytes: grey) {
            return Classified(kind: isBilevel(grey) ? .lineArt : .grey, pixels: pixels)
        }
        var rgb = [UInt8](repeating: 0, count: count * 3)
        bgra.bytes.withUnsafeBufferPointer { p in
            for i in 0..<count {
                rgb[i * 3] = p[i * 4 + 2]
                rgb[i * 3 + 1] = p[i * 4 + 1]
                rgb[i * 3 + 2] = p[i * 4]
            }
        }
        return PixelBuffer(width: bgra.width, height: bgra.height, format: .rgb, bytes: rgb).map { Classified(kind: .colour, pixels: $0) }
    }

    static func isBilevel(_ bytes: [UInt8]) -> Bool { !bytes.contains { $0 != 0 && $0 != 255 } }

    /// A JPEG file's bytes for a colour or grey scan.
    static func jpeg(_ page: Classified) -> [UInt8]? {
        PageImageEncoder.jpeg(page.pixels, quality: jpegQuality)?.bytes
    }

    /// A 1-bit grey PNG of a line-art scan (with its resolution, when known).
    static func bilevelPNG(_ grey: PixelBuffer, dpi: Double?) -> [UInt8]? {
        try? PNGWriter(bilevel: true, pixelsPerInch: dpi).encode(grey).get()
    }
}
