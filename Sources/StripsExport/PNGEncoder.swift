import CSPNG
import Foundation

/// Decoded pixels as a PNG file (libspng): 8-bit RGB when opaque, RGBA otherwise. Exact: the
/// pixels go in unchanged.
enum PNGEncoder {
    static func encode(_ pixels: DecodedPixels, name: String) throws(SaveError) -> [UInt8] {
        let w = pixels.width, h = pixels.height, channels = pixels.isOpaque ? 3 : 4
        guard w > 0, h > 0 else { throw SaveError(name, "no pixels to write") }
        // The decoded pixels are B, G, R, A.
        var packed = [UInt8](repeating: 0, count: w * h * channels)
        pixels.pixels.bytes.withUnsafeBufferPointer { source in packed.withUnsafeMutableBufferPointer { out in
            guard let base = source.baseAddress else { return }
            for y in 0..<h {
                let row = base + y * pixels.pitch
                var o = y * w * channels
                for x in 0..<w {
                    let i = x * 4
                    out[o] = row[i + 2]
                    out[o + 1] = row[i + 1]
                    out[o + 2] = row[i]
                    if channels == 4 { out[o + 3] = row[i + 3] }
                    o += channels
                }
            }
        } }
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { throw SaveError(name, "libspng could not start") }
        defer { spng_ctx_free(ctx) }
        spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        var header = spng_ihdr(width: UInt32(w), height: UInt32(h), bit_depth: 8,
                               color_type: UInt8(channels == 3 ? SPNG_COLOR_TYPE_TRUECOLOR.rawValue : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue),
                               compression_method: 0, filter_method: 0, interlace_method: 0)
        spng_set_ihdr(ctx, &header)
        let status = packed.withUnsafeBytes {
            spng_encode_image(ctx, $0.baseAddress, $0.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        guard status == 0 else { throw SaveError(name, "cannot encode PNG: \(String(cString: spng_strerror(status)))") }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error), error == 0 else {
            throw SaveError(name, "cannot encode PNG: \(String(cString: spng_strerror(error)))")
        }
        // The buffer is ours to free (libspng hands over ownership).
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
