import CSPNG

/// PNG through libspng from a buffer in memory: every read stops at the end of the data, so a
/// chunk length that points past the end is an error at once (SDL_image's libpng reader ignored
/// short reads and spun on stale bytes). libspng prints nothing; its errors become the reason.
enum PNGDecoder {
    /// Chunks larger than this (text, colour profiles) are refused: no real scan carries them.
    static let chunkLimit = 1 << 26

    static func decode(_ bytes: [UInt8]) -> Result<PixelBuffer, ImageFailure> {
        guard let ctx = spng_ctx_new(0) else { return .failure(ImageFailure("out of memory reading the PNG")) }
        defer { spng_ctx_free(ctx) }
        // A bad CRC in an ancillary chunk (text, time, colour profile) costs that chunk only; one
        // in the header or the pixel data means the picture itself is damaged.
        _ = spng_set_crc_action(ctx, Int32(SPNG_CRC_ERROR.rawValue), Int32(SPNG_CRC_DISCARD.rawValue))
        _ = spng_set_image_limits(ctx, UInt32(ImageInfo.maxSide), UInt32(ImageInfo.maxSide))
        _ = spng_set_chunk_limits(ctx, chunkLimit, chunkLimit)
        return bytes.withUnsafeBufferPointer { buffer in
            // libspng keeps the pointer: everything that reads the PNG happens in this closure.
            var status = spng_set_png_buffer(ctx, buffer.baseAddress, buffer.count)
            var ihdr = spng_ihdr()
            if status == 0 { status = spng_get_ihdr(ctx, &ihdr) }
            guard status == 0 else { return .failure(failure(status)) }
            let info = ImageInfo(format: .png, width: Int(ihdr.width), height: Int(ihdr.height))
            if let problem = info.sizeProblem { return .failure(ImageFailure(problem, shape: info.displaySize)) }
            // Deflate packs at most 1032 bytes into one: a file too short for its pixels is
            // truncated, and is refused before hundreds of megabytes are allocated for it.
            if storedBytes(ihdr) > bytes.count * 1032 { return .failure(ImageFailure("the file is truncated", shape: info.displaySize)) }
            let format = Int32(SPNG_FMT_RGBA8.rawValue)
            var size = 0
            status = spng_decoded_image_size(ctx, format, &size)
            guard status == 0 else { return .failure(failure(status, shape: info)) }
            guard size == info.width * info.height * 4 else {
                return .failure(ImageFailure("out of memory for a \(info.width) x \(info.height) picture", shape: info.displaySize))
            }
            var rgba = [UInt8](repeating: 0, count: size)
            status = rgba.withUnsafeMutableBytes { spng_decode_image(ctx, $0.baseAddress, size, format, Int32(SPNG_DECODE_TRNS.rawValue)) }
            guard status == 0 else { return .failure(failure(status, shape: info)) }
            // The image ends inside the last IDAT chunk, before its checksum: read on to the end
            // so a damaged pixel chunk is caught. Damage after the pixels (a lost IEND) is harmless.
            if spng_decode_chunks(ctx) == Int32(SPNG_ECHUNK_CRC.rawValue) { return .failure(failure(Int32(SPNG_ECHUNK_CRC.rawValue), shape: info)) }
            PixelBuffer.swapRedAndBlue(&rgba)
            guard let pixels = PixelBuffer(width: info.width, height: info.height, format: .bgra, bytes: rgba) else {
                return .failure(ImageFailure("unexpected pixel layout", shape: info.displaySize))
            }
            return .success(pixels)
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
