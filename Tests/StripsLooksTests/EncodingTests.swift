import CCairo
import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsLooks
import StripsPictures
import StripsSampleScans
import StripsTestSupport
import Testing

@Suite("Page encodings")
struct EncodingTests {
    @Test("a 300 dpi letter page of text in bw is 1 bit and at most 100 KB; the smaller of G4 and Flate is chosen")
    func bilevelLetterPage() throws {
        let scan = try #require(SampleScanner.scan(SampleScanStyle.standardSet[0]))
        let bw = Looks.apply(.bw, to: scan.picture, pixelsPerInch: scan.dpi)
        let encoded = try #require(PageImageEncoder.encode(bw, look: .bw))
        let g4 = try #require(PageImageEncoder.ccittG4(bw))
        let flate = try #require(PageImageEncoder.flate1Bit(bw))
        #expect(encoded.bitsPerComponent == 1 && encoded.colourSpace == .grey)
        #expect(encoded.width == 2550 && encoded.height == 3300)
        #expect(encoded.bytes.count <= 100_000)
        #expect(encoded.bytes.count == min(g4.bytes.count, flate.bytes.count))
        // Text is what G4 was made for.
        #expect(g4.bytes.count < flate.bytes.count)
        #expect(encoded.filter == .ccittFax && encoded.decodeParms == "/K -1 /Columns 2550 /Rows 3300")
    }

    @Test("G4 bytes laid into a PDF through cairo's mime data render back to exactly the bw picture")
    func g4RoundTrip() throws {
        let picture = Self.bwPicture()
        let encoded = try #require(PageImageEncoder.ccittG4(picture))
        let folder = try TemporaryFolder()
        let pdf = folder.file("g4.pdf")
        try Self.writeWithCairo(encoded, picture: picture, to: pdf)
        #expect(try Self.render(pdf, in: folder) == picture.bytes)
    }

    @Test("1-bit Flate bytes under their dictionary entries render back to exactly the bw picture")
    func flateRoundTrip() throws {
        let picture = Self.bwPicture()
        let encoded = try #require(PageImageEncoder.flate1Bit(picture))
        #expect(encoded.filter == .flate && encoded.decodeParms == nil)
        let folder = try TemporaryFolder()
        let pdf = folder.file("flate.pdf")
        try Self.writeByHand(encoded, to: pdf)
        #expect(try Self.render(pdf, in: folder) == picture.bytes)
    }

    @Test("grey is a one-channel JPEG, colour a three-channel one, both at quality 85 unless told")
    func jpegs() throws {
        let scan = try #require(SampleScanner.scan(SampleScanStyle.standardSet[1], dpi: 100))
        let grey = try #require(PageImageEncoder.encode(Looks.apply(.grey, to: scan.picture), look: .grey))
        let colour = try #require(PageImageEncoder.encode(Looks.apply(.colour, to: scan.picture), look: .colour))
        #expect(grey.filter == .dct && grey.colourSpace == .grey && grey.bitsPerComponent == 8)
        #expect(colour.filter == .dct && colour.colourSpace == .rgb)
        #expect(Array(grey.bytes.prefix(2)) == [0xFF, 0xD8] && Array(colour.bytes.prefix(2)) == [0xFF, 0xD8])
        #expect(grey.bytes.count < colour.bytes.count)
        // A grey look handed over in colour still becomes a one-channel JPEG.
        let fromColour = try #require(PageImageEncoder.encode(scan.picture, look: .grey))
        #expect(fromColour.colourSpace == .grey)
        let better = try #require(PageImageEncoder.jpeg(scan.picture, quality: 95))
        let default85 = try #require(PageImageEncoder.jpeg(scan.picture))
        #expect(better.bytes.count > default85.bytes.count)
    }

    @Test("odd widths (not a multiple of 8) keep their last columns white, not noise")
    func oddWidths() throws {
        for width in [1, 7, 9, 13] {
            var picture = PixelBuffer(width: width, height: 5, format: .grey, filledWith: 255)
            picture.bytes[width - 1] = 0
            let g4 = try #require(PageImageEncoder.ccittG4(picture))
            let flate = try #require(PageImageEncoder.flate1Bit(picture))
            #expect(g4.width == width && flate.width == width)
            let folder = try TemporaryFolder()
            try Self.writeByHand(flate, to: folder.file("f.pdf"))
            #expect(try Self.render(folder.file("f.pdf"), in: folder) == picture.bytes)
        }
    }

    // MARK: Helpers

    /// A bw page at 75 dpi: small enough to render quickly, real text shapes.
    static func bwPicture() -> PixelBuffer {
        let scan = SampleScanner.scan(SampleScanStyle.standardSet[3], dpi: 75)!
        return Looks.apply(.bw, to: scan.picture)
    }

    /// Renders page 1 at 72 dpi, one pixel a point, grey.
    static func render(_ pdf: String, in folder: TemporaryFolder) throws -> [UInt8] {
        try #require(RenderedPage.render(pdf)).bytes
    }

    /// Cairo embeds the G4 bytes unchanged when they are attached to an image surface of the same size.
    static func writeWithCairo(_ image: PDFImage, picture: PixelBuffer, to path: String) throws {
        let surface = cairo_pdf_surface_create(path, Double(image.width), Double(image.height))
        let cr = cairo_create(surface)
        let picture = cairo_image_surface_create(CAIRO_FORMAT_A1, Int32(image.width), Int32(image.height))
        let type = try #require(image.cairoMimeType), parameters = try #require(image.cairoCCITTParameters)
        let data = UnsafeMutablePointer<UInt8>.allocate(capacity: image.bytes.count)
        data.initialize(from: image.bytes, count: image.bytes.count)
        cairo_surface_set_mime_data(picture, type, data, UInt(image.bytes.count), { $0?.assumingMemoryBound(to: UInt8.self).deallocate() }, data)
        let text = try #require(strdup(parameters))
        cairo_surface_set_mime_data(picture, "application/x-cairo.ccitt.params", UnsafeMutableRawPointer(text).assumingMemoryBound(to: UInt8.self),
                                    UInt(strlen(parameters)), { free($0) }, text)
        cairo_set_source_surface(cr, picture, 0, 0)
        cairo_paint(cr)
        cairo_surface_destroy(picture)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
    }

    /// A one-page PDF written out by hand around the image dictionary's entries.
    static func writeByHand(_ image: PDFImage, to path: String) throws {
        var pdf = [UInt8]("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        func object(_ body: [UInt8]) {
            offsets.append(pdf.count)
            pdf += Array("\(offsets.count) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let content = "q \(image.width) 0 0 \(image.height) 0 0 cm /Im0 Do Q"
        object(Array("<< /Type /Catalog /Pages 2 0 R >>".utf8))
        object(Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8))
        object(Array("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(image.width) \(image.height)] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>".utf8))
        object(Array("<< \(image.dictionaryEntries) >>\nstream\n".utf8) + image.bytes + Array("\nendstream".utf8))
        object(Array("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream".utf8))
        let xref = pdf.count
        pdf += Array("xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { pdf += Array(String(format: "%010d 00000 n \n", offset).utf8) }
        pdf += Array("trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        try Data(pdf).write(to: URL(fileURLWithPath: path))
    }
}
