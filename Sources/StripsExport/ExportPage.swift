import StripsCore

/// Where a page's picture comes from. PDF pages (a page of an input PDF) will join as another
/// case; every `switch` over this enum is a place that must learn to write them.
public enum ExportSource: Hashable, Sendable {
    case image(path: String)

    public var path: String {
        switch self {
        case .image(let path): return path
        }
    }
}

/// One page as the editor shows it: its picture and the user's rotation.
public struct ExportPage: Hashable, Sendable {
    public var source: ExportSource
    /// The picture's size upright (after EXIF orientation), before the user's rotation: what the
    /// document showed. Saving checks the file still has this shape, so a file rewritten since
    /// it was opened is refused rather than saved as something the user never saw. Nil skips
    /// the check.
    public var pixelSize: Size?
    /// The user's rotation in clockwise quarter turns; any integer, taken modulo 4.
    public var quarterTurns: Int

    public init(source: ExportSource, pixelSize: Size? = nil, quarterTurns: Int = 0) {
        self.source = source
        self.pixelSize = pixelSize
        self.quarterTurns = quarterTurns
    }

    /// A document page as the editor holds it.
    public init(_ page: Page, quarterTurns: Int = 0) {
        self.init(source: .image(path: page.path), pixelSize: page.pixelSize, quarterTurns: quarterTurns)
    }

    /// 0...3.
    public var turns: Int { ((quarterTurns % 4) + 4) % 4 }
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
    /// Things worth telling the user that are not errors, one line each (a lossless JPEG turn
    /// that had to drop a partial block row at the edge).
    public var notes: [String]
}
