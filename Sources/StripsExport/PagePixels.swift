import CSDL2
import StripsCore
import StripsPDF
import StripsPictures
import StripsSDL

/// A page's pixels as its recipe makes them: the source decoded (a picture with its EXIF
/// orientation; a PDF page rendered at a resolution), then the corrections applied (today the
/// quarter turns). A page that cannot be passed through as it is (a turned PNG, a PDF page saved
/// into a folder or one qpdf cannot copy) is saved from these pixels, so a new correction (crop,
/// straighten, look) is added here once and every destination has it.
enum PagePixels {
    static func make(_ source: LoadedSource, corrections: Corrections, pdfDPI: Double, renderer: PDFRenderer,
                     destination: String) throws(SaveError) -> PixelBuffer {
        switch source {
        case .picture(let picture):
            // DecodedPixels names the picture; a save's refusal names the destination too.
            let decoded: DecodedPixels
            do {
                decoded = try DecodedPixels(picture)
            } catch {
                throw SaveError.page(destination, picture.name, error.reason)
            }
            guard decoded.width == picture.width, decoded.height == picture.height else {
                throw SaveError.page(destination, picture.name,
                                     "the decoded picture is \(decoded.width) x \(decoded.height), its header says \(picture.width) x \(picture.height)")
            }
            do {
                try decoded.orient(picture.orientation.turned(clockwise: corrections.quarterTurns))
            } catch {
                throw SaveError.page(destination, picture.name, error.reason)
            }
            guard let pixels = buffer(width: decoded.width, height: decoded.height, pitch: decoded.pitch, pixels: decoded.pixels) else {
                throw SaveError.page(destination, picture.name, "out of memory")
            }
            return pixels
        case .pdfPage(let path, let index, let size, _):
            let turned = corrections.quarterTurns % 2 == 0 ? size : Size(width: size.height, height: size.width)
            let width = Int((turned.width * pdfDPI / 72).rounded()), height = Int((turned.height * pdfDPI / 72).rounded())
            let name = PDFPageName.traceID(path: path, pageIndex: index)
            switch renderer.renderSurface(path, pageIndex: index, maxWidth: width, maxHeight: height, extraQuarterTurns: corrections.quarterTurns) {
            case .failure(let failure): throw SaveError.page(destination, name, failure.reason)
            case .success(let surface):
                defer { SDL_FreeSurface(surface) }
                guard let pixels = buffer(width: Int(surface.pointee.w), height: Int(surface.pointee.h), pitch: Int(surface.pointee.pitch),
                                          pixels: surface.pointee.pixels) else {
                    throw SaveError.page(destination, name, "out of memory")
                }
                return pixels
            }
        }
    }

    /// ARGB8888 rows (B, G, R, A in memory) as a packed BGRA buffer.
    private static func buffer(width: Int, height: Int, pitch: Int, pixels: UnsafeMutableRawPointer?) -> PixelBuffer? {
        guard let pixels, width > 0, height > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBytes { out in
            guard let base = out.baseAddress else { return }
            for y in 0..<height { (base + y * width * 4).copyMemory(from: pixels + y * pitch, byteCount: width * 4) }
        }
        return PixelBuffer(width: width, height: height, format: .bgra, bytes: bytes)
    }
}

extension PixelBuffer {
    /// No pixel has any transparency: written without an alpha channel, which keeps it exact.
    var isOpaque: Bool {
        guard format == .bgra else { return true }
        return bytes.withUnsafeBytes { raw in
            var i = 3
            while i < raw.count {
                if raw[i] != 0xFF { return false }
                i += 4
            }
            return true
        }
    }
}
