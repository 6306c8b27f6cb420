import StripsCore
import StripsPictures
import Testing
@testable import StripsBatch

/// What orientation detection is given to read: writing, never grain. A picture of noise (a
/// sensor's grain, the killed-save test's pages) once came out of a save turned half a turn,
/// because OSD read a turn into its blots with confidence 1.8 to 3.7.
@Suite struct WrittenAreaTests {
    /// Every byte random, as a noise picture is.
    static func noise(side: Int, seed: UInt64) -> PixelBuffer {
        var random = SeededRandom(seed: seed)
        var picture = PixelBuffer(width: side, height: side, format: .rgb)
        for k in picture.bytes.indices { picture.bytes[k] = UInt8(truncatingIfNeeded: random.next()) }
        return picture
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func noiseHoldsNoWriting(seed: UInt64) {
        let picture = Self.noise(side: 1200, seed: seed)
        #expect(WrittenArea(picture, pixelsPerInch: 1200 / 11) == nil)
    }

    @Test func linesOfLettersAreWriting() throws {
        // Rows of filled bars the size of letters at 100 pixels an inch (about 2 by 3 mm, 1 mm
        // apart, lines 5 mm apart), on white.
        var picture = PixelBuffer(width: 850, height: 1100, format: .grey, filledWith: 255)
        for line in 0..<20 {
            for letter in 0..<40 {
                let x0 = 60 + letter * 12, y0 = 80 + line * 20
                for y in y0..<(y0 + 12) { for x in x0..<(x0 + 8) where (x - x0) < 2 || (y - y0) > 9 || (x - x0) > 5 { picture.bytes[y * picture.bytesPerRow + x] = 0 } }
            }
        }
        let area = try #require(WrittenArea(picture, pixelsPerInch: 100))
        #expect(area.letters >= 700)
        #expect(area.letterSide >= 7 && area.letterSide <= 9)
    }
}
