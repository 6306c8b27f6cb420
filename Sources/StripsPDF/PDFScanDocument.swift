import Foundation
import StripsFiles

/// Writes PDFs of scanned pages the way img2pdf and scanner software do, for tests and
/// benchmarks: each page one JPEG image XObject (DCTDecode, the JPEG file's bytes as they are; or
/// a bilevel scan's CCITT Group 4 rows, or its packed rows under Flate)
/// drawn over the whole page by a content stream of one `cm` and one `Do`. Written by hand, so
/// the structure is exactly that and nothing else.
public enum PDFScanDocument {
    /// `pages` pages, each showing `jpeg` (`width` x `height` pixels, RGB or grey) at `dpi`;
    /// `rotate` is every page's /Rotate. Fails if the file exists.
    public static func write(to path: String, jpeg: [UInt8], width: Int, height: Int, grey: Bool = false, dpi: Double = 300,
                             pages: Int = 1, rotate: Int = 0) -> Result<Void, PDFFailure> {
        write(to: path, image: "/Width \(width) /Height \(height) /ColorSpace /\(grey ? "DeviceGray" : "DeviceRGB") "
                  + "/BitsPerComponent 8 /Filter /DCTDecode", stream: jpeg, width: width, height: height, dpi: dpi, pages: pages, rotate: rotate)
    }

    /// The same with a bilevel scan: CCITT Group 4 rows (`g4`, /K -1, as libtiff codes them) of a
    /// `width` x `height` 1-bit picture, black coded black.
    public static func write(to path: String, g4: [UInt8], width: Int, height: Int, dpi: Double = 300,
                             pages: Int = 1, rotate: Int = 0) -> Result<Void, PDFFailure> {
        write(to: path, image: "/Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter [/CCITTFaxDecode] "
                  + "/DecodeParms [<< /K -1 /Columns \(width) /Rows \(height) /BlackIs1 false >>]", stream: g4,
              width: width, height: height, dpi: dpi, pages: pages, rotate: rotate)
    }

    /// The same with a bilevel scan as packed rows under Flate (`flate`: zlib of rows padded to a
    /// byte, the first pixel in the high bit, 0 black), with `decodeParms` when given (a PNG
    /// predictor, as img2pdf stores a 1-bit PNG's rows).
    public static func write(to path: String, flate: [UInt8], width: Int, height: Int, decodeParms: String? = nil, dpi: Double = 300,
                             pages: Int = 1, rotate: Int = 0) -> Result<Void, PDFFailure> {
        write(to: path, image: "/Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode"
                  + (decodeParms.map { " /DecodeParms << \($0) >>" } ?? ""), stream: flate,
              width: width, height: height, dpi: dpi, pages: pages, rotate: rotate)
    }

    /// `image`: the image dictionary's entries but its type and /Length.
    private static func write(to path: String, image entries: String, stream: [UInt8], width: Int, height: Int, dpi: Double,
                              pages: Int, rotate: Int) -> Result<Void, PDFFailure> {
        let w = Double(width) * 72 / dpi, h = Double(height) * 72 / dpi
        var body: [UInt8] = Array("%PDF-1.4\n%\u{00E2}\u{00E3}\n".utf8)
        var offsets: [Int] = []
        func object(_ text: String, stream: [UInt8]? = nil) {
            offsets.append(body.count)
            body += Array("\(offsets.count) 0 obj\n\(text)\n".utf8)
            if let stream { body += Array("stream\n".utf8) + stream + Array("\nendstream\n".utf8) }
            body += Array("endobj\n".utf8)
        }
        // 1: catalog, 2: page tree, then for each page its image, its content and the page itself:
        // every page has an image of its own, as a scanner writes them (a viewer cannot reuse one
        // page's decoded image for the next).
        let kids = (0..<pages).map { "\(5 + 3 * $0) 0 R" }.joined(separator: " ")
        object("<< /Type /Catalog /Pages 2 0 R >>")
        object("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
        let content = Array(String(format: "q\n%.4f 0 0 %.4f 0 0 cm\n/Im0 Do\nQ", w, h).utf8)
        for page in 0..<pages {
            let image = 3 + 3 * page
            object("<< /Type /XObject /Subtype /Image \(entries) /Length \(stream.count) >>", stream: stream)
            object("<< /Length \(content.count) >>", stream: content)
            object(String(format: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.4f %.4f] /Rotate %d ", w, h, rotate)
                   + "/Resources << /XObject << /Im0 \(image) 0 R >> >> /Contents \(image + 1) 0 R >>")
        }
        let xref = body.count
        body += Array("xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { body += Array(String(format: "%010d 00000 n \n", offset).utf8) }
        body += Array("trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        guard !FileManager.default.fileExists(atPath: path) else { return .failure(PDFFailure("\(path): \(WholeFile.Failure.existsReason)")) }
        return FileManager.default.createFile(atPath: path, contents: Data(body)) ? .success(()) : .failure(PDFFailure("cannot write \(path)"))
    }
}
