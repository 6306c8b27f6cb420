import CJPEGRegion
import StripsCore

/// A part of a JPEG at a scale, through libjpeg-turbo's libjpeg API: the rows above the part are
/// skipped (entropy-decoded, never transformed), the columns beside it cropped, and the scale is
/// the smallest of libjpeg's M/8 that covers the size asked. A 300 MP scan zoomed to its own
/// pixels decodes the window's worth of them, not 1.2 GB.
enum JPEGRegionDecoder {
    /// `region` (0...1 of the stored picture) as exactly `width` x `height` B, G, R, A pixels.
    static func decode(_ bytes: [UInt8], region: Rect, width: Int, height: Int, shape: ImageInfo? = nil) -> Result<PixelBuffer, ImageFailure> {
        let displayed = shape?.displaySize
        guard let size = JPEGDecoder.size(of: bytes) else { return .failure(ImageFailure("corrupt JPEG header", shape: displayed)) }
        // The scale the part needs, and libjpeg's smallest M/8 at or above it.
        let needed = min(1, Double(width) / max(1, region.width * Double(size.width)), Double(height) / max(1, region.height * Double(size.height)))
        let factor = JPEGDecoder.scaleFactor(atLeast: needed)
        let num = Int32(max(1, min(8, (8 * factor.num + factor.denom - 1) / factor.denom)))
        var sw: Int32 = 0, sh: Int32 = 0
        guard bytes.withUnsafeBufferPointer({ strips_jpeg_scaled_size($0.baseAddress, $0.count, num, &sw, &sh) }) == 1, sw > 0, sh > 0 else {
            return .failure(ImageFailure("corrupt JPEG header", shape: displayed))
        }
        let bounds = region.pixelBounds(width: Int(sw), height: Int(sh))
        let (x0, y0, x1, y1) = (bounds.x, bounds.y, bounds.x + bounds.width, bounds.y + bounds.height)
        guard (x1 - x0) * (y1 - y0) <= ImageInfo.maxPixels else {
            return .failure(ImageFailure("too large a part to decode: \(x1 - x0) x \(y1 - y0) pixels", shape: displayed))
        }
        var part = PixelBuffer(width: x1 - x0, height: y1 - y0, format: .bgra)
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { source in
            part.bytes.withUnsafeMutableBufferPointer { out in
                strips_jpeg_decode_region(source.baseAddress, source.count, num, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0),
                                          out.baseAddress, &message, message.count)
            }
        }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if status != 0 {
            if text.contains("Premature end") { return .failure(ImageFailure("the file is truncated", shape: displayed)) }
            // Stray bytes between markers are harmless; any other damage would garble the page.
            if status < 0 || !text.contains("extraneous bytes") {
                return .failure(ImageFailure(text.hasPrefix("Corrupt JPEG") ? text : "corrupt JPEG: \(text.isEmpty ? "unreadable" : text)", shape: displayed))
            }
        }
        return .success(part.width == width && part.height == height ? part : part.resized(width: width, height: height))
    }
}
