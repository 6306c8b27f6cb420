/// One page of the scanned document: a picture file the app only ever reads.
public struct Page: Hashable, Sendable {
    /// The file name: unique within the document, and what the trace calls the page.
    public var id: String
    public var path: String
    /// Pixel size as displayed (after EXIF orientation); its shape drives both strips.
    public var pixelSize: Size

    public init(id: String, path: String, pixelSize: Size) {
        self.id = id
        self.path = path
        self.pixelSize = pixelSize
    }

    public var aspectRatio: Double { pixelSize.aspectRatio }
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
