import CSPNG
import Foundation
import StripsPictures

/// Writing an rgb or grey buffer as a PNG file, to look at a photo, a miss or a flattened page.
public enum PNG {
    public static func write(_ picture: PixelBuffer, to path: String) -> Bool {
        guard !picture.isEmpty, picture.format != .bgra, let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { return false }
        defer { spng_ctx_free(ctx) }
        spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        let colour = picture.format == .grey ? SPNG_COLOR_TYPE_GRAYSCALE : SPNG_COLOR_TYPE_TRUECOLOR
        var header = spng_ihdr(width: UInt32(picture.width), height: UInt32(picture.height), bit_depth: 8,
                               color_type: UInt8(colour.rawValue), compression_method: 0, filter_method: 0, interlace_method: 0)
        spng_set_ihdr(ctx, &header)
        let status = picture.bytes.withUnsafeBytes {
            spng_encode_image(ctx, $0.baseAddress, $0.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        var length = 0, error: Int32 = 0
        guard status == 0, let buffer = spng_get_png_buffer(ctx, &length, &error), error == 0 else { return false }
        defer { free(buffer) }
        return FileManager.default.createFile(atPath: path, contents: Data(bytes: buffer, count: length))
    }
}
