import Foundation
@testable import StripsPictures
import Testing

/// The project's one PNG writer: exact pixels in every format, 1-bit pages, the resolution and the
/// thumbnail cache's text entries, read back by libspng.
@Suite struct PNGWriterTests {
    /// The IHDR's bit depth and colour type, and the pHYs chunk's pixels a metre (nil: none).
    func header(_ png: [UInt8]) -> (depth: UInt8, colour: UInt8, perMetre: Int?) {
        func be32(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        var perMetre: Int?
        var offset = 8
        while offset + 8 <= png.count {
            let length = be32(offset), type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "pHYs" { perMetre = be32(offset + 8) }
            offset += 12 + length
        }
        return (png[24], png[25], perMetre)
    }

    @Test func everyFormatComesBackAsItWent() throws {
        let grey = try #require(PixelBuffer(width: 3, height: 2, format: .grey, bytes: [0, 50, 100, 150, 200, 255]))
        let rgb = try #require(PixelBuffer(width: 2, height: 1, format: .rgb, bytes: [10, 20, 30, 40, 50, 60]))
        for picture in [grey, rgb] {
            let png = try PNGWriter().encode(picture).get()
            #expect(header(png).colour == (picture.format == .grey ? 0 : 2))
            #expect(try PictureDecoder.decode(png, type: .png).get().rgbaBytes() == picture.rgbaBytes())
        }
        // B, G, R, A: RGB when opaque, RGBA when not, the alpha kept.
        let opaque = try #require(PixelBuffer(width: 2, height: 1, format: .bgra, bytes: [30, 20, 10, 255, 60, 50, 40, 255]))
        let seeThrough = try #require(PixelBuffer(width: 2, height: 1, format: .bgra, bytes: [30, 20, 10, 255, 60, 50, 40, 7]))
        #expect(header(try PNGWriter().encode(opaque).get()).colour == 2)
        let alpha = try PNGWriter(fast: true).encode(seeThrough).get()
        #expect(header(alpha).colour == 6)
        #expect(try #require(ThumbnailPNG.read(alpha)).picture == seeThrough)
        #expect(throws: PNGWriter.Failure.self) { try PNGWriter().encode(PixelBuffer(width: 0, height: 0, format: .grey)).get() }
    }

    @Test func aBilevelPageIsOneBitWithItsResolution() throws {
        // 9 pixels a row: the second byte holds the ninth pixel in its high bit.
        let values: [UInt8] = [0, 255, 127, 128, 0, 0, 255, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 200]
        let page = try #require(PixelBuffer(width: 9, height: 2, format: .grey, bytes: values))
        let png = try PNGWriter(bilevel: true, pixelsPerInch: 300).encode(page).get()
        let read = header(png)
        #expect(read.depth == 1 && read.colour == 0)
        // 300 dpi is 11811.02 pixels a metre, rounded up so it reads back as no less than 300.
        #expect(read.perMetre == 11812)
        let back = try PictureDecoder.decode(png, type: .png).get()
        #expect(back.rgbaBytes() == page.packedBlackAndWhite().rgbaBytes())
        #expect(throws: PNGWriter.Failure.self) { try PNGWriter(bilevel: true).encode(PixelBuffer(width: 1, height: 1, format: .rgb)).get() }
    }

    @Test func textEntriesAreKeptInOrder() throws {
        let pixel = PixelBuffer(width: 1, height: 1, format: .bgra)
        let png = try PNGWriter(texts: [PNGWriter.Text("Thumb::URI", "file:///a.jpg"), PNGWriter.Text("Software", "Strips")]).encode(pixel).get()
        #expect(ThumbnailPNG.texts(png) == ["Thumb::URI": "file:///a.jpg", "Software": "Strips"])
        let uri = try #require(png.firstRange(of: Array("Thumb::URI".utf8))), software = try #require(png.firstRange(of: Array("Software".utf8)))
        #expect(uri.lowerBound < software.lowerBound)
    }

    @Test func aFileIsWrittenWholeAndNeverOverAnotherUnlessAsked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-pngwriter-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a.png"
        let picture = try #require(PixelBuffer(width: 1, height: 1, format: .grey, bytes: [9]))
        try PNGWriter().write(picture, to: path).get()
        #expect(throws: PNGWriter.Failure.self) { try PNGWriter().write(picture, to: path).get() }
        try PNGWriter().write(picture, to: path, replacing: true, durable: false).get()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.png"])
    }
}

extension PixelBuffer {
    /// Grey pixels made 0 or 255 at 128, as a 1-bit PNG keeps them.
    fileprivate func packedBlackAndWhite() -> PixelBuffer {
        var out = self
        out.bytes = bytes.map { $0 < 128 ? 0 : 255 }
        return out
    }
}
