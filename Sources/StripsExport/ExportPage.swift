import StripsCore
import StripsPhotosFeatures
import StripsText

/// One page to save: the document's recipe for it, its source and its corrections. Saving reads
/// nothing else about how the page was edited.
public struct ExportPage: Hashable, Sendable {
    public var source: PageSource
    public var corrections: Corrections
    /// The source's size as the document showed it, before corrections (a picture's pixels after
    /// EXIF orientation; a PDF page's size at the document's resolution). Saving checks the file
    /// still has this shape, so a file rewritten since it was opened is refused rather than saved
    /// as something the user never saw. Nil skips the check.
    public var pixelSize: Size?
    /// The page's known text (recognised, or a PDF page's own) as read: in the page's corrected
    /// picture (upright before the user's turns) turned `quarterTurns` clockwise, the way its
    /// lines run (Tesseract reads a sideways page the right way up), whatever its scale. Laid
    /// invisibly on the saved page in a PDF, written beside it as `.txt` in a folder when asked.
    /// Nil or empty: none.
    public var text: PageText?

    public init(source: PageSource, corrections: Corrections = .none, pixelSize: Size? = nil, text: PageText? = nil) {
        self.source = source
        self.corrections = corrections
        self.pixelSize = pixelSize
        self.text = text
    }

    /// A document page as the editor holds it.
    public init(_ page: Page) {
        self.init(source: page.source, corrections: page.corrections, pixelSize: page.pixelSize)
    }

    /// The user's clockwise quarter turns, 0...3.
    var turns: Int { corrections.quarterTurns }
    /// What messages call the page: `scan.jpg`, `report.pdf p. 3`.
    var name: String { source.displayName }
}

/// What a save wrote.
public struct SaveResult: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case pdf, folder }

    public var kind: Kind
    /// The PDF file or the folder, as it now exists.
    public var destination: String
    public var pageCount: Int
    /// Folder export: the file names written, in page order (`001.jpg`, `002.png`, ...).
    public var files: [String]
    public var bytesWritten: Int
    /// Things worth telling the user that are not errors, one line each: a lossless JPEG turn
    /// that had to drop a partial block row at the edge, PDF pages saved as their rendering,
    /// damaged page content copied as it is.
    public var notes: [String]
}
