import Foundation
import StripsCore
import StripsPictures
import Testing
@testable import StripsCorrection

/// A page of dark "words" on light paper, lines `lineSpacing` apart: what the skew finder reads.
func textPage(width: Int, height: Int, lineSpacing: Int = 28, seed: UInt64 = 1) -> PixelBuffer {
    var page = PixelBuffer(width: width, height: height, format: .grey, filledWith: 236)
    var random = SeededRandom(seed: seed)
    func next() -> Int { Int(random.next() >> 33) }
    var y = height / 10
    while y + 12 < height - height / 10 {
        var x = width / 10
        while x < width - width / 10 {
            let word = 20 + next() % 60
            for yy in y..<(y + 12) { for xx in x..<min(x + word, width - width / 10) { page.bytes[yy * width + xx] = 30 } }
            x += word + 12
        }
        y += lineSpacing
    }
    return page
}

/// A checkerboard page of `cell` pixel squares, in colour: each square's colour names its place.
func checkerColour(_ x: Double, _ y: Double, cell: Double) -> (UInt8, UInt8, UInt8) {
    let (i, j) = (Int((x / cell).rounded(.down)), Int((y / cell).rounded(.down)))
    return (i + j).isMultiple(of: 2) ? (240, 230, 200) : (UInt8(40 + 20 * (i % 5)), UInt8(30 + 30 * (j % 4)), 90)
}

@Suite struct LeptonicaPixTests {
    @Test func rgbGreyAndBGRARoundTripThroughAPix() throws {
        var rgb = PixelBuffer(width: 7, height: 3, format: .rgb)
        for i in 0..<rgb.bytes.count { rgb.bytes[i] = UInt8((i * 37) % 256) }
        #expect(try #require(LeptonicaPix(rgb)).buffer() == rgb)
        var grey = PixelBuffer(width: 5, height: 4, format: .grey)
        for i in 0..<grey.bytes.count { grey.bytes[i] = UInt8(i * 11) }
        let pix = try #require(LeptonicaPix(grey))
        #expect(pix.depth == 8)
        #expect(pix.buffer() == grey)
        var bgra = PixelBuffer(width: 2, height: 1, format: .bgra)
        bgra.bytes = [1, 2, 3, 255, 10, 20, 30, 255]
        #expect(try #require(LeptonicaPix(bgra)).buffer()?.bytes == [3, 2, 1, 30, 20, 10])
        #expect(LeptonicaPix(PixelBuffer(width: 0, height: 3, format: .rgb)) == nil)
    }
}

@Suite struct FlattenerTests {
    /// An 800 x 600 photo of a 420 x 594 checkerboard page under perspective, drawn analytically
    /// (4 samples a pixel) so the flattening is compared with the page itself.
    static let page = Size(width: 420, height: 594)
    static let quad = Quad(topLeft: Point(x: 230.5, y: 60.25), topRight: Point(x: 590, y: 95),
                           bottomRight: Point(x: 640, y: 560), bottomLeft: Point(x: 150, y: 520))
    static let photo: PixelBuffer = {
        let size = Size(width: 800, height: 600)
        var photo = PixelBuffer(width: Int(size.width), height: Int(size.height), format: .rgb, filledWith: 60)
        guard let toPage = Homography(rectangle: page, to: quad)?.inverse else { return photo }
        for y in 0..<600 {
            for x in 0..<800 {
                var sum = (0, 0, 0)
                for s in 0..<4 {
                    let p = toPage.apply(Point(x: Double(x) + (Double(s % 2) + 0.5) / 2, y: Double(y) + (Double(s / 2) + 0.5) / 2))
                    let c = p.x >= 0 && p.y >= 0 && p.x < page.width && p.y < page.height ? checkerColour(p.x, p.y, cell: 30) : (60, 60, 60)
                    sum = (sum.0 + Int(c.0), sum.1 + Int(c.1), sum.2 + Int(c.2))
                }
                let o = (y * 800 + x) * 3
                photo.bytes[o] = UInt8(sum.0 / 4); photo.bytes[o + 1] = UInt8(sum.1 / 4); photo.bytes[o + 2] = UInt8(sum.2 / 4)
            }
        }
        return photo
    }()

    /// Mean absolute difference per channel from the true page, sampled at cell centres (away
    /// from the checker's edges, where any resampling blurs).
    func cellError(_ flat: PixelBuffer, cell: Double) -> Double {
        var total = 0.0, count = 0.0
        let sx = Double(flat.width) / Self.page.width, sy = Double(flat.height) / Self.page.height
        for j in 0..<Int(Self.page.height / cell) {
            for i in 0..<Int(Self.page.width / cell) {
                let (px, py) = ((Double(i) + 0.5) * cell, (Double(j) + 0.5) * cell)
                let c = checkerColour(px, py, cell: cell)
                let o = (Int(py * sy) * flat.width + Int(px * sx)) * 3
                total += abs(Double(flat.bytes[o]) - Double(c.0)) + abs(Double(flat.bytes[o + 1]) - Double(c.1)) + abs(Double(flat.bytes[o + 2]) - Double(c.2))
                count += 3
            }
        }
        return total / count
    }

    @Test func aPhotographedPageComesBackAsThePage() throws {
        let flat = try #require(Flattener.flatten(Self.photo, quad: Self.quad, size: Self.page))
        #expect(flat.width == 420 && flat.height == 594 && flat.format == .rgb)
        #expect(cellError(flat, cell: 30) < 2)
        // The desk (grey 60) is nowhere in the page: the corners are where the quad says.
        for (x, y) in [(1, 1), (418, 1), (418, 592), (1, 592)] {
            let o = (y * 420 + x) * 3
            #expect(flat.bytes[o] != 60 || flat.bytes[o + 1] != 60, "corner \(x),\(y)")
        }
    }

    @Test func aSmallerDecodeWithTheQuadScaledGivesTheSamePage() throws {
        let quarter = Self.photo.boxReduced(by: 2)
        let quad = Self.quad.scaled(from: Size(width: 800, height: 600), to: Size(width: 400, height: 300))
        let small = try #require(Flattener.flatten(quarter, quad: quad, size: Size(width: 210, height: 297)))
        #expect(cellError(small, cell: 30) < 6)
        // And a thumbnail straight from the large picture (pre-shrunk inside) matches as well.
        let thumb = try #require(Flattener.flatten(Self.photo, quad: Self.quad, size: Size(width: 105, height: 149)))
        #expect(cellError(thumb, cell: 30) < 10)
    }

    @Test func degenerateQuadsAndSizesGiveNothing() {
        let line = Quad(topLeft: .zero, topRight: Point(x: 10, y: 0), bottomRight: Point(x: 20, y: 0), bottomLeft: Point(x: 30, y: 0))
        #expect(Flattener.flatten(Self.photo, quad: line, size: Size(width: 10, height: 10)) == nil)
        #expect(Flattener.flatten(Self.photo, quad: Self.quad, size: Size(width: 0, height: 10)) == nil)
        #expect(Flattener.flatten(Self.photo, quad: Self.quad, size: Size(width: .nan, height: 10)) == nil)
        #expect(Flattener.flatten(Self.photo, quad: Self.quad, size: Size(width: 1e6, height: 1e6)) == nil)
        // A quad reaching past the picture takes the edge colour there, not garbage.
        let past = Quad(rect: Rect(x: -50, y: -50, width: 900, height: 700))
        #expect(Flattener.flatten(Self.photo, quad: past, size: Size(width: 90, height: 70)) != nil)
    }
}

@Suite struct StraightenerTests {
    @Test func findsTheAngleThatLevelsTiltedText() throws {
        let page = textPage(width: 1200, height: 1600)
        #expect(abs(try #require(Straightener.levellingAngle(of: page))) < 0.1)
        for tilt in [4.0, -2.5, 8.0] {
            let tilted = Straightener.rotated(page, degrees: tilt)
            let angle = try #require(Straightener.levellingAngle(of: tilted))
            #expect(abs(angle + tilt) < 0.2, "tilted \(tilt), found \(angle)")
            let levelled = Straightener.rotated(tilted, degrees: angle)
            #expect(abs(try #require(Straightener.levellingAngle(of: levelled))) < 0.2)
        }
    }

    @Test func aBlankPageHasNoAngle() {
        #expect(Straightener.levellingAngle(of: PixelBuffer(width: 800, height: 1000, format: .rgb, filledWith: 240)) == nil)
        #expect(Straightener.levellingAngle(of: PixelBuffer(width: 10, height: 10, format: .grey)) == nil)
    }

    @Test func turningKeepsTheSizeAndFillsTheCorners() throws {
        var page = PixelBuffer(width: 40, height: 40, format: .rgb, filledWith: 100)
        // A quarter turn counter-clockwise moves the right edge's red column to the top row.
        for y in 0..<40 { page.bytes[(y * 40 + 39) * 3] = 250 }
        let turned = Straightener.rotated(page, degrees: 90)
        #expect(turned.width == 40 && turned.height == 40)
        #expect((0..<40).allSatisfy { turned.bytes[$0 * 3] == 250 })
        #expect(turned.bytes[(20 * 40 + 20) * 3] == 100)
        let small = Straightener.rotated(page, degrees: 10, fill: .colour([1, 2, 3]))
        #expect(Array(small.bytes[0..<3]) == [1, 2, 3])
        let edge = Straightener.rotated(page, degrees: 10, fill: .edgeColour)
        // The frame is mostly 100 with one red column: the mean lies between.
        #expect(edge.bytes[0] > 100 && edge.bytes[0] < 140)
        #expect(Straightener.rotated(page, degrees: 0) == page)
    }
}
