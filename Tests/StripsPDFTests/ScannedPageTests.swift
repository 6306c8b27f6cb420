import CLeptonica
import CTurboJPEG
import Foundation
import StripsCore
import StripsLooks
@testable import StripsPDF
import StripsPictures
import Testing

/// Scanned pages (one JPEG over the whole page, as img2pdf and scanners write them) are decoded
/// from their JPEG stream by libjpeg-turbo at the scale drawn, bilevel ones (CCITT G4) by libtiff;
/// they look as poppler draws them.
/// Anything else about the page, and poppler renders it.
@Suite struct ScannedPageTests {
    /// 400 x 300: a dark bar across the top quarter on light paper, RGB, quality 95.
    static func jpeg(grey: Bool = false) throws -> [UInt8] {
        let w = 400, h = 300, n = grey ? 1 : 3
        var pixels = [UInt8](repeating: 0, count: w * h * n)
        for y in 0..<h { for x in 0..<w { for c in 0..<n { pixels[(y * w + x) * n + c] = y < h / 4 ? 30 : (c == 2 ? 150 : 230) } } }
        let tj = try #require(tjInitCompress())
        defer { tjDestroy(tj) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(tj, $0.baseAddress, Int32(w), 0, Int32(h), Int32(grey ? TJPF_GRAY.rawValue : TJPF_RGB.rawValue), &buffer, &size,
                        Int32(grey ? TJSAMP_GRAY.rawValue : TJSAMP_444.rawValue), 95, 0)
        }
        #expect(status == 0)
        defer { tjFree(buffer) }
        return Array(UnsafeBufferPointer(start: try #require(buffer), count: Int(size)))
    }

    static func rgb(_ p: PixelBuffer, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * p.width + x) * 4
        return (Int(p.bytes[i + 2]), Int(p.bytes[i + 1]), Int(p.bytes[i]))
    }

    static func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), _ tolerance: Int = 6) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }

    @Test(arguments: [0, 90]) func aScannedPageIsItsJPEGAsPopplerDrawsIt(rotate: Int) throws {
        let scratch = try PDFScratch("scan-\(rotate)")
        let path = scratch.path("scan.pdf")
        try PDFScanDocument.write(to: path, jpeg: try Self.jpeg(), width: 400, height: 300, dpi: 100, pages: 2, rotate: rotate).get()
        let renderer = PDFRenderer()
        let scan = try #require(renderer.scans.scan(path, page: 1))
        guard case .jpeg(let jpeg) = scan.picture else { Issue.record("not taken as a JPEG"); return }
        #expect(jpeg.starts(with: [0xFF, 0xD8]) && scan.quarterTurns == rotate / 90)
        let pages = PDFPages(renderer: renderer)
        let limit = PixelLimit(width: 200, height: 200)
        let ours = try pages.decode(.pdfPage(path: path, index: 1), limit: limit).get()
        let poppler = try renderer.render(path, pageIndex: 1, maxWidth: 200, maxHeight: 200).get()
        // The same shape (the page turned by its /Rotate) and the same picture, point for point.
        #expect(ours.width == poppler.width && ours.height == poppler.height)
        for (fx, fy) in [(0.5, 0.1), (0.5, 0.6), (0.2, 0.9), (0.9, 0.3), (0.1, 0.5)] {
            let x = Int(fx * Double(ours.width)), y = Int(fy * Double(ours.height))
            #expect(Self.near(Self.rgb(ours.pixels, x, y), Self.rgb(poppler, x, y)), "at \(fx), \(fy)")
        }
        // Turned a quarter, the dark bar that ran across the top runs down the right side.
        if rotate == 90 { #expect(Self.rgb(ours.pixels, ours.width - 5, ours.height / 2).0 < 60) }
    }

    /// 400 x 300, 1 bit: a black bar across the top quarter, and a black square every 10 pixels below.
    static func bilevel() throws -> PixelBuffer {
        var picture = PixelBuffer(width: 400, height: 300, format: .grey, filledWith: 255)
        for y in 0..<300 { for x in 0..<400 where y < 75 || (x % 10 < 3 && y % 10 < 3) { picture.bytes[y * 400 + x] = 0 } }
        return picture
    }

    @Test(arguments: [0, 90]) func aBilevelScannedPageIsItsFaxRowsAsPopplerDrawsThem(rotate: Int) throws {
        let scratch = try PDFScratch("fax-\(rotate)")
        let path = scratch.path("scan.pdf")
        let g4 = try #require(PageImageEncoder.ccittG4(try Self.bilevel()))
        try PDFScanDocument.write(to: path, g4: g4.bytes, width: 400, height: 300, dpi: 100, pages: 2, rotate: rotate).get()
        let renderer = PDFRenderer()
        let scan = try #require(renderer.scans.scan(path, page: 1))
        guard case .bilevel(let fax) = scan.picture else { Issue.record("not taken as fax rows"); return }
        #expect(fax.columns == 400 && fax.rows == 300 && fax.coding == .fax(k: -1, blackIs1: false) && scan.quarterTurns == rotate / 90)
        let pages = PDFPages(renderer: renderer)
        // At the page's own pixels: the same picture, pixel for pixel.
        let side = rotate == 0 ? (400, 300) : (300, 400)
        let ours = try pages.decode(.pdfPage(path: path, index: 1), limit: PixelLimit(width: Int32(side.0), height: Int32(side.1))).get()
        let poppler = try renderer.render(path, pageIndex: 1, maxWidth: side.0, maxHeight: side.1).get()
        #expect(ours.width == poppler.width && ours.height == poppler.height && ours.width == side.0)
        var differing = 0
        for y in 0..<ours.height { for x in 0..<ours.width where !Self.near(Self.rgb(ours.pixels, x, y), Self.rgb(poppler, x, y)) { differing += 1 } }
        #expect(differing == 0)
        // Reduced: the same shape, and the bar and the paper where they are.
        let small = try pages.decode(.pdfPage(path: path, index: 1), limit: PixelLimit(width: 200, height: 200)).get()
        let drawn = try renderer.render(path, pageIndex: 1, maxWidth: 200, maxHeight: 200).get()
        #expect(small.width == drawn.width && small.height == drawn.height)
        let bar = rotate == 0 ? (100, 10) : (small.width - 5, 100)
        #expect(Self.rgb(small.pixels, bar.0, bar.1).0 < 30 && Self.rgb(drawn, bar.0, bar.1).0 < 30)
    }

    /// A picture's rows packed a bit a pixel (padded to a byte, the first pixel in the high bit, 0
    /// black, as DeviceGray has them).
    static func packed(_ picture: PixelBuffer) -> [UInt8] {
        let perRow = (picture.width + 7) / 8
        var rows = [UInt8](repeating: 0, count: perRow * picture.height)
        let step = picture.format.bytesPerPixel
        for y in 0..<picture.height {
            for x in 0..<picture.width where picture.bytes[(y * picture.width + x) * step] >= 128 {
                rows[y * perRow + x / 8] |= 0x80 >> UInt8(x % 8)
            }
        }
        return rows
    }

    /// zlib of `bytes` (leptonica's, at its default level).
    static func zlib(_ bytes: [UInt8]) throws -> [UInt8] {
        var size = 0
        let compressed = try #require(bytes.withUnsafeBufferPointer { zlibCompress($0.baseAddress, $0.count, &size) })
        defer { lept_free(compressed) }
        return Array(UnsafeBufferPointer(start: compressed, count: size))
    }

    /// PNG's Up filter before each row (filter byte 2, each byte less the one above), as img2pdf
    /// stores a 1-bit PNG's rows under /Predictor 15.
    static func upFiltered(_ rows: [UInt8], perRow: Int) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<(rows.count / perRow) {
            out.append(2)
            for i in 0..<perRow { out.append(rows[y * perRow + i] &- (y == 0 ? 0 : rows[(y - 1) * perRow + i])) }
        }
        return out
    }

    /// A 1-bit page stored as packed rows under Flate (as strips' own halftone pages and img2pdf's
    /// 1-bit PNGs are) is taken as its rows, which qpdf gives with its predictor undone, and decoded
    /// by libtiff: pixel for pixel what poppler draws.
    @Test(arguments: [(0, false), (0, true), (90, true)]) func aBilevelFlatePageIsItsPackedRowsAsPopplerDrawsThem(rotate: Int, predictor: Bool) throws {
        let scratch = try PDFScratch("flate-\(rotate)-\(predictor)")
        let path = scratch.path("scan.pdf")
        let rows = Self.packed(try Self.bilevel())
        let stream = try Self.zlib(predictor ? Self.upFiltered(rows, perRow: 50) : rows)
        try PDFScanDocument.write(to: path, flate: stream, width: 400, height: 300,
                                  decodeParms: predictor ? "/Predictor 15 /Colors 1 /BitsPerComponent 1 /Columns 400" : nil,
                                  dpi: 100, pages: 2, rotate: rotate).get()
        let renderer = PDFRenderer()
        let scan = try #require(renderer.scans.scan(path, page: 1))
        guard case .bilevel(let bilevel) = scan.picture else { Issue.record("not taken as packed rows"); return }
        #expect(bilevel.coding == .packed && bilevel.data == rows && scan.quarterTurns == rotate / 90)
        let side = rotate == 0 ? (400, 300) : (300, 400)
        let ours = try PDFPages(renderer: renderer).decode(.pdfPage(path: path, index: 1), limit: PixelLimit(width: Int32(side.0), height: Int32(side.1))).get()
        let poppler = try renderer.render(path, pageIndex: 1, maxWidth: side.0, maxHeight: side.1).get()
        #expect(ours.width == poppler.width && ours.height == poppler.height && ours.width == side.0)
        var differing = 0
        for y in 0..<ours.height { for x in 0..<ours.width where !Self.near(Self.rgb(ours.pixels, x, y), Self.rgb(poppler, x, y)) { differing += 1 } }
        #expect(differing == 0)
    }

    /// A real 1-bit scan (leptonica's feyn.tif, 2528 x 3300 at 300 dpi) stored as packed rows under
    /// Flate reads back as the TIFF's own picture, byte for byte; rows of the wrong length, or a
    /// stream that is not zlib, leave the page to poppler.
    @Test func aRealScanUnderFlateReadsAsItsTIFF() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus/real/tuned/scan-feyn.tif").path
        guard case .success(let page) = TIFFPages.decodeStored(corpus, page: 0) else { Issue.record("the scan could not be read"); return }
        #expect(page.width == 2528 && page.height == 3300)
        let scratch = try PDFScratch("flate-real")
        let path = scratch.path("feyn.pdf")
        let rows = Self.packed(page)
        try PDFScanDocument.write(to: path, flate: try Self.zlib(rows), width: page.width, height: page.height).get()
        let renderer = PDFRenderer()
        let ours = try PDFPages(renderer: renderer).decode(.pdfPage(path: path, index: 0), limit: PixelLimit(width: 4000, height: 4000)).get()
        #expect(ours.width == page.width && ours.height == page.height && ours.pixels.bytes == page.bytes)
        let short = scratch.path("short.pdf"), garbled = scratch.path("garbled.pdf")
        try PDFScanDocument.write(to: short, flate: try Self.zlib(Array(rows.dropLast(316))), width: page.width, height: page.height).get()
        try PDFScanDocument.write(to: garbled, flate: Array(rows.prefix(4000)), width: page.width, height: page.height).get()
        #expect(renderer.scans.scan(short, page: 0) == nil && renderer.scans.scan(garbled, page: 0) == nil)
        let drawn = try PDFPages(renderer: renderer).decode(.pdfPage(path: short, index: 0), limit: PixelLimit(width: 500, height: 500)).get()
        #expect(drawn.width == 383 && drawn.height == 500)
    }

    /// Fax rows cut short or garbled: libtiff refuses them or decodes what it can, and either way
    /// the page comes out whole at its size (poppler draws it when libtiff fails), never a crash.
    @Test(arguments: ["cut", "garbled"]) func damagedFaxRowsStillGiveThePage(damage: String) throws {
        let scratch = try PDFScratch("fax-\(damage)")
        let path = scratch.path("scan.pdf")
        var g4 = try #require(PageImageEncoder.ccittG4(try Self.bilevel())).bytes
        if damage == "cut" { g4 = Array(g4.prefix(g4.count / 3)) } else { for i in stride(from: 7, to: g4.count, by: 5) { g4[i] ^= 0xA5 } }
        try PDFScanDocument.write(to: path, g4: g4, width: 400, height: 300, dpi: 100).get()
        let page = try PDFPages(renderer: PDFRenderer()).decode(.pdfPage(path: path, index: 0), limit: PixelLimit(width: 200, height: 200)).get()
        #expect(page.width == 200 && page.height == 150)
    }

    @Test func aPartOfAScannedPageAtItsOwnPixels() throws {
        let scratch = try PDFScratch("scan-part")
        let path = scratch.path("scan.pdf")
        try PDFScanDocument.write(to: path, jpeg: try Self.jpeg(grey: true), width: 400, height: 300, grey: true, dpi: 100).get()
        let part = try PDFPages(renderer: PDFRenderer()).decode(.pdfPage(path: path, index: 0), limit: PixelLimit(width: 4000, height: 4000),
                                                                region: Rect(x: 0.5, y: 0, width: 0.5, height: 0.5), fast: false).get()
        // Never past the JPEG's own pixels: the right half of the top half is 200 x 150.
        #expect(part.width == 200 && part.height == 150 && part.region == Rect(x: 0.5, y: 0, width: 0.5, height: 0.5))
        #expect(Self.rgb(part.pixels, 100, 10).0 < 60 && Self.rgb(part.pixels, 100, 140).0 > 200)
    }

    @Test func pagesThatAreNotOneScannedPictureAreLeftToPoppler() throws {
        let scratch = try PDFScratch("scan-not")
        // Text and drawings, written by cairo.
        let letter = try scratch.sample("letter.pdf", letterPages: 1)
        let renderer = PDFRenderer()
        #expect(renderer.scans.scan(letter, page: 0) == nil)
        // Something painted over the scan: a filled rectangle in the content stream.
        let path = scratch.path("scan.pdf")
        try PDFScanDocument.write(to: path, jpeg: try Self.jpeg(), width: 400, height: 300).get()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let content = Array("/Im0 Do\nQ".utf8), painted = Array("/Im0 Do\nf Q".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: content) })
        bytes.replaceSubrange(at..<(at + content.count), with: painted)
        let drawnOver = scratch.path("drawn-over.pdf")
        try Data(bytes).write(to: URL(fileURLWithPath: drawnOver))
        #expect(renderer.scans.scan(drawnOver, page: 0) == nil)
        #expect(renderer.scans.scan(path, page: 0) != nil)
        #expect(renderer.scans.scan(path, page: 5) == nil)
    }

    @Test func theContentCheckFollowsTheTransformAndInvisibleText() {
        func placement(_ text: String) -> (a: Double, d: Double, e: Double, f: Double)? {
            PageContentCheck.placement(of: "/Im0", in: Array(text.utf8)).map { ($0.a, $0.d, $0.e, $0.f) }
        }
        // cairo's way: a flipped page, then a flipped image; the two flips cancel.
        let cairo = placement("1 0 0 -1 0 792 cm q 612 0 0 -792 0 792 cm /Im0 Do Q")
        #expect(cairo.map { $0.a == 612 && $0.d == 792 && $0.e == 0 && abs($0.f) < 1e-9 } == true)
        // An OCR layer of invisible text over the image paints nothing.
        #expect(placement("q 612 0 0 792 0 0 cm /Im0 Do Q BT 3 Tr /F1 12 Tf 72 700 Td (Invoice) Tj ET") != nil)
        // Visible text, a second image, an inline image or an unbalanced q do.
        #expect(placement("q 612 0 0 792 0 0 cm /Im0 Do Q BT /F1 12 Tf (Invoice) Tj ET") == nil)
        #expect(placement("q 612 0 0 792 0 0 cm /Im0 Do /Im0 Do Q") == nil)
        #expect(placement("q 612 0 0 792 0 0 cm /Im0 Do Q BI /W 1 /H 1 ID x EI") == nil)
        #expect(placement("q 612 0 0 792 0 0 cm /Im0 Do") == nil)
    }
}
