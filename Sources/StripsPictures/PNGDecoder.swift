import CSPNG
import StripsCore

/// PNG through libspng from a buffer in memory: every read stops at the end of the data, so a
/// chunk length that points past the end is an error at once (SDL_image's libpng reader ignored
/// short reads and spun on stale bytes). libspng prints nothing; its errors become the reason.
enum PNGDecoder {
    /// Chunks larger than this (text, colour profiles) are refused: no real scan carries them.
    static let chunkLimit = 1 << 26

    /// The whole picture at its own size.
    static func decode(_ bytes: [UInt8]) -> Result<PixelBuffer, ImageFailure> { decode(bytes, region: nil, size: nil) }

    /// `region` (0...1 of the picture; nil: all of it) as `size` pixels (nil: its own). A
    /// non-interlaced PNG is read a row at a time into a picture of that size, so a giant costs
    /// the memory of what is drawn; rows below the region are not read at all.
    static func decode(_ bytes: [UInt8], region: Rect?, size: (width: Int, height: Int)?) -> Result<PixelBuffer, ImageFailure> {
        guard let ctx = spng_ctx_new(0) else { return .failure(ImageFailure("out of memory reading the PNG")) }
        defer { spng_ctx_free(ctx) }
        // A bad CRC in an ancillary chunk (text, time, colour profile) costs that chunk only; one
        // in the header or the pixel data means the picture itself is damaged.
        _ = spng_set_crc_action(ctx, Int32(SPNG_CRC_ERROR.rawValue), Int32(SPNG_CRC_DISCARD.rawValue))
        _ = spng_set_image_limits(ctx, UInt32(ImageInfo.maxStreamedSide), UInt32(ImageInfo.maxStreamedSide))
        _ = spng_set_chunk_limits(ctx, chunkLimit, chunkLimit)
        return bytes.withUnsafeBufferPointer { buffer in
            // libspng keeps the pointer: everything that reads the PNG happens in this closure.
            var status = spng_set_png_buffer(ctx, buffer.baseAddress, buffer.count)
            var ihdr = spng_ihdr()
            if status == 0 { status = spng_get_ihdr(ctx, &ihdr) }
            guard status == 0 else { return .failure(failure(status)) }
            let info = ImageInfo(format: .png, width: Int(ihdr.width), height: Int(ihdr.height), interlaced: ihdr.interlace_method != 0)
            if let problem = info.sizeProblem { return .failure(ImageFailure(problem, shape: info.displaySize)) }
            // Deflate packs at most 1032 bytes into one: a file too short for its pixels is
            // truncated, and is refused before hundreds of megabytes are allocated for it.
            if storedBytes(ihdr) > bytes.count * 1032 { return .failure(ImageFailure("the file is truncated", shape: info.displaySize)) }
            let part = region ?? Rect(x: 0, y: 0, width: 1, height: 1)
            let bounds = part.pixelBounds(width: info.width, height: info.height)
            let (x0, y0, x1, y1) = (bounds.x, bounds.y, bounds.x + bounds.width, bounds.y + bounds.height)
            let out = size ?? (x1 - x0, y1 - y0)
            // What is made is kept whole: it must be a picture that may be allocated.
            if let problem = ImageInfo(format: .other, width: out.width, height: out.height).sizeProblem {
                return .failure(ImageFailure(problem, shape: info.displaySize))
            }
            let format = Int32(SPNG_FMT_RGBA8.rawValue)
            var length = 0
            status = spng_decoded_image_size(ctx, format, &length)
            guard status == 0 else { return .failure(failure(status, shape: info)) }
            var rgba: PixelBuffer
            if info.interlaced {
                // Adam7 passes cover the whole picture: decoded whole (at most 100 MP), then cut.
                var bytes = [UInt8](repeating: 0, count: length)
                status = bytes.withUnsafeMutableBytes { spng_decode_image(ctx, $0.baseAddress, length, format, Int32(SPNG_DECODE_TRNS.rawValue)) }
                guard status == 0 else { return .failure(failure(status, shape: info)) }
                guard let whole = PixelBuffer(width: info.width, height: info.height, format: .bgra, bytes: bytes) else {
                    return .failure(ImageFailure("unexpected pixel layout", shape: info.displaySize))
                }
                rgba = whole.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0).resized(width: out.width, height: out.height)
            } else {
                status = spng_decode_image(ctx, nil, 0, format, Int32(SPNG_DECODE_TRNS.rawValue | SPNG_DECODE_PROGRESSIVE.rawValue))
                guard status == 0 else { return .failure(failure(status, shape: info)) }
                var resampler = BoxResampler(width: x1 - x0, height: y1 - y0, format: .bgra, outputWidth: out.width, outputHeight: out.height)
                var row = [UInt8](repeating: 0, count: info.width * 4)
                var y = 0
                while y < y1 {
                    status = row.withUnsafeMutableBytes { spng_decode_row(ctx, $0.baseAddress, $0.count) }
                    guard status == 0 || status == Int32(SPNG_EOI.rawValue) else { return .failure(failure(status, shape: info)) }
                    if y >= y0 { row.withUnsafeBufferPointer { if let base = $0.baseAddress { resampler.add(base + x0 * 4) } } }
                    y += 1
                    if status == Int32(SPNG_EOI.rawValue) { break }
                }
                guard y >= y1 else { return .failure(ImageFailure("the file is truncated", shape: info.displaySize)) }
                rgba = resampler.result()
            }
            // The image ends inside the last IDAT chunk, before its checksum: when every row was
            // read, read on to the end so a damaged pixel chunk is caught. Damage after the pixels
            // (a lost IEND) is harmless.
            if y1 == info.height, spng_decode_chunks(ctx) == Int32(SPNG_ECHUNK_CRC.rawValue) {
                return .failure(failure(Int32(SPNG_ECHUNK_CRC.rawValue), shape: info))
            }
            PixelBuffer.swapRedAndBlue(&rgba.bytes)
            return .success(rgba)
        }
    }

    /// The filtered pixel data's size before compression: rows of samples, each row after a filter byte.
    static func storedBytes(_ ihdr: spng_ihdr) -> Int {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(ihdr.color_type)] ?? 1
        let rowBits = Int(ihdr.width) * channels * Int(ihdr.bit_depth)
        return Int(ihdr.height) * (1 + (rowBits + 7) / 8)
    }

    /// libspng's error in words; running out of data is the common case and gets plain ones.
    static func failure(_ status: Int32, shape info: ImageInfo? = nil) -> ImageFailure {
        let shape = info?.sizeProblem == nil ? info?.displaySize : nil
        switch status {
        case Int32(SPNG_EOF.rawValue), Int32(SPNG_IO_EOF.rawValue), Int32(SPNG_EIDAT_TOO_SHORT.rawValue):
            return ImageFailure("the file is truncated", shape: shape)
        case Int32(SPNG_EUSER_WIDTH.rawValue), Int32(SPNG_EUSER_HEIGHT.rawValue):
            return ImageFailure("too large: more than \(ImageInfo.maxSide) pixels a side")
        default:
            let text = spng_strerror(status).map { String(cString: $0) } ?? "error \(status)"
            return ImageFailure("corrupt PNG: \(text)", shape: shape)
        }
    }
}
