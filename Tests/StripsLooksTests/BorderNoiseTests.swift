import StripsCore
import StripsPhotosFeatures
import StripsPictures
import StripsSampleScans
import Testing
@testable import StripsLooks

/// Issue 31: what lies along the page's edge and is not the page (a desk's sliver, the page's own
/// shadow, thresholded into a dashed line) becomes paper in every look; text never does.
@Suite("Border noise")
struct BorderNoiseTests {
    /// A 4 x 5 inch page at 150 pixels an inch: words (bars 3 x 22 px) in lines, one line of them
    /// 0.06 inch below the top edge, a word cut by the left edge (its bars run into it); along the
    /// top a dashed line 2 px in, along the left a solid line round the top-left corner (an L, down
    /// to short of the cut word), a speck on the bottom edge.
    struct Page {
        var picture: PixelBuffer
        var words: [Int] = []
        var cut: [Int] = []
        static let ppi = 150.0
    }

    static func page() -> Page {
        let (w, h) = (600, 750)
        var picture = PixelBuffer(width: w, height: h, format: .rgb, filledWith: 245)
        var page = Page(picture: picture)
        func ink(_ x: Int, _ y: Int, _ level: UInt8 = 25) {
            let i = (y * w + x) * 3
            picture.bytes[i] = level; picture.bytes[i + 1] = level; picture.bytes[i + 2] = level
        }
        func bar(_ x0: Int, _ y0: Int, into list: inout [Int]) {
            for y in y0..<(y0 + 22) { for x in x0..<(x0 + 3) { ink(x, y); list.append(y * w + x) } }
        }
        // Lines of words, the first 9 px (0.06 in) under the top edge.
        for line in [9, 80, 150, 220, 290] {
            for x in stride(from: 60, to: 540, by: 8) where (x / 8) % 6 != 5 { bar(x, line, into: &page.words) }
        }
        // A word the crop cut through on the left: its bars start at the edge.
        for x in [0, 8, 16] { bar(x, 400, into: &page.cut) }
        // The noise: a dashed line 2 px under the top, an L round the top-left corner, a speck.
        for x in 40..<560 where (x / 12) % 3 != 2 { ink(x, 2, 60); ink(x, 3, 60) }
        for y in 0..<350 { ink(1, y, 50); ink(2, y, 50) }
        for x in 0..<200 { ink(x, 0, 50) }
        for y in 748..<750 { for x in 300..<303 { ink(x, y, 40) } }
        page.picture = picture
        return page
    }

    /// Pixels darker than mid-grey within `band` pixels of the edges, but for `except`.
    static func darkNearEdges(_ picture: PixelBuffer, band: Int, except: [Int]) -> Int {
        let kept = Set(except)
        var count = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width where x < band || y < band || x >= picture.width - band || y >= picture.height - band {
                if !kept.contains(y * picture.width + x), Measure.luma(picture, y * picture.width + x) < 128 { count += 1 }
            }
        }
        return count
    }

    @Test("the dashed line, the L round the corner and the speck become paper in colour, grey and bw; the words stay", arguments: [Look.colour, .grey, .bw])
    func noiseGoesTextStays(_ look: Look) {
        let page = Self.page()
        #expect(Self.darkNearEdges(page.picture, band: 5, except: page.cut) > 1000)
        let result = Looks.apply(look, to: page.picture, pixelsPerInch: Page.ppi)
        #expect(Self.darkNearEdges(result, band: 5, except: page.cut) == 0, "\(look)")
        #expect(Measure.darkShare(result, page.words) > 0.97, "\(look): the words")
        #expect(Measure.darkShare(result, page.cut) > 0.97, "\(look): the word the crop cut")
    }

    @Test("a part of a page cleans only the page's own edges: a line along a side that cuts through the page stays")
    func partsKeepTheirCutSides() {
        let page = Self.page()
        let whole = Looks.apply(.bw, to: page.picture, pixelsPerInch: Page.ppi, pageEdges: [.top])
        // The left line is not along a page edge here, so it is content.
        let left = (100..<350).map { $0 * page.picture.width + 1 }
        #expect(Measure.darkShare(whole, left) > 0.9)
        // The top's dashes still go.
        let top = (40..<560).filter { ($0 / 12) % 3 != 2 }.map { 2 * page.picture.width + $0 }
        #expect(Measure.darkShare(whole, top) == 0)
    }

    @Test("a photograph printed to the page's edge is not border noise")
    func picturesAtTheEdgeStay() throws {
        var picture = PixelBuffer(width: 600, height: 750, format: .rgb, filledWith: 240)
        // A photograph 1.5 inch deep against the top edge.
        let photo = try #require(ColourScanner.photograph(width: 400, height: 225))
        for y in 0..<225 {
            picture.bytes.replaceSubrange(((y * 600 + 100) * 3)..<((y * 600 + 500) * 3), with: photo.bytes[(y * 400 * 3)..<((y + 1) * 400 * 3)])
        }
        let result = Looks.apply(.colour, to: picture, pixelsPerInch: 150)
        var moved = 0.0
        for y in 0..<225 { for x in 100..<500 { moved += abs(Measure.luma(result, y * 600 + x) - Measure.luma(picture, y * 600 + x)) } }
        #expect(moved / (225 * 400) < 12, "the photograph's tones moved by \(moved / (225 * 400))")
    }
}
