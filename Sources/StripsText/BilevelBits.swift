import CLeptonica
import StripsPictures

/// A page already black and white (a bilevel scan, decoded as grey or as B, G, R, A), packed a bit
/// a pixel as leptonica keeps a 1-bit picture (1 black, 32 pixels a word, the first in the word's
/// high bit, rows padded to whole words), so that Tesseract takes it as the `tesseract` command
/// takes a 1-bit TIFF: copied once, with no threshold to find and no grey copy of the page
/// (docs/PERFORMANCE.md, issue 42). Nil when any pixel is neither black nor white.
struct BilevelBits {
    let width: Int
    let height: Int
    let wordsPerRow: Int
    var words: [UInt32]

    init?(_ picture: PixelBuffer) {
        guard picture.format == .grey || picture.format == .bgra, !picture.isEmpty else { return nil }
        width = picture.width
        height = picture.height
        wordsPerRow = (picture.width + 31) / 32
        var words = [UInt32](repeating: 0, count: wordsPerRow * picture.height)
        let (w, h, stride) = (width, height, wordsPerRow)
        let grey = picture.format == .grey
        let packed = picture.bytes.withUnsafeBytes { source in
            words.withUnsafeMutableBufferPointer { out -> Bool in
                for y in 0..<h {
                    let row = out.baseAddress! + y * stride
                    for x in 0..<w {
                        let black: Bool
                        if grey {
                            let v = source[y &* w &+ x]
                            guard v == 0 || v == 255 else { return false }
                            black = v == 0
                        } else {
                            // B, G, R alike and 0 or 255 (alpha is not read, as luma does not read it).
                            let v = source.load(fromByteOffset: (y &* w &+ x) &* 4, as: UInt32.self) & 0x00FF_FFFF
                            guard v == 0 || v == 0x00FF_FFFF else { return false }
                            black = v == 0
                        }
                        if black { row[x >> 5] |= 0x8000_0000 >> UInt32(x & 31) }
                    }
                }
                return true
            }
        }
        guard packed else { return nil }
        self.words = words
    }

    /// The bits as a leptonica picture (its owner frees it with `pixDestroy`); nil when leptonica
    /// cannot make one.
    func pix() -> UnsafeMutablePointer<PIX>? {
        guard let pix = pixCreateNoInit(Int32(width), Int32(height), 1), Int(pixGetWpl(pix)) == wordsPerRow, let data = pixGetData(pix) else { return nil }
        words.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
        return pix
    }
}
