/// The one allocator of pixel memory handed to a C library that may read or write it in whole
/// vectors: rows at a 64-byte aligned address, `stride` bytes apart (a multiple of 64, as
/// `av_image_alloc` aligns), and a spare row plus 64 bytes past the last row. libswscale's SIMD
/// code stores and loads whole vectors past a row's last pixel, and past the last row (its own
/// frames carry `AV_INPUT_BUFFER_PADDING_SIZE`); into a packed `PixelBuffer` of exactly
/// width x height pixels that wrote into the heap (a 426x240 camera video, issue 38). It also
/// picks its SIMD or C path by the rows' alignment, so rows that always lie the same way convert
/// the same frame to the same bytes.
///
/// What the other libraries document, audited (issue 38): libjpeg-turbo (`tjDecompress2`),
/// libspng (`spng_decode_image`) and libwebp (`WebP*Into`) write exactly `pitch * height` bytes
/// of the buffer they are given and read nothing past it; leptonica works in its own `Pix`
/// memory; cairo's image surfaces over our memory use `cairo_format_stride_for_width`'s stride.
/// Those write into `PixelBuffer`s directly; everything given to libswscale goes through here.
public final class LibraryPixels {
    public static let alignment = 64
    public let width: Int
    public let height: Int
    public let bytesPerPixel: Int
    /// Bytes of one row's pixels.
    public let rowBytes: Int
    /// Bytes from one row's start to the next's.
    public let stride: Int
    /// The first row; `stride * (height + 1) + alignment` bytes are ours from here.
    public let base: UnsafeMutablePointer<UInt8>
    public let byteCount: Int

    /// Zeroed memory for `width` x `height` pixels of `bytesPerPixel` bytes.
    public init(width: Int, height: Int, bytesPerPixel: Int) {
        precondition(width > 0 && height > 0 && bytesPerPixel > 0, "an empty picture")
        self.width = width
        self.height = height
        self.bytesPerPixel = bytesPerPixel
        rowBytes = width * bytesPerPixel
        stride = (rowBytes + Self.alignment - 1) / Self.alignment * Self.alignment
        byteCount = stride * (height + 1) + Self.alignment
        let raw = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: Self.alignment)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        base = raw.assumingMemoryBound(to: UInt8.self)
    }

    public convenience init(width: Int, height: Int, format: PixelBuffer.Format) {
        self.init(width: width, height: height, bytesPerPixel: format.bytesPerPixel)
    }

    /// A copy of `pixels`, for a library to read.
    public convenience init(_ pixels: PixelBuffer) {
        self.init(width: max(1, pixels.width), height: max(1, pixels.height), format: pixels.format)
        copy(pixels.bytes)
    }

    deinit { UnsafeMutableRawPointer(base).deallocate() }

    /// True when this memory holds pictures of that size and depth (a caller keeping one for every frame).
    public func holds(width: Int, height: Int, bytesPerPixel: Int) -> Bool {
        self.width == width && self.height == height && self.bytesPerPixel == bytesPerPixel
    }

    /// Copies tightly packed rows (`rowBytes` each) in.
    public func copy(_ packed: [UInt8]) {
        precondition(packed.count == rowBytes * height, "the picture's size and the memory's disagree")
        packed.withUnsafeBufferPointer { from in
            guard let source = from.baseAddress else { return }
            for row in 0..<height { (base + row * stride).update(from: source + row * rowBytes, count: rowBytes) }
        }
    }

    /// The rows packed, as a `PixelBuffer` of `format` (whose depth must be this memory's).
    public func pixels(_ format: PixelBuffer.Format) -> PixelBuffer {
        precondition(format.bytesPerPixel == bytesPerPixel, "the format's depth and the memory's disagree")
        let count = rowBytes * height
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { out, made in
            guard let target = out.baseAddress else { return }
            for row in 0..<height { (target + row * rowBytes).update(from: base + row * stride, count: rowBytes) }
            made = count
        }
        return PixelBuffer(width: width, height: height, format: format, bytes: bytes)!
    }
}
