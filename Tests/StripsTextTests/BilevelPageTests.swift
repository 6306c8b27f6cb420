import CLeptonica
import StripsPictures
@testable import StripsText
import Testing

/// A page already black and white is handed to Tesseract as its bits (leptonica's: 1 black, the
/// first pixel in a word's high bit, rows padded to words), from grey or B, G, R, A pixels: only
/// when every pixel is black or white.
@Suite struct BilevelPageTests {
    /// A 13 x 3 page: black where (x + y) % 3 == 0, else white.
    static func page(_ format: PixelBuffer.Format) -> PixelBuffer {
        var page = PixelBuffer(width: 13, height: 3, format: format, filledWith: 255)
        for y in 0..<3 {
            for x in 0..<13 where (x + y) % 3 == 0 {
                for c in 0..<(format == .bgra ? 3 : 1) { page.bytes[(y * 13 + x) * format.bytesPerPixel + c] = 0 }
            }
        }
        return page
    }

    @Test(arguments: [PixelBuffer.Format.grey, .bgra])
    func blackAndWhitePixelsArePackedABitEach(format: PixelBuffer.Format) throws {
        let bits = try #require(BilevelBits(Self.page(format)))
        #expect(bits.wordsPerRow == 1)
        for y in 0..<3 {
            for x in 0..<13 {
                let black = bits.words[y] & (0x8000_0000 >> UInt32(x)) != 0
                #expect(black == ((x + y) % 3 == 0), "pixel \(x), \(y)")
            }
            // The padding past the row's last pixel stays 0.
            #expect(bits.words[y] & 0x0007_FFFF == 0)
        }
        // As leptonica holds it: the same words.
        let pix = try #require(bits.pix())
        defer { var owned: UnsafeMutablePointer<PIX>? = pix; pixDestroy(&owned) }
        #expect(pixGetDepth(pix) == 1 && pixGetWidth(pix) == 13 && pixGetHeight(pix) == 3)
        #expect(Array(UnsafeBufferPointer(start: pixGetData(pix), count: 3)) == bits.words)
    }

    @Test func anyGreyPixelIsNoBilevelPage() {
        for grey: UInt8 in [1, 127, 128, 254] {
            var greyed = Self.page(.grey)
            greyed.bytes[greyed.bytes.count - 1] = grey
            #expect(BilevelBits(greyed) == nil, "grey \(grey)")
            var coloured = Self.page(.bgra)
            coloured.bytes[coloured.bytes.count - 2] = grey  // one pixel's red
            #expect(BilevelBits(coloured) == nil, "red \(grey)")
        }
        #expect(BilevelBits(PixelBuffer(width: 4, height: 4, format: .rgb, filledWith: 255)) == nil)
    }
}
