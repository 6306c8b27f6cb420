/// Where a page's picture comes from: the one place that knows the kinds of source. Everything
/// else asks it for the file to read and for the name to show.
public enum PageSource: Hashable, Sendable {
    /// A picture file (JPEG, PNG, ...), read whole.
    case picture(path: String)
    /// Page `index` (from 0) of a PDF file.
    case pdfPage(path: String, index: Int)
    /// Page `index` (from 0) of a multi-page TIFF file.
    case tiffPage(path: String, index: Int)
    /// Scanned page `number` (from 1), kept as a picture file in the scan recovery folder.
    case scan(path: String, number: Int)
    /// Page `number` (from 1) taken with the camera, kept as a JPEG in the recovery folder.
    case camera(path: String, number: Int)

    /// The file the pixels are read from.
    public var path: String {
        switch self {
        case .picture(let path), .pdfPage(let path, _), .tiffPage(let path, _), .scan(let path, _), .camera(let path, _): return path
        }
    }

    /// The page within a multi-page file (PDF or TIFF), from 0; nil for a file that is one picture.
    public var pageIndex: Int? {
        switch self {
        case .pdfPage(_, let index), .tiffPage(_, let index): return index
        case .picture, .scan, .camera: return nil
        }
    }

    public var isPDFPage: Bool {
        if case .pdfPage = self { return true }
        return false
    }

    /// A page taken with the camera.
    public var isCameraTake: Bool {
        if case .camera = self { return true }
        return false
    }

    /// What the user calls it: the file's name, `FILE.pdf p. N` for a page of a multi-page
    /// file, `Scan N` for a scanned page, `Camera N` for a page taken with the camera.
    public var displayName: String {
        switch self {
        case .picture(let path): return Self.fileName(path)
        case .pdfPage(let path, let index), .tiffPage(let path, let index): return "\(Self.fileName(path)) p. \(index + 1)"
        case .scan(_, let number): return "Scan \(number)"
        case .camera(_, let number): return "Camera \(number)"
        }
    }

    static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
