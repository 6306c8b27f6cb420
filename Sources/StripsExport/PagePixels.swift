import StripsCore
import StripsPDF
import StripsPictures

/// A page's pixels as its recipe makes them: the source decoded (a picture with its EXIF
/// orientation, a page of a multi-page TIFF from its own directory, by StripsPictures' decoders; a
/// PDF page rendered at a resolution by the save's `PDFRenderer`), then the corrections applied
/// (today the quarter turns). A page that cannot be passed through as it is (a turned PNG, a TIFF
/// page, a PDF page saved into a folder or one qpdf cannot copy) is saved from these pixels, so a
/// new correction (crop, straighten, look) is added here once and every destination has it.
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
            decoded.orient(picture.orientation.turned(clockwise: corrections.quarterTurns))
            return decoded.pixels
        case .pdfPage(let path, let index, let size, _):
            let turned = corrections.quarterTurns % 2 == 0 ? size : Size(width: size.height, height: size.width)
            let width = Int((turned.width * pdfDPI / 72).rounded()), height = Int((turned.height * pdfDPI / 72).rounded())
            let name = PDFPageName.traceID(path: path, pageIndex: index)
            switch renderer.render(path, pageIndex: index, maxWidth: width, maxHeight: height, extraQuarterTurns: corrections.quarterTurns) {
            case .failure(let failure): throw SaveError.page(destination, name, failure.reason)
            case .success(let pixels): return pixels
            }
        }
    }
}
