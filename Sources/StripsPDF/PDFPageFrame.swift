/// How a PDF page is shown, as qpdf reads it: its box (the crop box clipped to the media box,
/// before /Rotate) and its own /Rotate. What a text layer laid on a copied page must match.
public struct PDFPageFrame: Hashable, Sendable {
    /// The box's sides in points, as stored (before /Rotate).
    public var width: Double
    public var height: Double
    /// The page's own /Rotate: 0, 90, 180 or 270, clockwise.
    public var rotate: Int

    public init(width: Double, height: Double, rotate: Int) {
        self.width = width
        self.height = height
        self.rotate = rotate
    }

    /// Page `index` (as qpdf reads the file: `PDFDocumentInfo.copyablePages`) of `path`; nil when
    /// the file or the page cannot be read.
    public static func of(_ path: String, pageIndex index: Int) -> PDFPageFrame? {
        guard case .success(let file) = QPDFFile.read(path), case .page(let shown) = file.look(at: index),
              let rotate = file.rotation(ofPage: index) else { return nil }
        return rotate % 180 == 0 ? PDFPageFrame(width: shown.width, height: shown.height, rotate: rotate)
            : PDFPageFrame(width: shown.height, height: shown.width, rotate: rotate)
    }
}
