import CAVCodec
import Foundation

/// The older picture formats (BMP, TGA, PNM, QOI, PCX, LBM) through ffmpeg's decoders, which the
/// app links for its recordings: each file is one packet of its format's own decoder (never a
/// guess), LBM's through ffmpeg's IFF reader, which hands its decoder the palette and bitmap
/// header. The decoder may allocate no more than `ImageInfo`'s largest picture whatever the file
/// claims (`max_pixels`), decodes on the calling thread only, and says nothing on standard error;
/// what comes out is B, G, R, A (palettes, 16-bit and 1-bit pictures converted by swscale).
enum FFmpegPictureDecoder {
    static func decode(_ bytes: [UInt8], format: PictureSignature) -> Result<PixelBuffer, ImageFailure> {
        _ = silenced
        // Decoders that would draw what a cut file still holds, and leave the rest black.
        if let problem = truncation(bytes, format: format) { return .failure(ImageFailure(problem)) }
        switch format {
        case .bmp: return decode(bytes, codec: AV_CODEC_ID_BMP)
        case .tga: return decode(bytes, codec: AV_CODEC_ID_TARGA)
        case .qoi: return decode(bytes, codec: AV_CODEC_ID_QOI)
        case .pcx: return decode(bytes, codec: AV_CODEC_ID_PCX)
        case .pnm:
            // P1 / P4 bitmaps, P2 / P5 greymaps, P3 / P6 pixmaps (plain text or binary).
            switch bytes.count > 1 ? bytes[1] : 0 {
            case UInt8(ascii: "1"), UInt8(ascii: "4"): return decode(bytes, codec: AV_CODEC_ID_PBM)
            case UInt8(ascii: "2"), UInt8(ascii: "5"): return decode(bytes, codec: AV_CODEC_ID_PGM)
            default: return decode(bytes, codec: AV_CODEC_ID_PPM)
            }
        case .lbm: return decodeIFF(bytes)
        case .jpeg, .webp, .tiff: return .failure(ImageFailure("not a picture ffmpeg reads here"))
        }
    }

    /// Why a file of a format whose decoder reads what there is is not whole: a QOI file ends with
    /// its end marker; a BMP's pixels (run-length coded ones especially) end where its header says.
    static func truncation(_ bytes: [UInt8], format: PictureSignature) -> String? {
        func le32(_ at: Int) -> Int { bytes.count >= at + 4 ? bytes[at..<(at + 4)].reversed().reduce(0) { $0 << 8 | Int($1) } : 0 }
        switch format {
        case .qoi:
            return bytes.suffix(8).elementsEqual([0, 0, 0, 0, 0, 0, 0, 1]) ? nil : "the file is truncated"
        case .bmp:
            // The pixels' offset, and their size when the header gives it (it must for run-length coding).
            let (offset, size) = (le32(10), le32(34))
            return size > 0 && le32(14) >= 40 && offset + size > bytes.count ? "the file is truncated" : nil
        case .jpeg, .webp, .tga, .tiff, .pnm, .pcx, .lbm:
            return nil
        }
    }

    /// ffmpeg's messages go nowhere: a damaged file is one line of ours, not ffmpeg's log.
    private static let silenced: Void = av_log_set_level(AV_LOG_QUIET)

    /// The file as one packet of `codec`.
    private static func decode(_ bytes: [UInt8], codec id: AVCodecID) -> Result<PixelBuffer, ImageFailure> {
        guard let codec = avcodec_find_decoder(id) else { return .failure(ImageFailure("this ffmpeg has no decoder for the format")) }
        return withContext(codec, parameters: nil) { context in
            guard let packet = av_packet_alloc() else { return .failure(ImageFailure("out of memory")) }
            var p: UnsafeMutablePointer<AVPacket>? = packet
            defer { av_packet_free(&p) }
            guard !bytes.isEmpty else { return .failure(ImageFailure("the file is empty")) }
            guard bytes.count < Int(Int32.max), av_new_packet(packet, Int32(bytes.count)) == 0, let data = packet.pointee.data else {
                return .failure(ImageFailure("out of memory"))
            }
            bytes.withUnsafeBufferPointer { source in source.baseAddress.map { data.update(from: $0, count: source.count) } }
            return picture(from: context, packets: [packet])
        }
    }

    /// An IFF file (ILBM, PBM): ffmpeg's IFF reader over the bytes in memory, then its decoder.
    private static func decodeIFF(_ bytes: [UInt8]) -> Result<PixelBuffer, ImageFailure> {
        guard let iff = av_find_input_format("iff") else { return .failure(ImageFailure("this ffmpeg has no IFF reader")) }
        let source = MemorySource(bytes)
        let size = 4096
        guard let buffer = av_malloc(size) else { return .failure(ImageFailure("out of memory")) }
        guard let io = avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), Int32(size), 0, Unmanaged.passUnretained(source).toOpaque(),
                                          { opaque, target, count in
                                              guard let opaque, let target else { return strips_averror_eof() }
                                              return Unmanaged<MemorySource>.fromOpaque(opaque).takeUnretainedValue().read(into: target, count: Int(count))
                                          }, nil,
                                          { opaque, offset, whence in
                                              // The IFF reader goes back to the picture's data once it has its header.
                                              guard let opaque else { return -1 }
                                              return Unmanaged<MemorySource>.fromOpaque(opaque).takeUnretainedValue().seek(offset, whence: whence)
                                          }) else {
            av_free(buffer)
            return .failure(ImageFailure("out of memory"))
        }
        defer {
            av_freep(&io.pointee.buffer)
            var context: UnsafeMutablePointer<AVIOContext>? = io
            avio_context_free(&context)
        }
        return withExtendedLifetime(source) {
            var format = avformat_alloc_context()
            guard format != nil else { return .failure(ImageFailure("out of memory")) }
            format?.pointee.pb = io
            // Opened through our reader: on failure ffmpeg frees the format context itself.
            guard avformat_open_input(&format, nil, iff, nil) == 0, let opened = format else {
                return .failure(ImageFailure("cannot decode: not a picture ffmpeg's IFF reader takes"))
            }
            defer { avformat_close_input(&format) }
            guard opened.pointee.nb_streams > 0, let stream = opened.pointee.streams[0], let parameters = stream.pointee.codecpar,
                  parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO, let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
                return .failure(ImageFailure("cannot decode: the file holds no picture"))
            }
            return withContext(codec, parameters: parameters) { context in
                guard let packet = av_packet_alloc() else { return .failure(ImageFailure("out of memory")) }
                var p: UnsafeMutablePointer<AVPacket>? = packet
                defer { av_packet_free(&p) }
                guard av_read_frame(opened, packet) == 0 else { return .failure(ImageFailure("the file is truncated or its header is damaged")) }
                defer { av_packet_unref(packet) }
                // The reader marks a picture whose data ends before its chunk says.
                if packet.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 { return .failure(ImageFailure("the file is truncated")) }
                return picture(from: context, packets: [packet])
            }
        }
    }

    /// A decoder context for `codec` (with a reader's parameters), one thread, its allocations capped.
    private static func withContext(_ codec: UnsafePointer<AVCodec>, parameters: UnsafeMutablePointer<AVCodecParameters>?,
                                    _ body: (UnsafeMutablePointer<AVCodecContext>) -> Result<PixelBuffer, ImageFailure>) -> Result<PixelBuffer, ImageFailure> {
        guard let context = avcodec_alloc_context3(codec) else { return .failure(ImageFailure("out of memory")) }
        defer {
            var c: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&c)
        }
        if let parameters, avcodec_parameters_to_context(context, parameters) < 0 { return .failure(ImageFailure("out of memory")) }
        context.pointee.thread_count = 1
        context.pointee.max_pixels = Int64(ImageInfo.maxPixels)
        guard avcodec_open2(context, codec, nil) == 0 else { return .failure(ImageFailure("cannot decode: ffmpeg could not start its decoder")) }
        return body(context)
    }

    /// The first picture the packets make, as B, G, R, A.
    private static func picture(from context: UnsafeMutablePointer<AVCodecContext>, packets: [UnsafeMutablePointer<AVPacket>]) -> Result<PixelBuffer, ImageFailure> {
        guard let frame = av_frame_alloc() else { return .failure(ImageFailure("out of memory")) }
        var f: UnsafeMutablePointer<AVFrame>? = frame
        defer { av_frame_free(&f) }
        var status: Int32 = 0
        for packet in packets where status >= 0 { status = avcodec_send_packet(context, packet) }
        if status >= 0 { status = avcodec_send_packet(context, nil) }
        if status >= 0 || status == strips_averror_eof() { status = avcodec_receive_frame(context, frame) }
        guard status >= 0 else {
            if status == strips_averror_eof() || status == strips_averror_eagain() { return .failure(ImageFailure("the file is truncated or its header is damaged")) }
            if status == strips_averror_invalid_data() { return .failure(ImageFailure("the file is damaged or cut short")) }
            return .failure(ImageFailure("cannot decode: \(reason(status))"))
        }
        let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
        guard w > 0, h > 0 else { return .failure(ImageFailure("cannot convert the picture: no pixels")) }
        // The decoded size is checked again: a header may understate what the decoder made.
        if let problem = ImageInfo(format: .other, width: w, height: h).sizeProblem { return .failure(ImageFailure(problem)) }
        let source = AVPixelFormat(rawValue: frame.pointee.format)
        guard let scaler = sws_getContext(Int32(w), Int32(h), source, Int32(w), Int32(h), AV_PIX_FMT_BGRA,
                                          Int32(SWS_POINT | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_BITEXACT), nil, nil, nil) else {
            return .failure(ImageFailure("cannot convert the picture: swscale takes no \(av_get_pix_fmt_name(source).map { String(cString: $0) } ?? "such") pictures"))
        }
        defer { sws_freeContext(scaler) }
        // libswscale writes whole vectors past rows: into padded memory, then packed.
        let target = LibraryPixels(width: w, height: h, format: .bgra)
        let converted = strips_sws_frame_to_packed(scaler, frame, target.base, Int32(target.stride))
        guard converted == Int32(h) else { return .failure(ImageFailure("cannot convert the picture")) }
        var pixels = target.pixels(.bgra)
        // A format without alpha is opaque, whatever its unused fourth byte held (BMP's BGR0).
        if !Self.hasAlpha(source) {
            pixels.bytes.withUnsafeMutableBufferPointer { p in
                var i = 3
                while i < p.count { p[i] = 255; i += 4 }
            }
        }
        return .success(pixels)
    }

    private static func hasAlpha(_ format: AVPixelFormat) -> Bool {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
        return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 || format == AV_PIX_FMT_PAL8
    }

    private static func reason(_ status: Int32) -> String {
        var text = [CChar](repeating: 0, count: 128)
        av_strerror(status, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
    }
}

/// Bytes in memory read by ffmpeg's I/O callbacks.
private final class MemorySource {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into target: UnsafeMutablePointer<UInt8>, count: Int) -> Int32 {
        let n = min(count, bytes.count - position)
        guard n > 0 else { return strips_averror_eof() }
        bytes.withUnsafeBufferPointer { source in source.baseAddress.map { target.update(from: $0 + position, count: n) } }
        position += n
        return Int32(n)
    }

    /// `whence` as lseek's, or AVSEEK_SIZE: the size.
    func seek(_ offset: Int64, whence: Int32) -> Int64 {
        if whence & Int32(AVSEEK_SIZE) != 0 { return Int64(bytes.count) }
        let base: Int
        switch whence & ~Int32(AVSEEK_FORCE) {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = position
        case SEEK_END: base = bytes.count
        default: return -1
        }
        let target = Int64(base) + offset
        guard target >= 0, target <= Int64(bytes.count) else { return -1 }
        position = Int(target)
        return target
    }
}
