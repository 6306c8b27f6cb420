import StripsCore

/// What a picture file's header says: format, stored pixel size and EXIF orientation.
public struct ImageInfo: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable { case jpeg, png, gif, bmp, webp, tga, tiff, other }

    public var format: Format
    /// Pixels as stored in the file, before the orientation is applied.
    public var width: Int
    public var height: Int
    public var orientation: Orientation
    /// A progressive JPEG or an interlaced PNG: its pixels come in passes over the whole picture,
    /// so it cannot be read a few rows at a time.
    public var interlaced: Bool
    /// The file's size in bytes, when the header reader knew it (a plausibility check for giants).
    public var fileSize: Int?

    public init(format: Format, width: Int, height: Int, orientation: Orientation = .up, interlaced: Bool = false, fileSize: Int? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.interlaced = interlaced
        self.fileSize = fileSize
    }

    /// Pixel size as displayed: width and height swap for orientations 5 to 8.
    public var displaySize: Size {
        orientation.swapsAxes
            ? Size(width: Double(height), height: Double(width))
            : Size(width: Double(width), height: Double(height))
    }

    /// Pictures decoded whole (GIF, BMP, WebP, TGA, PNM, ..., interlaced ones) larger than this
    /// are refused before decoding: a hostile header must not make us allocate gigabytes.
    public static let maxPixels = 100_000_000
    public static let maxSide = 30_000
    /// Pictures read a few rows at a time into a picture of the size drawn (JPEG through
    /// libjpeg-turbo's scaled and region decoding, PNG by rows, TIFF by strips) need memory only
    /// for what is drawn: they open up to this, whatever a scan or a panorama is.
    public static let maxStreamedPixels = 4_300_000_000
    public static let maxStreamedSide = 65_535
    /// Fewer bytes than pixels / this cannot hold a JPEG of that many pixels (a flat grey
    /// baseline JPEG needs about one byte for 256 pixels): the header lies, or the file is cut.
    static let jpegPixelsPerByte = 2048

    /// Read a few rows at a time, so not bound by `maxPixels`.
    public var isStreamed: Bool { !interlaced && (format == .jpeg || format == .png || format == .tiff) }

    /// Why a picture of `width` x `height` cannot be saved, or nil: saving reads a picture whole
    /// (not a few rows at a time), so the whole-picture limits hold whatever its format. A batch
    /// leaves such a page out at load, with this line, as it does an empty or unknown file.
    public static func saveProblem(width: Int, height: Int) -> String? {
        guard let problem = ImageInfo(format: .other, width: width, height: height).sizeProblem else { return nil }
        return problem + "; too large to save, left out"
    }

    /// Why the picture is refused before decoding, or nil when it is fine.
    public var sizeProblem: String? {
        if width <= 0 || height <= 0 { return "no pixels (\(width) x \(height))" }
        let (pixels, side) = isStreamed ? (Self.maxStreamedPixels, Self.maxStreamedSide) : (Self.maxPixels, Self.maxSide)
        if width > side || height > side || width * height > pixels {
            return "too large: \(width) x \(height) pixels (limit \(pixels / 1_000_000) megapixels, \(side) a side)"
        }
        if format == .jpeg, width * height > Self.maxPixels, let fileSize, fileSize < width * height / Self.jpegPixelsPerByte {
            return "the file is truncated or its header is damaged (\(width) x \(height) pixels in \(fileSize) bytes)"
        }
        return nil
    }
}

/// The EXIF orientation tag: how the stored pixels must be turned to be seen upright.
public enum Orientation: Int, Hashable, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Orientations 5 to 8 are stored sideways.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The stored pixel shown at displayed pixel (x, y); `w` x `h` is the stored size.
    public func storedPixel(x: Int, y: Int, w: Int, h: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (w - 1 - x, y)
        case .down: return (w - 1 - x, h - 1 - y)
        case .downMirrored: return (x, h - 1 - y)
        case .leftMirrored: return (y, x)
        case .right: return (y, h - 1 - x)
        case .rightMirrored: return (w - 1 - y, h - 1 - x)
        case .left: return (w - 1 - y, x)
        }
    }
}

/// Why a picture cannot be shown, in words for its error card and standard error.
public struct ImageFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    /// The picture's displayed size when the header was readable (a refused giant still has a shape).
    public var shape: Size?

    public init(_ reason: String, shape: Size? = nil) {
        self.reason = reason
        self.shape = shape
    }

    public var description: String { reason }
}
