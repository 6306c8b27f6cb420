import StripsCore
import StripsPhotosFeatures
import StripsPDF
import StripsPictures
import StripsRender

/// A page's pixels as its recipe makes them: the source decoded (a picture with its EXIF
/// orientation, a page of a multi-page TIFF from its own directory, by StripsPictures' decoders; a
/// PDF page rendered at a resolution by the save's `PDFRenderer`), then the corrections applied:
/// crop, straighten and look by StripsRender's `PageRenderer` (the function that draws the page in
/// the window, at the source's full density here), the quarter turns last. A page that cannot be
/// passed through as it is (a turned PNG, a TIFF page, a corrected page, a PDF page saved into a
/// folder or one qpdf cannot copy) is saved from these pixels, so a correction is added here once
/// and every destination has it.
enum PagePixels {
    /// Saving draws one page at a time: both cores share its rows.
    static let recipeRenderer = PageRenderer(threads: 2)

    /// `sourceSize`: the source's upright size as the document showed it (`ExportPage.pixelSize`),
    /// which a crop's corners are in; nil: the decoded picture's own size.
    static func make(_ source: LoadedSource, corrections: Corrections, sourceSize: Size? = nil, pdfDPI: Double, renderer: PDFRenderer,
                     destination: String) throws(SaveError) -> PixelBuffer {
        let recipe = corrections.pixels
        guard !recipe.isIdentity else {
            return try uncorrected(source, corrections: corrections, pdfDPI: pdfDPI, renderer: renderer, destination: destination)
        }
        let upright = try uncorrected(source, corrections: corrections.withoutTurns, pdfDPI: pdfDPI, renderer: renderer, destination: destination)
        let size = sourceSize ?? Size(width: Double(upright.width), height: Double(upright.height))
        guard let page = recipeRenderer.page(upright, recipe: recipe, sourceSize: size) else {
            let name: String
            switch source {
            case .picture(let picture): name = picture.name
            case .pdfPage(let path, let index, _, _): name = PDFPageName.traceID(path: path, pageIndex: index)
            }
            throw SaveError.page(destination, name, HostMessage(trLater("the page's corners cannot be flattened")))
        }
        let turns = corrections.quarterTurns
        return turns == 0 ? page.pixels : page.pixels.oriented(Orientation.up.turned(clockwise: turns))
    }

    private static func uncorrected(_ source: LoadedSource, corrections: Corrections, pdfDPI: Double, renderer: PDFRenderer,
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
                                     HostMessage(trLater("the decoded picture is %s x %s, its header says %s x %s"),
                                                 "\(decoded.width)", "\(decoded.height)", "\(picture.width)", "\(picture.height)"))
            }
            decoded.orient(picture.orientation.turned(clockwise: corrections.quarterTurns))
            return decoded.pixels
        case .pdfPage(let path, let index, let size, _):
            let turned = corrections.quarterTurns % 2 == 0 ? size : Size(width: size.height, height: size.width)
            let width = Int((turned.width * pdfDPI / 72).rounded()), height = Int((turned.height * pdfDPI / 72).rounded())
            let name = PDFPageName.traceID(path: path, pageIndex: index)
            switch renderer.render(path, pageIndex: index, maxWidth: width, maxHeight: height, extraQuarterTurns: corrections.quarterTurns) {
            case .failure(let failure): throw SaveError.page(destination, name, .verbatim(failure.reason))
            case .success(let pixels): return pixels
            }
        }
    }
}
