import CSPNG
import Foundation

/// PNG files with tEXt metadata, through libspng: the format of freedesktop thumbnail cache entries,
/// read here and written by the project's `PNGWriter`.
enum ThumbnailPNG {
    /// Cache entries are at most 1024 px (xx-large); anything much larger is not a thumbnail.
    static let maxSide: UInt32 = 4096

    /// The tEXt (and zTXt/iTXt) entries of a PNG, read without decoding its pixels when they come
    /// before the image data, as every thumbnailer writes them.
    static func texts(_ bytes: [UInt8]) -> [String: String]? {
        withDecoder(bytes) { ctx in texts(ctx) }
    }

    /// The picture as B, G, R, A and its text entries, or nil for anything damaged.
    static func read(_ bytes: [UInt8]) -> (picture: PixelBuffer, texts: [String: String])? {
        withDecoder(bytes) { ctx in
            var ihdr = spng_ihdr()
            guard spng_get_ihdr(ctx, &ihdr) == 0 else { return nil }
            let format = Int32(SPNG_FMT_RGBA8.rawValue)
            var length = 0
            guard spng_decoded_image_size(ctx, format, &length) == 0, length == Int(ihdr.width) * Int(ihdr.height) * 4 else { return nil }
            var rgba = [UInt8](repeating: 0, count: length)
            let decoded = rgba.withUnsafeMutableBytes { spng_decode_image(ctx, $0.baseAddress, length, format, Int32(SPNG_DECODE_TRNS.rawValue)) } == 0
            // Text after the image data is read only now.
            _ = spng_decode_chunks(ctx)
            guard decoded, let texts = texts(ctx) else { return nil }
            PixelBuffer.swapRedAndBlue(&rgba)
            guard let picture = PixelBuffer(width: Int(ihdr.width), height: Int(ihdr.height), format: .bgra, bytes: rgba) else { return nil }
            return (picture, texts)
        }
    }

    /// A PNG of the picture with these tEXt entries, keys in order. Entries are written on decode
    /// workers while pages wait: `fast` (zlib level 1, one filter) is four times faster than the
    /// default for a 256 px scan and the file about a fifth larger, and takes libspng's share of a
    /// cold thumbnail from about 7 % to 2 % (perf, strips-bench-load).
    static func encode(_ picture: PixelBuffer, texts: [(key: String, value: String)]) -> [UInt8]? {
        try? PNGWriter(texts: texts.map { PNGWriter.Text($0.key, $0.value) }, fast: true).encode(picture).get()
    }

    private static func withDecoder<T>(_ bytes: [UInt8], _ body: (OpaquePointer) -> T?) -> T? {
        guard let ctx = spng_ctx_new(0) else { return nil }
        defer { spng_ctx_free(ctx) }
        // Damaged or hostile cache files must not cost memory: small limits, and CRC errors fail.
        spng_set_image_limits(ctx, maxSide, maxSide)
        spng_set_chunk_limits(ctx, 1 << 20, 8 << 20)
        return bytes.withUnsafeBytes { buffer -> T? in
            guard spng_set_png_buffer(ctx, buffer.baseAddress, buffer.count) == 0 else { return nil }
            return body(ctx)
        }
    }

    private static func texts(_ ctx: OpaquePointer) -> [String: String]? {
        var count: UInt32 = 0
        let status = spng_get_text(ctx, nil, &count)
        if status == Int32(SPNG_ECHUNKAVAIL.rawValue) { return [:] }
        guard status == 0 else { return nil }
        var chunks = [spng_text](repeating: spng_text(), count: Int(count))
        guard spng_get_text(ctx, &chunks, &count) == 0 else { return nil }
        var result: [String: String] = [:]
        for chunk in chunks.prefix(Int(count)) {
            guard let text = chunk.text else { continue }
            let key = withUnsafeBytes(of: chunk.keyword) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let bytes = UnsafeRawBufferPointer(start: text, count: chunk.length)
            // tEXt is Latin-1; iTXt is UTF-8. Both are ASCII for every key the standard defines.
            result[key] = chunk.type == Int32(SPNG_ITXT.rawValue) ? String(decoding: bytes, as: UTF8.self) : String(bytes.map { Character(Unicode.Scalar($0)) })
        }
        return result
    }
}
