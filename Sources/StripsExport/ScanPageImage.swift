import CSPNG
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

    /// A line-art scan's rows at 1 bit, `blackIsOne` as asked (PNG greys count 1 as white,
    /// cairo's A1 masks 1 as ink), the first pixel in the high bit (PNG) or the low bit (cairo's
    /// A1 on a little-endian machine).
    static func packed(_ grey: PixelBuffer, blackIsOne: Bool, lowBitFirst: Bool = false, stride: Int? = nil) -> [UInt8] {
        let rowBytes = stride ?? (grey.width + 7) / 8
        var out = [UInt8](repeating: 0, count: rowBytes * grey.height)
        grey.bytes.withUnsafeBufferPointer { p in
            for y in 0..<grey.height {
                for x in 0..<grey.width where (p[y * grey.width + x] < 128) == blackIsOne {
                    out[y * rowBytes + x / 8] |= lowBitFirst ? 1 << UInt8(x % 8) : 0x80 >> UInt8(x % 8)
                }
            }
        }
        return out
    }

    /// A 1-bit grey PNG of a line-art scan (with its resolution, when known).
    static func bilevelPNG(_ grey: PixelBuffer, dpi: Double?) -> [UInt8]? {
        guard grey.format == .grey, !grey.isEmpty, let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { return nil }
        defer { spng_ctx_free(ctx) }
        spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        var header = spng_ihdr(width: UInt32(grey.width), height: UInt32(grey.height), bit_depth: 1,
                               color_type: UInt8(SPNG_COLOR_TYPE_GRAYSCALE.rawValue), compression_method: 0, filter_method: 0, interlace_method: 0)
        spng_set_ihdr(ctx, &header)
        if let dpi, dpi > 0 {
            let perMetre = UInt32((dpi / 0.0254).rounded(.up))
            var phys = spng_phys(ppu_x: perMetre, ppu_y: perMetre, unit_specifier: 1)
            spng_set_phys(ctx, &phys)
        }
        let rows = packed(grey, blackIsOne: false)
        let status = rows.withUnsafeBytes { spng_encode_image(ctx, $0.baseAddress, $0.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue)) }
        guard status == 0 else { return nil }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error), error == 0 else { return nil }
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
