import CLeptonica
import StripsPictures

/// A leptonica picture owned by Swift: destroyed with the last reference. Leptonica keeps pixels in
/// 32-bit words with the first pixel in the most significant byte, so on a little-endian machine
/// rows are copied in whole and then byte-swapped in C, which costs a few milliseconds for a full
/// page instead of a per-pixel loop.
final class Pix {
    let pointer: UnsafeMutablePointer<CLeptonica.Pix>

    init(_ pointer: UnsafeMutablePointer<CLeptonica.Pix>) {
        _ = Self.quiet
        self.pointer = pointer
    }

    /// Leptonica prints its own errors and warnings on standard error ("Error in
    /// pixScanForForeground: invalid box"), in the middle of a convert's output; the calls' results
    /// say what matters, so its messages are turned off, once, before the first picture.
    static let quiet: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()

    /// Takes over what a leptonica call returned; nil when it returned nothing.
    convenience init?(taking pointer: UnsafeMutablePointer<CLeptonica.Pix>?) {
        guard let pointer else { return nil }
        self.init(pointer)
    }

    deinit {
        var owned: UnsafeMutablePointer<CLeptonica.Pix>? = pointer
        pixDestroy(&owned)
    }

    var width: Int { Int(pixGetWidth(pointer)) }
    var height: Int { Int(pixGetHeight(pointer)) }
    var depth: Int { Int(pixGetDepth(pointer)) }

    /// Whether the colour channels sit in leptonica's order. A `bgra` buffer is loaded without moving
    /// bytes about, so leptonica's red is our blue and its blue our red: harmless for work done on
    /// each channel alike, and grey conversion swaps its weights.
    enum ChannelOrder { case rgb, bgr }

    /// A grey buffer as 8 bpp, rgb as 32 bpp (through 24 bpp), bgra as 32 bpp with red and blue trading places.
    static func from(_ buffer: PixelBuffer) -> (Pix, ChannelOrder)? {
        guard !buffer.isEmpty, buffer.width <= Int(Int32.max), buffer.height <= Int(Int32.max) else { return nil }
        let depth: Int32 = buffer.format == .grey ? 8 : buffer.format == .rgb ? 24 : 32
        guard let pix = Pix(taking: pixCreateNoInit(Int32(buffer.width), Int32(buffer.height), depth)) else { return nil }
        pix.load(buffer.bytes, bytesPerRow: buffer.bytesPerRow)
        // 24 bpp is the exception: leptonica reads it as plain bytes, R, G, B.
        if depth != 24 { pixEndianByteSwap(pix.pointer) }
        switch buffer.format {
        case .grey: return (pix, .rgb)
        case .rgb: return Pix(taking: pixConvert24To32(pix.pointer)).map { ($0, .rgb) }
        case .bgra: return (pix, .bgr)
        }
    }

    /// Rows of `bytes` into the raster, each padded to whole words.
    private func load(_ bytes: [UInt8], bytesPerRow: Int) {
        guard let data = pixGetData(pointer) else { return }
        let wordsPerRow = Int(pixGetWpl(pointer))
        let raw = UnsafeMutableRawPointer(data)
        bytes.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<height {
                let target = raw.advanced(by: row * wordsPerRow * 4)
                target.copyMemory(from: base.advanced(by: row * bytesPerRow), byteCount: bytesPerRow)
                // The padding at a row's end is part of some operations' input: keep it white-neutral.
                let padding = wordsPerRow * 4 - bytesPerRow
                if padding > 0 { target.advanced(by: bytesPerRow).initializeMemory(as: UInt8.self, repeating: 0, count: padding) }
            }
        }
    }

    /// This picture as a buffer: 1 bpp becomes grey 0 / 255, 8 bpp grey, 32 bpp `format` (rgb or
    /// bgra; for bgra `order` says how the channels were loaded, and alpha comes out opaque).
    func buffer(as format: PixelBuffer.Format, order: ChannelOrder = .rgb) -> PixelBuffer? {
        switch (depth, format) {
        case (1, .grey):
            return Pix(taking: pixConvert1To8(nil, pointer, 255, 0))?.buffer(as: .grey)
        case (8, .grey):
            return copied(depth: 8, format: .grey)
        case (32, .rgb):
            let source = order == .rgb ? self : swappingRedAndBlue()
            return source.flatMap { Pix(taking: pixConvert32To24($0.pointer)) }?.copied(depth: 24, format: .rgb)
        case (32, .bgra):
            guard let copy = Pix(taking: pixCopy(nil, pointer)) else { return nil }
            let own = order == .bgr ? copy : copy.swappingRedAndBlue()
            guard let own else { return nil }
            pixSetComponentArbitrary(own.pointer, Int32(L_ALPHA_CHANNEL), 255)
            return own.copied(depth: 32, format: .bgra)
        default:
            return nil
        }
    }

    /// A copy whose rows are byte-swapped back to memory order (24 bpp is in memory order already) and read out.
    private func copied(depth: Int, format: PixelBuffer.Format) -> PixelBuffer? {
        guard let swapped = depth == 24 ? self : Pix(taking: pixEndianByteSwapNew(pointer)),
              let data = pixGetData(swapped.pointer) else { return nil }
        let wordsPerRow = Int(pixGetWpl(swapped.pointer))
        let bytesPerRow = width * format.bytesPerPixel
        var bytes = [UInt8](repeating: 0, count: bytesPerRow * height)
        let raw = UnsafeRawPointer(data)
        bytes.withUnsafeMutableBytes { target in
            guard let base = target.baseAddress else { return }
            for row in 0..<height {
                base.advanced(by: row * bytesPerRow).copyMemory(from: raw.advanced(by: row * wordsPerRow * 4), byteCount: bytesPerRow)
            }
        }
        return PixelBuffer(width: width, height: height, format: format, bytes: bytes)
    }

    /// Red and blue exchanged (32 bpp), for handing a `bgra`-loaded picture out as rgb and back.
    private func swappingRedAndBlue() -> Pix? {
        guard let red = Pix(taking: pixGetRGBComponent(pointer, Int32(COLOR_RED))),
              let green = Pix(taking: pixGetRGBComponent(pointer, Int32(COLOR_GREEN))),
              let blue = Pix(taking: pixGetRGBComponent(pointer, Int32(COLOR_BLUE))) else { return nil }
        return Pix(taking: pixCreateRGBImage(blue.pointer, green.pointer, red.pointer))
    }
}
