import StripsCore

/// What a picture file's header says: format, stored pixel size and EXIF orientation.
public struct ImageInfo: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable { case jpeg, png, gif, bmp, webp, tga, tiff, other }

    public var format: Format
    /// Pixels as stored in the file, before the orientation is applied.
    public var width: Int
    public var height: Int
    public var orientation: Orientation

    public init(format: Format, width: Int, height: Int, orientation: Orientation = .up) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
    }

    /// Pixel size as displayed: width and height swap for orientations 5 to 8.
    public var displaySize: Size {
        orientation.swapsAxes
            ? Size(width: Double(height), height: Double(width))
            : Size(width: Double(width), height: Double(height))
    }

    /// Pictures larger than this are refused before decoding: a scan never needs more, and a
    /// hostile header must not make us allocate gigabytes.
    public static let maxPixels = 100_000_000
    public static let maxSide = 30_000

    /// Why the picture is refused before decoding, or nil when it is fine.
    public var sizeProblem: String? {
        if width <= 0 || height <= 0 { return "no pixels (\(width) x \(height))" }
        if width > Self.maxSide || height > Self.maxSide || width * height > Self.maxPixels {
            return "too large: \(width) x \(height) pixels (limit \(Self.maxPixels / 1_000_000) megapixels, \(Self.maxSide) a side)"
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
