/// Decoded pixels that belong to no library: what decoders produce, what corrections, looks and
/// text recognition work on, and what the renderer and the savers take. Rows are packed
/// (`width * format.bytesPerPixel` bytes each), top row first, 8 bits a channel, straight alpha.
public struct PixelBuffer: Hashable, Sendable {
    public enum Format: Hashable, Sendable {
        /// One byte a pixel, 0 black, 255 white.
        case grey
        /// R, G, B.
        case rgb
        /// B, G, R, A: SDL's ARGB8888 and libjpeg-turbo's TJPF_BGRA on a little-endian machine, so
        /// a decode lands in it and a texture takes it without a conversion.
        case bgra

        public var bytesPerPixel: Int {
            switch self {
            case .grey: return 1
            case .rgb: return 3
            case .bgra: return 4
            }
        }
    }

    public let width: Int
    public let height: Int
    public let format: Format
    public var bytes: [UInt8]

    /// A buffer of `bytes`; nil when their count is not exactly `width * height` pixels of `format`.
    public init?(width: Int, height: Int, format: Format, bytes: [UInt8]) {
        guard width >= 0, height >= 0, bytes.count == width * height * format.bytesPerPixel else { return nil }
        self.width = width
        self.height = height
        self.format = format
        self.bytes = bytes
    }

    /// A buffer filled with one byte value (0: black and, for `bgra`, transparent).
    public init(width: Int, height: Int, format: Format, filledWith value: UInt8 = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.format = format
        bytes = [UInt8](repeating: value, count: self.width * self.height * format.bytesPerPixel)
    }

    public var bytesPerRow: Int { width * format.bytesPerPixel }
    public var isEmpty: Bool { width == 0 || height == 0 }
}
