import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPDF

/// A page's source, read and checked against what the document showed: what saving works from.
enum LoadedSource {
    case picture(Picture)
    /// Page `index` (as shown) of the PDF at `path`, of `size` points as shown (its own /Rotate
    /// applied); `copyable` is the page qpdf copies for it, nil when it must be saved as its rendering.
    case pdfPage(path: String, index: Int, size: Size, copyable: Int?)
}

/// The sources of one save, each PDF opened (and its readers reconciled) once, the same way the
/// document opened it, so the pages saved are the pages shown.
final class SavedSources {
    let destination: String
    private var pdfs: [String: Result<PDFDocumentInfo, PDFFailure>] = [:]

    init(destination: String) { self.destination = destination }

    func load(_ page: ExportPage) throws(SaveError) -> LoadedSource {
        switch page.source {
        case .picture(let path), .scan(let path, _), .camera(let path, _):
            return .picture(try Picture.load(path, expecting: page.pixelSize, destination: destination))
        case .tiffPage(let path, let index):
            // Decoded from its own directory, never the whole file again (a single-page TIFF is a `.picture`).
            return .picture(try Picture.load(path, tiffPage: index, expecting: page.pixelSize, destination: destination))
        case .pdfPage(let path, let index):
            let info: PDFDocumentInfo
            switch pdf(path) {
            case .failure(let failure): throw SaveError.page(destination, PDFPageName.fileName(path), .verbatim(failure.reason))
            case .success(let opened): info = opened
            }
            guard index >= 0, index < info.pageCount else {
                throw SaveError.page(destination, page.name, HostMessage(trLater("no such page (the file has %s)"), "\(info.pageCount)"))
            }
            let size = info.pageSizes[index]
            if let shown = page.pixelSize, shown.width > 0, shown.height > 0,
               abs(shown.width / shown.height - size.width / size.height) > 0.01 * size.width / size.height {
                throw SaveError.page(destination, page.name, HostMessage(trLater("the file changed since it was opened")))
            }
            return .pdfPage(path: path, index: index, size: size, copyable: info.copyablePages[index])
        }
    }

    func pdf(_ path: String) -> Result<PDFDocumentInfo, PDFFailure> {
        if let opened = pdfs[path] { return opened }
        let opened = PDFSource.open(path)
        pdfs[path] = opened
        return opened
    }
}

extension Corrections {
    /// The same corrections upright: for pixels a PDF page transform turns.
    var withoutTurns: Corrections { turned(-quarterTurns) }
}
