import CAVCodec
import Foundation
import StripsPictures

/// A film written as a camera would send it: Motion JPEG in an AVI (the format most UVC webcams
/// and document cameras speak), or raw YUV frames in NUT (what a camera's uncompressed modes
/// give, in any of the decoders' pixel layouts), through libavcodec and libavformat. `cutAt` cuts
/// the file's bytes off at that share, as a camera unplugged mid-recording or a copy interrupted leaves it.
public enum FootageWriter {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// How the frames are stored.
    public enum Encoding: Hashable, Sendable, CustomStringConvertible {
        /// Motion JPEG (full-range 4:2:0) in an AVI.
        case mjpeg
        /// Uncompressed frames of an ffmpeg pixel format (`yuv420p`, `yuv422p`, `nv12`) in a NUT file.
        case raw(String)

        public var description: String {
            switch self {
            case .mjpeg: return "mjpeg"
            case .raw(let format): return format
            }
        }
    }

    /// Writes `frames` of `width` x `height` at `rate` to `path` (a new file).
    public static func write(frames count: Int, width: Int, height: Int, rate: Double, to path: String, quality: Int32 = 4,
                             encoding: Encoding = .mjpeg, frame: (Int) -> PixelBuffer) throws {
        av_log_set_level(AV_LOG_QUIET)
        let (muxer, codecID, pixelFormat): (String, AVCodecID, AVPixelFormat)
        switch encoding {
        case .mjpeg: (muxer, codecID, pixelFormat) = ("avi", AV_CODEC_ID_MJPEG, AV_PIX_FMT_YUVJ420P)
        case .raw(let name):
            let format = av_get_pix_fmt(name)
            guard format != AV_PIX_FMT_NONE else { throw Failure(description: "no pixel format \(name)") }
            (muxer, codecID, pixelFormat) = ("nut", AV_CODEC_ID_RAWVIDEO, format)
        }
        var output: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_alloc_output_context2(&output, nil, muxer, path) >= 0, let output else { throw Failure(description: "no \(muxer) muxer") }
        defer { avformat_free_context(output) }
        guard let encoder = avcodec_find_encoder(codecID), let stream = avformat_new_stream(output, nil),
              let context = avcodec_alloc_context3(encoder) else { throw Failure(description: "no \(encoding) encoder") }
        defer {
            var owned: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&owned)
        }
        let rational = AVRational(num: Int32((rate * 1000).rounded()), den: 1000)
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = pixelFormat
        context.pointee.time_base = AVRational(num: rational.den, den: rational.num)
        context.pointee.framerate = rational
        context.pointee.flags |= AV_CODEC_FLAG_QSCALE
        context.pointee.global_quality = FF_QP2LAMBDA * quality
        context.pointee.thread_count = 1
        guard avcodec_open2(context, encoder, nil) == 0 else { throw Failure(description: "the \(encoding) encoder refused \(width)x\(height)") }
        avcodec_parameters_from_context(stream.pointee.codecpar, context)
        stream.pointee.time_base = context.pointee.time_base
        stream.pointee.avg_frame_rate = rational
        guard avio_open(&output.pointee.pb, path, AVIO_FLAG_WRITE) >= 0 else { throw Failure(description: "cannot write \(path)") }
        defer { avio_closep(&output.pointee.pb) }
        guard avformat_write_header(output, nil) >= 0 else { throw Failure(description: "cannot write the \(muxer) header") }
        guard let picture = av_frame_alloc(), let packet = av_packet_alloc(),
              let scaler = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGB24, Int32(width), Int32(height), pixelFormat,
                                          SWS_BILINEAR, nil, nil, nil) else { throw Failure(description: "out of memory") }
        defer {
            var ownedFrame: UnsafeMutablePointer<AVFrame>? = picture
            var ownedPacket: UnsafeMutablePointer<AVPacket>? = packet
            av_frame_free(&ownedFrame)
            av_packet_free(&ownedPacket)
            sws_freeContext(scaler)
        }
        picture.pointee.width = Int32(width)
        picture.pointee.height = Int32(height)
        picture.pointee.format = pixelFormat.rawValue
        guard av_frame_get_buffer(picture, 0) >= 0 else { throw Failure(description: "out of memory") }
        func drain() throws {
            while avcodec_receive_packet(context, packet) == 0 {
                av_packet_rescale_ts(packet, context.pointee.time_base, stream.pointee.time_base)
                packet.pointee.stream_index = stream.pointee.index
                guard av_interleaved_write_frame(output, packet) >= 0 else { throw Failure(description: "cannot write \(path)") }
            }
        }
        for i in 0..<count {
            let rgb = frame(i)
            guard rgb.width == width, rgb.height == height, rgb.format == .rgb else { throw Failure(description: "frame \(i) is not \(width)x\(height) rgb") }
            av_frame_make_writable(picture)
            // libswscale reads whole vectors past a row's end: the rows go through padded memory.
            let source = LibraryPixels(rgb)
            _ = strips_sws_packed_to_frame(scaler, source.base, Int32(source.stride), Int32(height), picture)
            picture.pointee.pts = Int64(i)
            guard avcodec_send_frame(context, picture) >= 0 else { throw Failure(description: "the encoder refused frame \(i)") }
            try drain()
        }
        avcodec_send_frame(context, nil)
        try drain()
        guard av_write_trailer(output) >= 0 else { throw Failure(description: "cannot finish \(path)") }
    }

    /// The film, whole or cut off after `cutAt` of its bytes.
    public static func write(_ film: CameraFilm, to path: String, cutAt share: Double? = nil) throws {
        try write(frames: film.frameCount, width: film.width, height: film.height, rate: film.rate, to: path, frame: film.frame)
        if let share {
            guard let handle = FileHandle(forUpdatingAtPath: path) else { throw Failure(description: "cannot cut \(path)") }
            defer { try? handle.close() }
            let size = try handle.seekToEnd()
            try handle.truncate(atOffset: UInt64(Double(size) * share))
        }
    }
}
