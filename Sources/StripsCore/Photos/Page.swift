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
