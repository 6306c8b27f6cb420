import CSPNG
import Foundation
import StripsPictures

/// Pixels as a PNG file's bytes (libspng): grey, 8-bit RGB when opaque, RGBA otherwise. Exact:
/// the pixels go in unchanged.
enum PNGEncoder {
    /// The PNG, or libspng's reason for not making one.
    static func encode(_ pixels: PixelBuffer) -> Result<[UInt8], PNGProblem> {
        guard !pixels.isEmpty else { return .failure(PNGProblem("no pixels to write")) }
        let w = pixels.width, h = pixels.height
        let packed: [UInt8], colourType: spng_color_type
        switch pixels.format {
        case .grey: (packed, colourType) = (pixels.bytes, SPNG_COLOR_TYPE_GRAYSCALE)
        case .rgb: (packed, colourType) = (pixels.bytes, SPNG_COLOR_TYPE_TRUECOLOR)
        case .bgra:
            let opaque = pixels.isOpaque, channels = opaque ? 3 : 4
            var out = [UInt8](repeating: 0, count: w * h * channels)
            out.withUnsafeMutableBufferPointer { out in
                pixels.bytes.withUnsafeBufferPointer { bgra in
                    var o = 0, i = 0
                    for _ in 0..<(w * h) {
                        out[o] = bgra[i + 2]
                        out[o + 1] = bgra[i + 1]
                        out[o + 2] = bgra[i]
                        if !opaque { out[o + 3] = bgra[i + 3] }
                        o += channels
                        i += 4
                    }
                }
            }
            (packed, colourType) = (out, opaque ? SPNG_COLOR_TYPE_TRUECOLOR : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA)
        }
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { return .failure(PNGProblem("libspng could not start")) }
        defer { spng_ctx_free(ctx) }
        spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        var header = spng_ihdr(width: UInt32(w), height: UInt32(h), bit_depth: 8, color_type: UInt8(colourType.rawValue),
                               compression_method: 0, filter_method: 0, interlace_method: 0)
        spng_set_ihdr(ctx, &header)
        let status = packed.withUnsafeBytes {
            spng_encode_image(ctx, $0.baseAddress, $0.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        guard status == 0 else { return .failure(PNGProblem("cannot encode PNG: \(String(cString: spng_strerror(status)))")) }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error), error == 0 else {
            return .failure(PNGProblem("cannot encode PNG: \(String(cString: spng_strerror(error)))"))
        }
        // The buffer is ours to free (libspng hands over ownership).
        defer { free(buffer) }
        return .success(Array(UnsafeRawBufferPointer(start: buffer, count: length)))
    }
}

struct PNGProblem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
