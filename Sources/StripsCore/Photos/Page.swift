/// One page of the scanned document: a picture file, or one page of a PDF, that the app only
/// ever reads.
public struct Page: Hashable, Sendable {
    /// The file name (`FILE.pdf p. N` for a PDF page): unique within the document, and what the
    /// trace calls the page.
    public var id: String
    public var path: String
    /// Size as displayed (pixels after EXIF orientation; a PDF page's points with its /Rotate);
    /// its shape drives both strips.
    public var pixelSize: Size
    /// Which page of the PDF at `path` this is, from 0; nil for a picture file.
    public var pdfPage: Int?

    public init(id: String, path: String, pixelSize: Size, pdfPage: Int? = nil) {
        self.id = id
        self.path = path
        self.pixelSize = pixelSize
        self.pdfPage = pdfPage
    }

    public var aspectRatio: Double { pixelSize.aspectRatio }

    /// The page's picture, in the size the renderer should decode it for.
    public func picture(_ variant: ImageRef.Variant) -> ImageRef { ImageRef(path: path, page: pdfPage, variant: variant) }
}

extension Array where Element == Page {
    /// `newPages` renamed where their ids are taken: ids are file names, unique within the
    /// document, so a second "scan.jpg" is "scan.jpg (2)".
    func uniquelyNamed(_ newPages: [Page]) -> [Page] {
        var taken = Set(map(\.id))
        return newPages.map { page in
            var renamed = page
            var n = 2
            while taken.contains(renamed.id) {
                renamed.id = "\(page.id) (\(n))"
                n += 1
            }
            taken.insert(renamed.id)
            return renamed
        }
    }
}
