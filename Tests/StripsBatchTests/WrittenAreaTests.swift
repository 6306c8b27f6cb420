import StripsCore
import StripsLooks
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
        #expect(area.lines == .across)
        // The same page lying on a side: its lines run down, whichever side it lies on.
        for turns in [1, 3] {
            let turned = try #require(WrittenArea(PictureTurn.turned(picture, quarterTurns: turns), pixelsPerInch: 100))
            #expect(turned.lines == .down, "turned \(turns)")
        }
        // Letters set in a lattice whose nearest neighbours lie aslant tell no way.
        var grid = PixelBuffer(width: 850, height: 1100, format: .grey, filledWith: 255)
        for row in 0..<80 {
            for column in 0..<40 {
                let x0 = 60 + column * 18 + (row % 2) * 9, y0 = 80 + row * 9
                for y in y0..<(y0 + 12) { for x in x0..<(x0 + 8) where (x - x0) < 2 || (y - y0) > 9 || (x - x0) > 5 { grid.bytes[y * grid.bytesPerRow + x] = 0 } }
            }
        }
        #expect(try #require(WrittenArea(grid, pixelsPerInch: 100)).lines == .unclear)
    }

    @Test func aCropThroughAWordCutsItsLettersAndOneBesideTheWordsDoesNot() {
        // Words of five letters (2 by 3 mm, half a millimetre apart), 19 mm between words, at 100 pixels an inch.
        var picture = PixelBuffer(width: 850, height: 1100, format: .grey, filledWith: 255)
        for line in 0..<30 {
            for word in 0..<6 {
                for letter in 0..<5 {
                    let x0 = 60 + word * 124 + letter * 10, y0 = 80 + line * 24
                    for y in y0..<(y0 + 12) { for x in x0..<(x0 + 8) where (x - x0) < 2 || (y - y0) > 9 || (x - x0) > 5 { picture.bytes[y * picture.bytesPerRow + x] = 0 } }
                }
            }
        }
        let guarded = TextGuard(picture, pixelsPerInch: 100)
        let size = Size(width: 850, height: 1100)
        func crop(right: Double) -> Quad {
            Quad(topLeft: Point(x: 20, y: 20), topRight: Point(x: right, y: 20), bottomRight: Point(x: right, y: 1080), bottomLeft: Point(x: 20, y: 1080))
        }
        // Between the fifth and the sixth words (which end at 604 and begin at 680): no letter cut.
        #expect(guarded.shares(crop(right: 640), in: size).cutLetters == 0)
        // Through the sixth word's third letter (700 to 707): on every line, that letter is cut from
        // the second, which is inside.
        let through = guarded.shares(crop(right: 705), in: size)
        #expect(through.cutLetters == 30)
        #expect(through.letters > 0.8)
        #expect(!guarded.keeps(crop(right: 705), in: size))
        #expect(guarded.keeps(crop(right: 840), in: size))
    }
}
