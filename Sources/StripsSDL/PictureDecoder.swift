import StripsCore
import StripsPDF

/// Turns a picture a frame names into an upright surface no larger than asked: a PDF page is
/// rendered by poppler at that size (sharp at any size, nothing to scale), any other picture is
/// decoded from its file. Safe on any thread: the decode workers call it.
enum PictureDecoder {
    static func decode(_ ref: ImageRef, limit: PixelLimit) -> Result<DecodedSurface, ImageFailure> {
        guard case .pdfPage(_, let page) = ref.source else { return ImageDecoder.decode(ref.path, limit: limit, fast: ref.variant == .thumbnail) }
        if let change = ImageCatalog.shared.change(of: ref.path) { return .failure(change) }
        switch PDFRenderer.shared.renderSurface(ref.path, pageIndex: page, maxWidth: Int(limit.width), maxHeight: Int(limit.height)) {
        case .success(let surface): return .success(DecodedSurface(surface))
        case .failure(let failure): return .failure(ImageFailure(failure.reason))
        }
    }
}
