import CTIFF
import StripsCore

/// A 1-bit black-and-white TIFF directory (a bilevel scan: fax-coded, as scanners and a PDF's
/// CCITT image store them) read as its bits, a row at a time, instead of through libtiff's RGBA
/// reader, which makes four bytes of every pixel before anything is shrunk: a 300 dpi page is read
/// at half the processor time and an eighth of the memory that way (docs/PERFORMANCE.md, issue 42).
/// The picture made is the RGBA reader's, byte for byte: black 0, white 255, opaque, and shrunk by
/// the same box filter (on one byte a pixel instead of four, which averages to the same values).
enum BilevelRows {
    /// Whether the current directory is one this reads: one sample of one bit, black and white
    /// (no palette), in strips (rows can be read one after another).
    static func reads(_ file: TIFFFile) -> Bool {
        guard TIFFIsTiled(file.tiff) == 0, file.field(TIFFTAG_BITSPERSAMPLE, as: UInt16.self) == 1,
              file.field(TIFFTAG_SAMPLESPERPIXEL, as: UInt16.self) ?? 1 == 1,
              let photometric = file.field(TIFFTAG_PHOTOMETRIC, as: UInt16.self) else { return false }
        return photometric == UInt16(PHOTOMETRIC_MINISWHITE) || photometric == UInt16(PHOTOMETRIC_MINISBLACK)
    }

    /// Stored rows `y0..<y1`, columns `x0..<x1`, at `out`'s size, as B, G, R, A (see `TIFFPages.stored`).
    /// Rows above the part are read and dropped (coded rows can only be read in order); rows below it never are.
    static func stored(_ file: TIFFFile, info: ImageInfo, x0: Int, y0: Int, x1: Int, y1: Int, out: (width: Int, height: Int))
        -> Result<PixelBuffer, ImageFailure> {
        let w = x1 - x0, h = y1 - y0
        let whiteIsOne = file.field(TIFFTAG_PHOTOMETRIC, as: UInt16.self) == UInt16(PHOTOMETRIC_MINISBLACK)
        let rowBytes = Int(TIFFScanlineSize(file.tiff))
        guard rowBytes >= (info.width + 7) / 8 else { return .failure(ImageFailure("corrupt TIFF: its rows are too short", shape: info.displaySize)) }
        let exact = out.width == w && out.height == h
        var pixels = PixelBuffer(width: exact ? w : 0, height: exact ? h : 0, format: .bgra)
        var resampler = exact ? nil : BoxResampler(width: w, height: h, format: .grey, outputWidth: out.width, outputHeight: out.height)
        var coded = [UInt8](repeating: 0, count: rowBytes)
        // A coded byte to its eight pixels, 0 or 255, the first pixel (the high bit) first in memory.
        var eight = [UInt64](repeating: 0, count: 256)
        for byte in 0..<256 {
            for k in 0..<8 where (byte & (0x80 >> k) != 0) == whiteIsOne {
                eight[byte] |= UInt64(0xFF) << UInt64(8 * k)
            }
        }
        var grey = [UInt8](repeating: 0, count: rowBytes * 8)
        for y in 0..<y1 {
            let ok = coded.withUnsafeMutableBytes { TIFFReadScanline(file.tiff, $0.baseAddress, UInt32(y), 0) == 1 }
            guard ok else {
                let reason = file.lastError.map { $0.contains("Read error") || $0.contains("EOF") ? "the file is truncated" : "corrupt TIFF: \($0)" }
                return .failure(ImageFailure(reason ?? "corrupt TIFF: the pixels cannot be read", shape: info.displaySize))
            }
            guard y >= y0 else { continue }
            grey.withUnsafeMutableBytes { row in
                coded.withUnsafeBufferPointer { bits in
                    eight.withUnsafeBufferPointer { eight in
                        for i in 0..<rowBytes { row.storeBytes(of: eight[Int(bits[i])], toByteOffset: i &* 8, as: UInt64.self) }
                    }
                }
            }
            grey.withUnsafeBufferPointer { row in
                let part = row.baseAddress! + x0
                if exact {
                    pixels.bytes.withUnsafeMutableBytes { dest in
                        let words = dest.baseAddress!.advanced(by: (y - y0) * w * 4).assumingMemoryBound(to: UInt32.self)
                        // Opaque black or opaque white, one word a pixel.
                        for x in 0..<w { words[x] = 0xFF00_0000 | UInt32(part[x]) &* 0x01_0101 }
                    }
                } else {
                    resampler?.add(part)
                }
            }
        }
        guard let resampler else { return .success(pixels) }
        let shrunk = resampler.result()
        var bgra = PixelBuffer(width: shrunk.width, height: shrunk.height, format: .bgra)
        bgra.bytes.withUnsafeMutableBytes { dest in
            let words = dest.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for (i, v) in shrunk.bytes.enumerated() { words[i] = 0xFF00_0000 | UInt32(v) << 16 | UInt32(v) << 8 | UInt32(v) }
        }
        return .success(bgra)
    }
}
