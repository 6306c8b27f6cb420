import StripsCore

/// Where a page comes from: a picture file, one page (from 0) of an input PDF, which is saved
/// as itself (its own content stream: text stays text, vectors stay vectors), or one page (from 0)
/// of a multi-page TIFF, which is decoded and stored losslessly.
public enum ExportSource: Hashable, Sendable {
    case image(path: String)
    case pdfPage(path: String, index: Int)
    case tiffPage(path: String, index: Int)

    public var path: String {
        switch self {
        case .image(let path), .pdfPage(let path, _), .tiffPage(let path, _): return path
        }
    }

    /// The page of a multi-page TIFF, from 0.
    var tiffPage: Int? {
        if case .tiffPage(_, let index) = self { return index }
        return nil
    }

    var pdfPage: (path: String, index: Int)? {
        if case .pdfPage(let path, let index) = self { return (path, index) }
        return nil
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
        if case .pdfPage(let path, let index) = page.source {
            self.init(source: .pdfPage(path: path, index: index), pixelSize: nil, quarterTurns: quarterTurns)
        } else if case .tiffPage(let path, let index) = page.source {
            self.init(source: .tiffPage(path: path, index: index), pixelSize: page.pixelSize, quarterTurns: quarterTurns)
        } else {
            self.init(source: .image(path: page.path), pixelSize: page.pixelSize, quarterTurns: quarterTurns)
        }
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
