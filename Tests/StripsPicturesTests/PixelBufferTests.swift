import StripsPictures
import Testing

/// Shrinking, turning and converting decoded pictures: the small math StripsPictures does itself.
@Suite struct PixelBufferTests {
    func grey(_ width: Int, _ height: Int, _ values: [UInt8]) throws -> PixelBuffer {
        try #require(PixelBuffer(width: width, height: height, format: .grey, bytes: values))
    }

    @Test func aShrinkAveragesThePixelsEachNewPixelCovers() throws {
        // Whole pixels: 4 -> 2 is the mean of each pair.
        #expect(try grey(4, 1, [0, 100, 200, 40]).resized(width: 2, height: 1).bytes == [50, 120])
        // Fractions: 3 -> 2, each new pixel covers one and a half old ones.
        // [0, 1.5): 0 + 90 / 2 over 1.5 = 30; [1.5, 3): 90 / 2 + 180 over 1.5 = 150.
        #expect(try grey(3, 1, [0, 90, 180]).resized(width: 2, height: 1).bytes == [30, 150])
        // Both axes at once: a 2 x 2 block of four values becomes their mean.
        #expect(try grey(2, 2, [10, 20, 30, 40]).resized(width: 1, height: 1).bytes == [25])
    }

    @Test func finePatternsTurnGreyInsteadOfAliasing() throws {
        // One-pixel black and white columns shrunk by 3.3: each new pixel covers 1.3 to 2 white
        // columns of its 3.3, so it is 100 to 155 (mid grey +- 28), where a point sample would
        // give black or white columns (+- 127).
        let w = 330, h = 10
        let stripes = try grey(w, h, (0..<(w * h)).map { $0 % w % 2 == 0 ? 0 : 255 })
        let small = stripes.resized(width: 100, height: 3)
        #expect(small.width == 100 && small.height == 3)
        for value in small.bytes { #expect(abs(Int(value) - 128) <= 28, "\(value)") }
        let mean = Double(small.bytes.reduce(0) { $0 + Int($1) }) / Double(small.bytes.count)
        #expect(abs(mean - 127.5) < 2)
    }

    @Test func halvingFirstThenTheRestKeepsTheMean() throws {
        // A 64 x 64 checker of 0 and 255 down to 5 x 5: exact halvings, then a box shrink.
        let checker = try grey(64, 64, (0..<(64 * 64)).map { ($0 % 64 + $0 / 64) % 2 == 0 ? 0 : 255 })
        let small = checker.resized(width: 5, height: 5)
        #expect(small.bytes.count == 25)
        for value in small.bytes { #expect(abs(Int(value) - 128) <= 2) }
    }

    @Test func fittingKeepsTheShapeAndNeverEnlarges() throws {
        let picture = PixelBuffer(width: 400, height: 300, format: .bgra, filledWith: 200)
        let fitted = picture.fitted(into: PixelLimit(width: 100, height: 100))
        #expect(fitted.width == 100 && fitted.height == 75)
        #expect(fitted.bytes.allSatisfy { $0 == 200 })
        #expect(picture.fitted(into: PixelLimit(width: 1000, height: 1000)) == picture)
    }

    @Test func orientationSixTurnsTheStoredPixelsClockwise() throws {
        // Stored  a b c   shown (EXIF 6, turn clockwise)  d a
        //         d e f                                   e b
        //                                                 f c
        let stored = try grey(3, 2, [1, 2, 3, 4, 5, 6])
        let shown = stored.oriented(.right)
        #expect(shown.width == 2 && shown.height == 3)
        #expect(shown.bytes == [4, 1, 5, 2, 6, 3])
        // Orientation 8 turns the other way, 3 half way, 2 mirrors.
        #expect(stored.oriented(.left).bytes == [3, 6, 2, 5, 1, 4])
        #expect(stored.oriented(.down).bytes == [6, 5, 4, 3, 2, 1])
        #expect(stored.oriented(.upMirrored).bytes == [3, 2, 1, 6, 5, 4])
        // Whole pixels move together in every format.
        let colour = try #require(PixelBuffer(width: 2, height: 1, format: .rgb, bytes: [1, 2, 3, 4, 5, 6]))
        #expect(colour.oriented(.right).bytes == [1, 2, 3, 4, 5, 6] && colour.oriented(.right).height == 2)
        #expect(colour.oriented(.upMirrored).bytes == [4, 5, 6, 1, 2, 3])
    }

    @Test func formatsConvertAndOpacityIsFound() throws {
        let rgb = try #require(PixelBuffer(width: 1, height: 1, format: .rgb, bytes: [10, 20, 30]))
        #expect(rgb.bgra().bytes == [30, 20, 10, 255])
        #expect(rgb.bgra().rgbaBytes() == [10, 20, 30, 255])
        #expect(try grey(1, 1, [7]).bgra().bytes == [7, 7, 7, 255])
        #expect(rgb.isOpaque && rgb.bgra().isOpaque)
        let see = try #require(PixelBuffer(width: 2, height: 1, format: .bgra, bytes: [0, 0, 0, 255, 1, 2, 3, 128]))
        #expect(!see.isOpaque)
    }

    @Test func enlargingRepeatsEachPixelAndKeepsItsValue() throws {
        let picture = try #require(PixelBuffer(width: 2, height: 2, format: .grey, bytes: [10, 20, 30, 40]))
        let big = picture.enlarged(width: 5, height: 3)
        #expect(big.width == 5 && big.height == 3)
        // New column x from old column x * 2 / 5, new row y from old row y * 2 / 3.
        #expect(big.bytes == [10, 10, 10, 20, 20,
                              10, 10, 10, 20, 20,
                              30, 30, 30, 40, 40])
        #expect(picture.enlarged(width: 2, height: 2).bytes == picture.bytes)
    }
}
