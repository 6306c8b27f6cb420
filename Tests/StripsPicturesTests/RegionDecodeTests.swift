import CTurboJPEG
import Foundation
import StripsCore
import StripsPictures
import StripsTestSupport
import Testing

/// A part of a picture at a scale: what a zoomed page decodes. Every format gives the same part
/// of the same picture as cutting it from a whole decode would.
@Suite struct RegionDecodeTests {
    static func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strips-region-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// 640 x 480 in 80-pixel blocks, each its own colour: a part taken from the wrong place shows.
    static func blocks(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) { (UInt8(x / 80 * 30), UInt8(y / 80 * 40), 200) }

    static func rgb(_ p: PixelBuffer, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * p.width + x) * 4
        return (Int(p.bytes[i + 2]), Int(p.bytes[i + 1]), Int(p.bytes[i]))
    }

    /// The blocks picture as a quality-95 4:4:4 JPEG.
    static func blocksJPEG() throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: 640 * 480 * 3)
        for y in 0..<480 { for x in 0..<640 { let c = blocks(x, y); (pixels[(y * 640 + x) * 3], pixels[(y * 640 + x) * 3 + 1], pixels[(y * 640 + x) * 3 + 2]) = (c.0, c.1, c.2) } }
        let tj = try #require(tjInitCompress())
        defer { tjDestroy(tj) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        #expect(pixels.withUnsafeBufferPointer {
            tjCompress2(tj, $0.baseAddress, 640, 0, 480, Int32(TJPF_RGB.rawValue), &buffer, &size, Int32(TJSAMP_444.rawValue), 95, 0)
        } == 0)
        defer { tjFree(buffer) }
        return Array(UnsafeBufferPointer(start: try #require(buffer), count: Int(size)))
    }

    @Test func thePlanSnapsAPartToWholePixelsOfTheScaledPicture() {
        let plan = RegionPlan(size: (4000, 3000), limit: PixelLimit(width: 800, height: 800), region: Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
        #expect(plan.whole == (800, 600))
        #expect((plan.x, plan.y, plan.width, plan.height) == (80, 120, 240, 240))
        #expect(plan.region == Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
        // Never enlarged: a limit past the picture's own pixels stops at them.
        #expect(RegionPlan(size: (100, 50), limit: PixelLimit(width: 1000, height: 1000)).whole == (100, 50))
        // Outward to whole pixels, and never outside the picture.
        let odd = RegionPlan(size: (100, 100), limit: PixelLimit(width: 100, height: 100), region: Rect(x: 0.955, y: -0.5, width: 0.5, height: 0.515))
        #expect((odd.x, odd.y, odd.width, odd.height) == (95, 0, 5, 2))
        #expect(RegionPlan(size: (10, 10), limit: PixelLimit(width: 10, height: 10), region: Rect(x: 0, y: 0, width: 1, height: 1)).isWhole)
    }

    @Test func aPartOfTheUprightPictureIsTheRightPartOfTheStoredOne() {
        let part = Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
        // Orientation 6: shown turned clockwise; the shown top-left is the stored bottom-left.
        let right = Orientation.right.storedRegion(of: part)
        #expect(abs(right.minX - 0.2) < 1e-12 && abs(right.minY - 0.6) < 1e-12 && abs(right.width - 0.4) < 1e-12 && abs(right.height - 0.3) < 1e-12)
        #expect(Orientation.up.storedRegion(of: part) == part)
        let down = Orientation.down.storedRegion(of: part)
        #expect(abs(down.minX - 0.6) < 1e-12 && abs(down.minY - 0.4) < 1e-12)
    }

    @Test func aJPEGPartIsThatPartOfTheWholePicture() throws {
        let folder = try Self.scratch("jpeg")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("blocks.jpg").path
        try Data(try Self.blocksJPEG()).write(to: URL(fileURLWithPath: path))
        // Blocks 2...4 across, 1...3 down, at half scale: libjpeg's 1/2 decode, rows above skipped.
        let part = Rect(x: 160.0 / 640, y: 80.0 / 480, width: 240.0 / 640, height: 240.0 / 480)
        let decoded = try PictureDecoder.decode(path, limit: PixelLimit(width: 320, height: 240), region: part, fast: false).get()
        #expect(decoded.region == part)
        #expect(decoded.width == 120 && decoded.height == 120)
        for (x, y) in [(20, 20), (60, 60), (100, 100), (100, 20), (20, 100)] {
            let want = Self.blocks(160 + x * 2, 80 + y * 2), got = Self.rgb(decoded.pixels, x, y)
            #expect(abs(got.0 - Int(want.0)) <= 4 && abs(got.1 - Int(want.1)) <= 4 && abs(got.2 - Int(want.2)) <= 4, "at \(x), \(y): \(got)")
        }
    }

    @Test func aPNGIsReadByRowsIntoTheSizeAsked() throws {
        let folder = try Self.scratch("png")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("blocks.png").path
        let png = try PNGWriter().encode(PixelBuffer(width: 640, height: 480, format: .rgb,
                                                     bytes: (0..<(640 * 480)).flatMap { i -> [UInt8] in
                                                         let c = Self.blocks(i % 640, i / 640); return [c.0, c.1, c.2] }) ?? PixelBuffer(width: 0, height: 0, format: .rgb)).get()
        try Data(png).write(to: URL(fileURLWithPath: path))
        // The whole, shrunk by 4 while read: each 80-pixel block is 20 pixels of its own colour.
        let whole = try PictureDecoder.decode(path, limit: PixelLimit(width: 160, height: 160), region: nil, fast: false).get()
        #expect(whole.width == 160 && whole.height == 120 && whole.region == nil)
        #expect(Self.rgb(whole.pixels, 50, 30) == (60, 40, 200))
        // A part at the file's own pixels: rows below it are never read.
        let part = try PictureDecoder.decode(path, limit: PixelLimit(width: 640, height: 480), region: Rect(x: 0.5, y: 0, width: 0.25, height: 0.5), fast: false).get()
        #expect(part.width == 160 && part.height == 240)
        #expect(Self.rgb(part.pixels, 10, 10) == (120, 0, 200) && Self.rgb(part.pixels, 150, 230) == (150, 80, 200))
    }

    @Test func aTIFFIsReadByStripsIntoTheSizeAsked() throws {
        let folder = try Self.scratch("tiff")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("page.tif").path
        // 400 x 300, black top-left quarter, green elsewhere (TIFFMaker's page).
        #expect(TIFFMaker.write([.init(width: 400, height: 300, rgb: (0, 200, 0))], to: path))
        let part = try TIFFPages.decode(path, page: 0, limit: PixelLimit(width: 200, height: 150), region: Rect(x: 0, y: 0, width: 0.5, height: 0.5)).get()
        #expect(part.width == 100 && part.height == 75)
        #expect(Self.rgb(part.pixels, 10, 10) == (0, 0, 0) && Self.rgb(part.pixels, 90, 70) == (0, 200, 0))
    }

    @Test func aGiantIsRefusedOnlyPastWhatReadingByRowsServes() {
        // Read by rows: any size up to 65535 a side.
        #expect(ImageInfo(format: .png, width: 20_000, height: 15_000).sizeProblem == nil)
        #expect(ImageInfo(format: .jpeg, width: 20_000, height: 15_000, fileSize: 2_000_000).sizeProblem == nil)
        #expect(ImageInfo(format: .png, width: 70_000, height: 100).sizeProblem?.hasPrefix("too large") == true)
        // Decoded whole: 100 megapixels at most, as before.
        #expect(ImageInfo(format: .gif, width: 20_000, height: 15_000).sizeProblem?.hasPrefix("too large") == true)
        #expect(ImageInfo(format: .png, width: 20_000, height: 15_000, interlaced: true).sizeProblem?.hasPrefix("too large") == true)
        // A JPEG header claiming 300 MP in a few kilobytes lies.
        #expect(ImageInfo(format: .jpeg, width: 20_000, height: 15_000, fileSize: 4_000).sizeProblem?.contains("truncated") == true)
    }
}
