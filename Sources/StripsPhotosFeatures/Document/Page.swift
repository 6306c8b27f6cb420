import StripsCore

/// One page of the document as a recipe: its source (which the app only ever reads) plus the
/// user's corrections. Every strip, the trace and the saver read the page through this value.
public struct Page: Hashable, Sendable {
    /// The page's name (`FILE.pdf p. N` for a PDF page): unique within the document, and what the
    /// trace calls the page.
    public var id: String
    public var source: PageSource
    /// The source picture's size as displayed (pixels after EXIF orientation; a PDF page's points
    /// with its /Rotate, in pixels at the zoom resolution), before any correction.
    public var pixelSize: Size
    public var corrections: Corrections
    /// Whether a document of the batch begins here, as the user set it (B); as found by default.
    public var documentBreak: DocumentBreak

    public init(id: String, source: PageSource, pixelSize: Size, corrections: Corrections = .none, documentBreak: DocumentBreak = .asFound) {
        self.id = id
        self.source = source
        self.pixelSize = pixelSize
        self.corrections = corrections
        self.documentBreak = documentBreak
    }

    /// A picture file's page.
    public init(id: String, path: String, pixelSize: Size, quarterTurns: Int = 0) {
        self.init(id: id, source: .picture(path: path), pixelSize: pixelSize, corrections: Corrections(quarterTurns: quarterTurns))
    }

    /// The file the page's pixels are read from.
    public var path: String { source.path }
    /// The user's rotation, in clockwise quarter turns (0...3).
    public var quarterTurns: Int { corrections.quarterTurns }

    /// The page's shape as shown, after the user's rotation: what both strips lay out.
    public var aspectRatio: Double { quarterTurns % 2 == 0 ? pictureAspect : 1 / pictureAspect }
    /// The corrected picture's size in pixels (cropped and flattened, straightened), upright,
    /// before the user's rotation: what is drawn and saved.
    public var correctedSize: Size { corrections.pixels.correctedSize(of: pixelSize) }
    /// The corrected picture's shape, before the user's rotation.
    public var pictureAspect: Double { correctedSize.aspectRatio }
    /// The picture's size as shown, the user's rotation applied: what a zoom works in.
    public var shownSize: Size {
        let size = correctedSize
        return quarterTurns % 2 == 0 ? size : Size(width: size.height, height: size.width)
    }
    /// The user's rotation in degrees clockwise: 0, 90, 180 or 270.
    public var rotation: Int { quarterTurns * 90 }

    /// The page's picture, in the size the renderer should decode it for (upright: the user's
    /// rotation is applied when it is drawn).
    public func picture(_ variant: ImageRef.Variant) -> ImageRef {
        ImageRef(source: source, recipe: corrections.pixels, variant: variant, sourceSize: pixelSize)
    }

    /// Turned by `turns` quarter turns (negative: counter-clockwise).
    func turned(_ turns: Int) -> Page {
        var page = self
        page.corrections = corrections.turned(turns)
        return page
    }
}

extension Array where Element == Page {
    /// `newPages` renamed where their ids are taken: ids are file names, unique within the
    /// document, so a second "scan.jpg" is "scan.jpg (2)".
    package func uniquelyNamed(_ newPages: [Page]) -> [Page] {
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
