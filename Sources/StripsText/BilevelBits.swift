import StripsPictures

/// A page already black and white (a bilevel scan, decoded as grey or as B, G, R, A), packed a bit
/// a pixel as Tesseract takes a bilevel picture: the first pixel of a row in the high bit, 1 for
/// white, rows padded to whole bytes. Tesseract then reads it as the `tesseract` command reads a
/// 1-bit TIFF, with no threshold to find and no grey copy of the page (docs/PERFORMANCE.md,
/// issue 42). Nil when any pixel is neither black nor white.
struct BilevelBits {
    let width: Int
    let height: Int
    let bytesPerRow: Int
    var bits: [UInt8]

    init?(_ picture: PixelBuffer) {
        guard picture.format == .grey || picture.format == .bgra, !picture.isEmpty else { return nil }
        width = picture.width
        height = picture.height
        bytesPerRow = (picture.width + 7) / 8
        var bits = [UInt8](repeating: 0, count: bytesPerRow * picture.height)
        let (w, h, stride) = (width, height, bytesPerRow)
        let packed = picture.bytes.withUnsafeBytes { source in
            bits.withUnsafeMutableBufferPointer { out -> Bool in
                for y in 0..<h {
                    let row = out.baseAddress! + y * stride
                    for x in 0..<w {
                        let white: Bool
                        if picture.format == .grey {
                            let v = source[y * w + x]
                            guard v == 0 || v == 255 else { return false }
                            white = v == 255
                        } else {
                            // B, G, R alike and 0 or 255 (alpha is not read, as luma does not read it).
                            let v = source.load(fromByteOffset: (y * w + x) * 4, as: UInt32.self) & 0x00FF_FFFF
                            guard v == 0 || v == 0x00FF_FFFF else { return false }
                            white = v != 0
                        }
                        if white { row[x >> 3] |= 0x80 >> UInt8(x & 7) }
                    }
                }
                return true
            }
        }
        guard packed else { return nil }
        self.bits = bits
    }
}
