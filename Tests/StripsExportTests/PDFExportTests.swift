import CTurboJPEG
import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import Testing
@testable import StripsExport

/// PDF export checked from outside with poppler-utils: page count, order, sizes, the JPEG
/// streams byte for byte, other formats pixel for pixel, and how each page looks when rendered.
@Suite struct PDFExportTests {
    @Test func jpegsAreEmbeddedByteForByteInOrder() throws {
        let files = try SaveFixtures()
        // Baseline colour, progressive, greyscale.
        let sizes = [(320, 240), (200, 300), (160, 160)]
        let noise = sizes.enumerated().map { RGBImage.noise(width: $1.0, height: $1.1, seed: UInt32($0 + 1)) }
        let jpegs = [JPEGMaker.encode(noise[0]),
                     JPEGMaker.encode(pixels: noise[1].pixels, width: 200, height: 300, format: TJPF_RGB, subsampling: TJSAMP_422, flags: TJFLAG_PROGRESSIVE),
                     JPEGMaker.encode(pixels: noise[2].pixels, width: 160, height: 160, format: TJPF_RGB, subsampling: TJSAMP_GRAY)]
        #expect(jpegs[1].contains(0xC2) && !jpegs.contains { $0.isEmpty })
        let paths = try jpegs.enumerated().map { try files.write("page\($0 + 1).jpg", $1) }
        let originals = paths.map(SaveFixtures.bytes)
        let destination = files.path("out.pdf")
        let result = try DocumentExporter.save(paths.map { ExportPage(source: .picture(path: $0)) }, to: destination, sourcePaths: paths)

        #expect(result == SaveResult(kind: .pdf, destination: destination, pageCount: 3, files: [], bytesWritten: result.bytesWritten, notes: []))
        #expect(result.bytesWritten == SaveFixtures.bytes(destination).count)
        #expect(try Tool.pageCount(destination) == 3)
        let images = try Tool.images(destination)
        #expect(images.map(\.page) == [1, 2, 3])
        #expect(images.map(\.width) == sizes.map(\.0))
        #expect(images.map(\.height) == sizes.map(\.1))
        #expect(images.map(\.encoding) == ["jpeg", "jpeg", "jpeg"])
        try Tool.run("pdfimages", ["-j", destination, files.path("extracted")])
        for i in 0..<3 {
            #expect(SaveFixtures.bytes(files.path("extracted-00\(i).jpg")) == originals[i], "page \(i + 1)")
        }
        // No resolution in these files: the longer side is A4's 297 mm, the shorter in proportion.
        let pages = try Tool.pageSizes(destination)
        #expect(pages.count == 3)
        for (page, size) in zip(pages, sizes) {
            let long = 841.89, scale = long / Double(max(size.0, size.1))
            #expect(abs(page.0 - Double(size.0) * scale) < 0.01 && abs(page.1 - Double(size.1) * scale) < 0.01, "\(page) for \(size)")
        }
        #expect(paths.map(SaveFixtures.bytes) == originals)
    }

    /// Every EXIF orientation with every user rotation: the page has the final shape, looks right
    /// when rendered, and still holds the file's own JPEG bytes.
    @Test func orientationAndTurnsAreThePageTransform() throws {
        let files = try SaveFixtures()
        let upright = RGBImage.quadrants(width: 320, height: 240)
        var pages: [ExportPage] = [], expected: [RGBImage] = [], originals: [[UInt8]] = []
        for orientation in Orientation.allCases {
            let jpeg = JPEGMaker.withExif(JPEGMaker.encode(upright.stored(for: orientation)), orientation: orientation.rawValue)
            let path = try files.write("orient-\(orientation.rawValue).jpg", jpeg)
            for turns in 0..<4 {
                pages.append(ExportPage(source: .picture(path: path), corrections: Corrections(quarterTurns: turns), pixelSize: Size(width: 320, height: 240)))
                expected.append(upright.turned(turns))
                originals.append(jpeg)
            }
        }
        let destination = files.path("turns.pdf")
        _ = try DocumentExporter.save(pages, to: destination, sourcePaths: pages.map(\.source.path))

        let sizes = try Tool.pageSizes(destination)
        #expect(sizes.count == 32)
        for (size, want) in zip(sizes, expected) {
            #expect((size.0 > size.1) == (want.width > want.height), "page shape \(size) for \(want.width) x \(want.height)")
        }
        let rendered = try Tool.render(destination, dpi: 12, into: files.path("rendered"))
        #expect(rendered.count == 32)
        for (index, (page, want)) in zip(rendered, expected).enumerated() {
            #expect(page.quadrantSignature == want.quadrantSignature, "orientation \(index / 4 + 1), \(index % 4) turns")
        }
        try Tool.run("pdfimages", ["-j", destination, files.path("x")])
        for (index, original) in originals.enumerated() {
            let name = String(format: "x-%03d.jpg", index)
            #expect(SaveFixtures.bytes(files.path(name)) == original, "\(name)")
        }
    }

    /// PNG, BMP, GIF, WebP and TGA are decoded and stored with a lossless filter: the image the
    /// PDF holds is the decoded picture, pixel for pixel, also when the page is turned.
    @Test func otherFormatsAreEmbeddedLosslessly() throws {
        let files = try SaveFixtures()
        let png = files.path("noise.png"), bmp = files.path("noise.bmp")
        #expect(SDLPictures.savePNG(.noise(width: 64, height: 48, seed: 7), to: png))
        #expect(SDLPictures.saveBMP(.noise(width: 30, height: 50, seed: 9), to: bmp))
        let sources = [png, bmp] + ["gif", "webp", "tga"].map { SaveFixtures.fixture("formats/shape.\($0)") }
        let originals = sources.map(SaveFixtures.bytes)
        let pages = sources.enumerated().map { ExportPage(source: .picture(path: $1), corrections: Corrections(quarterTurns: $0)) }
        let destination = files.path("formats.pdf")
        _ = try DocumentExporter.save(pages, to: destination, sourcePaths: sources)

        let images = try Tool.images(destination)
        #expect(images.map(\.page) == [1, 2, 3, 4, 5])
        #expect(!images.contains { $0.encoding == "jpeg" })
        try Tool.run("pdfimages", ["-png", destination, files.path("x")])
        for (index, source) in sources.enumerated() {
            let decoded = SDLPictures.decode(source)
            let embedded = SDLPictures.decode(files.path(String(format: "x-%03d.png", index)))
            #expect(decoded != nil && decoded == embedded, "\(source)")
        }
        // Page shapes: landscape, portrait, landscape, landscape, landscape pictures turned 0, 1,
        // 2, 3 and 4 (= 0) quarter turns.
        let shapes = try Tool.pageSizes(destination).map { $0.0 > $0.1 }
        #expect(shapes == [true, true, true, false, true])
        #expect(sources.map(SaveFixtures.bytes) == originals)
    }

    /// A stated scanner resolution sizes the page (JFIF, then EXIF, then PNG pHYs); a camera's
    /// 72 dpi does not.
    @Test func pageSizeFollowsAPlausibleStatedResolution() throws {
        let files = try SaveFixtures()
        let plain = JPEGMaker.encode(.quadrants(width: 600, height: 300))
        let jfif300 = try files.write("jfif300.jpg", JPEGMaker.withJFIF(plain, unit: 1, x: 300, y: 300))
        let jfifCm = try files.write("jfif-cm.jpg", JPEGMaker.withJFIF(plain, unit: 2, x: 100, y: 100))
        let exif200 = try files.write("exif200.jpg", JPEGMaker.withExif(plain, orientation: 1, dpi: (200, 200)))
        let camera72 = try files.write("camera72.jpg", JPEGMaker.withJFIF(JPEGMaker.withExif(plain, orientation: 6, dpi: (72, 72)), unit: 1, x: 72, y: 72))
        let png = files.path("p.png")
        #expect(SDLPictures.savePNG(.quadrants(width: 600, height: 300), to: png))
        let pngDPI = try files.write("png-150dpi.png", PNGChunks.withPHYs(SaveFixtures.bytes(png), pixelsPerMetre: 5906))
        let sources = [jfif300, jfifCm, exif200, camera72, pngDPI]
        _ = try DocumentExporter.save(sources.map { ExportPage(source: .picture(path: $0)) }, to: files.path("dpi.pdf"), sourcePaths: sources)

        let sizes = try Tool.pageSizes(files.path("dpi.pdf"))
        let expected: [(Double, Double)] = [(144, 72), (600 / 254.0 * 72, 300 / 254.0 * 72), (216, 108), (420.945, 841.89), (600 / 5906 * 39.37007874 * 72, 300 / 5906 * 39.37007874 * 72)]
        #expect(sizes.count == expected.count)
        for (index, (got, want)) in zip(sizes, expected).enumerated() {
            #expect(abs(got.0 - want.0) < 0.01 && abs(got.1 - want.1) < 0.01, "page \(index + 1): \(got), want \(want)")
        }
    }

    @Test func pageSizeRule() {
        let a4 = PageSize.points(width: 2480, height: 3508, dpi: (300, 300))
        #expect(abs(a4.width - 595.2) < 0.001 && abs(a4.height - 841.92) < 0.001)
        let phone = PageSize.points(width: 4000, height: 3000, dpi: (72, 72))
        #expect(abs(phone.width - 841.89) < 0.01 && abs(phone.height - 631.42) < 0.01)
        let giant = PageSize.points(width: 30000, height: 20000, dpi: (100, 100))
        #expect(abs(giant.width - 841.89) < 0.01, "300 inches is no page: the A4 rule takes over")
        let none = PageSize.points(width: 100, height: 400, dpi: nil)
        #expect(abs(none.height - 841.89) < 0.01 && abs(none.width - 210.47) < 0.01)
    }
}

/// Adds a pHYs chunk to a PNG (with its CRC), as scanner software writes it.
enum PNGChunks {
    static func withPHYs(_ png: [UInt8], pixelsPerMetre: UInt32) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let body = Array("pHYs".utf8) + be32(pixelsPerMetre) + be32(pixelsPerMetre) + [1]
        let chunk = be32(9) + body + be32(crc32(body))
        let afterHeader = 8 + 25  // signature, then IHDR (4 length + 4 type + 13 data + 4 CRC)
        return Array(png[0..<afterHeader]) + chunk + Array(png[afterHeader...])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// CMYK JPEGs (print scans) pass through as they are and keep their colours.
@Suite struct CMYKExportTests {
    @Test func aCMYKJPEGKeepsItsColours() throws {
        let files = try SaveFixtures()
        let rgb = RGBImage.quadrants(width: 64, height: 48)
        // libjpeg-turbo's CMYK input: C = 255 - R and so on, no black.
        var cmyk = [UInt8](repeating: 0, count: 64 * 48 * 4)
        for i in 0..<(64 * 48) {
            for c in 0..<3 { cmyk[i * 4 + c] = 255 - rgb.pixels[i * 3 + c] }
        }
        let jpeg = JPEGMaker.encode(pixels: cmyk, width: 64, height: 48, format: TJPF_CMYK, subsampling: TJSAMP_444)
        #expect(!jpeg.isEmpty)
        let path = try files.write("cmyk.jpg", jpeg)
        _ = try DocumentExporter.save([ExportPage(source: .picture(path: path))], to: files.path("cmyk.pdf"), sourcePaths: [path])
        try Tool.run("pdfimages", ["-j", files.path("cmyk.pdf"), files.path("x")])
        #expect(SaveFixtures.bytes(files.path("x-000.jpg")) == jpeg)
        let rendered = try Tool.render(files.path("cmyk.pdf"), dpi: 20, into: files.path("r"))
        #expect(rendered.first?.quadrantSignature == rgb.quadrantSignature)
    }
}
