import Foundation
import StripsCore
import StripsPictures
import Testing
@testable import StripsCorrection

/// An item lying on a flatbed, found by its paper's brightness against the backing (made-up scans
/// for the edge cases; the real receipts' numbers are docs/REAL-PAGES.md's).
@Suite struct FlatbedItemTests {
    /// A 600 x 840 scan (A4's shape at about 72 dpi): `backing` everywhere, then `panels` (x, y,
    /// width, height, level), then a white item with rows of dark print.
    static func scan(backing: UInt8, panels: [(Int, Int, Int, Int, UInt8)] = [], item: (x: Int, y: Int, width: Int, height: Int)?) -> PixelBuffer {
        var picture = PixelBuffer(width: 600, height: 840, format: .grey, filledWith: backing)
        func fill(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int, _ level: UInt8) {
            for y in max(0, y0)..<min(840, y0 + h) { for x in max(0, x0)..<min(600, x0 + w) { picture.bytes[y * 600 + x] = level } }
        }
        for panel in panels { fill(panel.0, panel.1, panel.2, panel.3, panel.4) }
        if let item {
            fill(item.x, item.y, item.width, item.height, 228)
            var y = item.y + 12
            while y + 6 < item.y + item.height - 12 {
                var x = item.x + 10
                while x + 5 < item.x + item.width - 10 { fill(x, y, 4, 6, 40); x += 7 }
                y += 12
            }
        }
        return picture
    }

    static func box(_ quad: Quad) -> (Int, Int, Int, Int) {
        (Int(quad.topLeft.x.rounded()), Int(quad.topLeft.y.rounded()), Int(quad.bottomRight.x.rounded()), Int(quad.bottomRight.y.rounded()))
    }

    @Test func aReceiptAgainstTheGlassEdgeIsCroppedToItselfWithItsMargin() throws {
        // Laid against the top and right edges on grey cardboard, as most real receipts are.
        let picture = Self.scan(backing: 160, item: (x: 400, y: 0, width: 200, height: 600))
        let quad = try #require(FlatbedItem.find(in: picture))
        let margin = Int((FlatbedItem.margin * 840).rounded())
        let (x0, y0, x1, y1) = Self.box(quad)
        #expect(abs(x0 - (400 - margin)) <= 2 && y0 == 0 && x1 == 600 && abs(y1 - (600 + margin)) <= 2)
    }

    @Test func aGreySheetBesideABlackLidIsBacking() throws {
        // A black lid with a grey sheet over its right part, the receipt on the sheet.
        let picture = Self.scan(backing: 30, panels: [(150, 0, 450, 840, 165)], item: (x: 380, y: 40, width: 180, height: 500))
        let quad = try #require(FlatbedItem.find(in: picture))
        let (x0, y0, x1, y1) = Self.box(quad)
        let margin = Int((FlatbedItem.margin * 840).rounded())
        #expect(abs(x0 - (380 - margin)) <= 2 && abs(y0 - (40 - margin)) <= 2 && abs(x1 - (560 + margin)) <= 2 && abs(y1 - (540 + margin)) <= 2)
    }

    @Test func aPageFillingTheScanIsNoItem() {
        // White to every edge: every edge is paper, nothing tells the backing.
        #expect(FlatbedItem.find(in: Self.scan(backing: 228, item: (x: 0, y: 0, width: 600, height: 840))) == nil)
    }

    @Test func aWhiteItemOnAWhiteLidIsNoItem() {
        #expect(FlatbedItem.find(in: Self.scan(backing: 215, item: (x: 200, y: 100, width: 200, height: 500))) == nil)
    }

    @Test func aSpeckOfLightIsNoItem() {
        // Smaller than 3 % of the scan: a reflection, a label's corner.
        #expect(FlatbedItem.find(in: Self.scan(backing: 90, item: (x: 300, y: 300, width: 60, height: 60))) == nil)
    }

    @Test func scatteredLightPatchesFillNoBox() {
        // A chequer of light squares joined at their corners by nothing: the largest region is one
        // square, under 3 %; joined into a lattice by thin bars, it fills too little of its box.
        var picture = Self.scan(backing: 60, item: nil)
        for y in stride(from: 100, to: 700, by: 60) {
            for x in stride(from: 100, to: 500, by: 60) {
                for yy in y..<(y + 30) { for xx in x..<(x + 30) { picture.bytes[yy * 600 + xx] = 228 } }
                for yy in (y + 14)..<(y + 16) { for xx in x..<min(600, x + 60) { picture.bytes[yy * 600 + xx] = 228 } }
                for yy in y..<min(840, y + 60) { for xx in (x + 14)..<(x + 16) { picture.bytes[yy * 600 + xx] = 228 } }
            }
        }
        #expect(FlatbedItem.find(in: picture) == nil)
    }

    @Test(arguments: [3.0, -2.0])
    func aReceiptSetAskewIsCroppedToItsOwnTurnedRectangle(degrees: Double) throws {
        // A 160 x 560 receipt turned about its centre on grey backing, away from the edges.
        var picture = PixelBuffer(width: 600, height: 840, format: .grey, filledWith: 150)
        let r = degrees * .pi / 180, (c, s) = (cos(r), sin(r)), (cx, cy) = (300.0, 420.0)
        for y in 0..<840 {
            for x in 0..<600 {
                // The point in the receipt's own frame (turned back).
                let dx = Double(x) - cx, dy = Double(y) - cy
                let u = dx * c + dy * s, v = -dx * s + dy * c
                guard abs(u) <= 80, abs(v) <= 280 else { continue }
                // Lines of print 4 pixels high every 16, letters 3 wide every 8: a receipt's ink share.
                let printed = Int(v + 280) % 16 < 4 && Int(u + 80) % 8 < 3 && abs(u) < 70 && abs(v) < 268
                picture.bytes[y * 600 + x] = printed ? 40 : 228
            }
        }
        guard let quad = FlatbedItem.find(in: picture) else {
            Issue.record("no item found")
            return
        }
        // Its top edge slopes as the receipt does (y down: a positive turn here is clockwise on
        // screen, the right end lower), within half a degree at this size.
        let slope = atan2(quad.topRight.y - quad.topLeft.y, quad.topRight.x - quad.topLeft.x) * 180 / .pi
        #expect(abs(slope - degrees) <= 0.5, "slope \(slope)")
        // It holds the receipt with its margin, and little backing: its sides 160 and 560 and the margin.
        let margin = FlatbedItem.margin * 840
        let width = quad.topLeft.distance(to: quad.topRight), height = quad.topLeft.distance(to: quad.bottomLeft)
        #expect(abs(width - (160 + 2 * margin)) <= 6 && abs(height - (560 + 2 * margin)) <= 6, "\(width) x \(height)")
        for corner in [Point(x: cx - 80 * c + 280 * s, y: cy - 80 * s - 280 * c), Point(x: cx + 80 * c - 280 * s, y: cy + 80 * s + 280 * c)] {
            #expect(quad.contains(corner), "\(corner)")
        }
    }
}
