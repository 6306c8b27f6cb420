import CLeptonica
import StripsPictures

/// A leptonica picture owned by Swift: destroyed when the last reference goes. The only place
/// that knows leptonica's pixel layout (32-bit words in native order, red in the high byte; 8-bit
/// pixels big-endian within each word; 1-bit pixels the most significant bit first, 1 black).
final class LeptonicaPix {
    private(set) var pointer: UnsafeMutablePointer<PIX>

    /// Takes ownership of a PIX leptonica returned; nil for a null one.
    init?(taking pointer: UnsafeMutablePointer<PIX>?) {
        guard let pointer else { return nil }
        _ = Self.quiet
        self.pointer = pointer
    }

    /// Leptonica's own messages on standard error, turned off once (as `StripsLooks.Pix` does).
    static let quiet: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()

    deinit {
        var p: UnsafeMutablePointer<PIX>? = pointer
        pixDestroy(&p)
    }

    var width: Int { Int(pixGetWidth(pointer)) }
    var height: Int { Int(pixGetHeight(pointer)) }
    var depth: Int { Int(pixGetDepth(pointer)) }

    /// An 8-bit grey PIX of a grey buffer, a 32-bit RGB PIX of an rgb or bgra one.
    convenience init?(_ buffer: PixelBuffer) {
        guard !buffer.isEmpty, buffer.width < Int(Int32.max), buffer.height < Int(Int32.max) else { return nil }
        let depth: Int32 = buffer.format == .grey ? 8 : 32
        self.init(taking: pixCreate(Int32(buffer.width), Int32(buffer.height), depth))
        guard let data = pixGetData(pointer) else { return nil }
        let wpl = Int(pixGetWpl(pointer))
        let (w, h) = (buffer.width, buffer.height)
        buffer.bytes.withUnsafeBufferPointer { src in
            switch buffer.format {
            case .grey:
                let bytes = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
                for y in 0..<h {
                    let row = bytes + y * wpl * 4, s = y * w
                    for x in 0..<w { row[Self.byteIndex(x)] = src[s + x] }
                }
            case .rgb, .bgra:
                let bpp = buffer.format.bytesPerPixel
                let (r, b) = buffer.format == .rgb ? (0, 2) : (2, 0)
                for y in 0..<h {
                    let row = data + y * wpl
                    var s = y * w * bpp
                    for x in 0..<w {
                        row[x] = UInt32(src[s + r]) << 24 | UInt32(src[s + 1]) << 16 | UInt32(src[s + b]) << 8 | 255
                        s += bpp
                    }
                }
            }
        }
    }

    /// The PIX as a buffer: 1- and 8-bit PIXes become grey (1-bit black 0, white 255), 32-bit
    /// ones rgb. Other depths (colour maps, 2/4/16 bits) are converted by leptonica first.
    func buffer() -> PixelBuffer? {
        let source: LeptonicaPix
        switch depth {
        case 1, 8, 32: source = self
        default:
            guard let converted = LeptonicaPix(taking: pixConvertTo32(pointer)) else { return nil }
            source = converted
        }
        guard let data = pixGetData(source.pointer) else { return nil }
        let (w, h, d) = (source.width, source.height, source.depth)
        let wpl = Int(pixGetWpl(source.pointer))
        let format: PixelBuffer.Format = d == 32 ? .rgb : .grey
        var out = PixelBuffer(width: w, height: h, format: format)
        out.bytes.withUnsafeMutableBufferPointer { dst in
            let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
            for y in 0..<h {
                let words = data + y * wpl
                switch d {
                case 1:
                    for x in 0..<w { dst[y * w + x] = (words[x >> 5] >> (31 - UInt32(x & 31))) & 1 == 1 ? 0 : 255 }
                case 8:
                    let row = bytes + y * wpl * 4
                    for x in 0..<w { dst[y * w + x] = row[Self.byteIndex(x)] }
                default:
                    var o = y * w * 3
                    for x in 0..<w {
                        let v = words[x]
                        dst[o] = UInt8(truncatingIfNeeded: v >> 24)
                        dst[o + 1] = UInt8(truncatingIfNeeded: v >> 16)
                        dst[o + 2] = UInt8(truncatingIfNeeded: v >> 8)
                        o += 3
                    }
                }
            }
        }
        return out
    }

    /// Where 8-bit pixel `x` of a row sits in memory: leptonica keeps bytes big-endian in words.
    private static func byteIndex(_ x: Int) -> Int {
        #if _endian(little)
        return x ^ 3
        #else
        return x
        #endif
    }
}
