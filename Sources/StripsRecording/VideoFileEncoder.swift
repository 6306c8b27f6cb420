import CAVCodec
import Glibc
import StripsPictures

/// Writes frames into an MP4 or WebM video through ffmpeg's libraries: yuv420p at a constant
/// frame rate (a still stretch, or frames the live window dropped, repeat the last picture, one
/// per slot: players, editors and the web all expect constant-rate video, and an encoder spends a
/// few bytes on a picture that did not change), timestamps from the recording's slots, BT.709
/// colours tagged so players convert back as they were converted. Written to a temporary file
/// beside the destination and linked into place on finish, as the GIF is. Used by one thread at a
/// time: the recorder's worker (the encoder is asked for one thread, so a recording takes one core).
public final class VideoFileEncoder: FrameEncoder, @unchecked Sendable {
    public let path: String
    public let format: RecordingFormat
    public let codec: VideoCodec
    private let scale: Double
    private let framesPerSecond: Int
    private let effort: VideoEffort
    private let file: RecordingFile
    private var output: UnsafeMutablePointer<AVFormatContext>?
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var picture: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var converter: OpaquePointer?
    /// The frame's rows copied to 64-byte aligned rows: libswscale picks its SIMD or its C path by
    /// the source's alignment, and the two round differently, so an array landing at another
    /// address made the same frames a different file (one byte of the I-frame, seen in full suite runs).
    private var source: LibraryPixels?
    private var geometry: VideoGeometry?
    private var firstSlot: Int?
    /// The slot (from the first) the next picture sent to the encoder stands for.
    private var nextSlot = 0
    /// Pictures handed to the encoder, repeats included: the video's frame count.
    public private(set) var framesWritten = 0

    /// Fails at once (one line) for a name that is not .mp4 or .webm, when this machine's
    /// libavcodec has no encoder for it, or when the folder is missing or `path` exists.
    /// `candidates` replaces `VideoCodec.candidates(for:)` (tests: an encoder missing).
    public convenience init(path: String, scale: Double = 1, framesPerSecond: Int = 30, effort: VideoEffort = .thorough) throws {
        try self.init(path: path, scale: scale, framesPerSecond: framesPerSecond, effort: effort, candidates: nil)
    }

    init(path: String, scale: Double, framesPerSecond: Int, effort: VideoEffort, candidates: [VideoCodec]?) throws {
        guard let format = RecordingFormat(path: path), format != .gif else {
            throw RecordingError("\(path): a video is FILE.mp4 or FILE.webm")
        }
        guard scale > 0 && scale <= 1 else { throw RecordingError("scale \(scale) is outside 0 < scale <= 1") }
        guard (1...100).contains(framesPerSecond) else {
            throw RecordingError("\(framesPerSecond) frames per second is outside 1 ... 100")
        }
        let candidates = candidates ?? VideoCodec.candidates(for: format)
        guard let codec = candidates.first(where: \.isAvailable) else {
            throw RecordingError("\(path): \(VideoCodec.missing(for: format, candidates: candidates))")
        }
        self.path = path
        self.format = format
        self.codec = codec
        self.scale = scale
        self.framesPerSecond = framesPerSecond
        self.effort = effort
        Self.quiet()
        file = try RecordingFile(destination: path)
        // libavformat writes the temporary file by its name: the MP4 muxer opens it again to move
        // its index to the front (faststart), which a descriptor of ours could not do.
        close(file.descriptor)
    }

    deinit { abort() }

    /// ffmpeg's libraries print notes (encoder versions, CPU features) to standard error; the
    /// app says what it has to say in its own one line.
    private static func quiet() { _ = silenced }
    private static let silenced: Void = av_log_set_level(AV_LOG_QUIET)

    public func encode(_ frame: RecordedFrame) throws {
        let geometry = try self.geometry ?? start(with: frame)
        let first = firstSlot ?? frame.slot
        firstSlot = first
        let slot = frame.slot - first
        // Constant frame rate: the last picture again for every slot nothing new came for.
        while framesWritten > 0 && nextSlot < slot { try send(slot: nextSlot) }
        guard let picture, let converter else { throw RecordingError("\(path): the recording is closed") }
        try check(av_frame_make_writable(picture), "out of memory")
        let fitted = frame.fitted(width: geometry.canvasWidth, height: geometry.canvasHeight)
        let plane = source ?? LibraryPixels(width: geometry.canvasWidth, height: geometry.canvasHeight, bytesPerPixel: 4)
        source = plane
        plane.copy(fitted.pixels)
        let rows = strips_sws_packed_to_frame(converter, plane.base, Int32(plane.stride), Int32(geometry.sourceHeight), picture)
        guard rows == Int32(geometry.height) else { throw RecordingError("\(path): libswscale could not convert a frame") }
        try send(slot: slot)
    }

    public func finish() throws {
        do {
            guard let output, let context else { throw RecordingError("\(path): no frames were recorded") }
            try check(avcodec_send_frame(context, nil), "the encoder failed")
            try drain()
            try check(av_write_trailer(output), "writing")
            if let pb = output.pointee.pb, pb.pointee.error < 0 { try check(pb.pointee.error, "writing") }
            try check(avio_closep(&output.pointee.pb), "writing")
            release()
            try file.commit()
        } catch {
            abort()
            throw error
        }
    }

    public func abort() {
        release()
        file.discard()
    }

    private func start(with frame: RecordedFrame) throws -> VideoGeometry {
        let geometry = VideoGeometry(frameWidth: frame.width, frameHeight: frame.height, scale: scale)
        guard let temporary = file.temporary else { throw RecordingError("\(path): the recording is closed") }
        guard let encoder = avcodec_find_encoder_by_name(codec.encoder) else {
            throw RecordingError("\(path): \(VideoCodec.missing(for: format))")
        }
        var output: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&output, nil, format.rawValue, temporary), "no \(format.rawValue) muxer")
        guard let output else { throw RecordingError("\(path): out of memory") }
        self.output = output
        guard let stream = avformat_new_stream(output, nil), let context = avcodec_alloc_context3(encoder) else {
            throw RecordingError("\(path): out of memory")
        }
        self.stream = stream
        self.context = context
        let rate = Int32(framesPerSecond)
        context.pointee.width = Int32(geometry.width)
        context.pointee.height = Int32(geometry.height)
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointee.time_base = AVRational(num: 1, den: rate)
        context.pointee.framerate = AVRational(num: rate, den: 1)
        context.pointee.thread_count = 1
        context.pointee.color_range = AVCOL_RANGE_MPEG
        context.pointee.colorspace = AVCOL_SPC_BT709
        context.pointee.color_primaries = AVCOL_PRI_BT709
        context.pointee.color_trc = AVCOL_TRC_BT709
        if output.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        var settings: OpaquePointer?
        for (key, value) in codec.settings(for: effort, width: geometry.width).sorted(by: { $0.key < $1.key }) { av_dict_set(&settings, key, value, 0) }
        let opened = avcodec_open2(context, encoder, &settings)
        av_dict_free(&settings)
        try check(opened, "the \(codec.label) encoder (\(codec.encoder)) refused \(geometry.width)x\(geometry.height)")
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, context), "out of memory")
        stream.pointee.time_base = context.pointee.time_base
        stream.pointee.avg_frame_rate = AVRational(num: rate, den: 1)
        try check(avio_open(&output.pointee.pb, "file:" + temporary, AVIO_FLAG_WRITE), "cannot write")
        var muxing: OpaquePointer?
        if format == .mp4 { av_dict_set(&muxing, "movflags", "+faststart", 0) }
        let header = avformat_write_header(output, &muxing)
        av_dict_free(&muxing)
        try check(header, "writing")

        guard let picture = av_frame_alloc(), let packet = av_packet_alloc() else { throw RecordingError("\(path): out of memory") }
        self.picture = picture
        self.packet = packet
        picture.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        picture.pointee.width = Int32(geometry.width)
        picture.pointee.height = Int32(geometry.height)
        try check(av_frame_get_buffer(picture, 0), "out of memory")
        // The planes' padding past each row (SIMD alignment) is never written by the converter:
        // zeroed, so an encoder that reads it sees the same bytes every time.
        let (frame, lumaRows) = (picture.pointee, Int(picture.pointee.height))
        for (data, linesize, rows) in [(frame.data.0, frame.linesize.0, lumaRows), (frame.data.1, frame.linesize.1, (lumaRows + 1) / 2),
                                       (frame.data.2, frame.linesize.2, (lumaRows + 1) / 2)] {
            data?.initialize(repeating: 0, count: Int(linesize) * rows)
        }
        // Area averaging when scaling down; at scale 1 only the colour conversion happens.
        guard let converter = sws_getContext(Int32(geometry.sourceWidth), Int32(geometry.sourceHeight), AV_PIX_FMT_BGRA,
                                             Int32(geometry.width), Int32(geometry.height), AV_PIX_FMT_YUV420P,
                                             SWS_AREA | SWS_ACCURATE_RND, nil, nil, nil) else {
            throw RecordingError("\(path): libswscale cannot convert \(geometry.sourceWidth)x\(geometry.sourceHeight)")
        }
        self.converter = converter
        // RGB (full range) to BT.709 limited-range YUV, as the stream is tagged.
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        _ = sws_setColorspaceDetails(converter, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16)
        self.geometry = geometry
        return geometry
    }

    /// Hands the current picture to the encoder as slot `slot` and writes what comes out.
    private func send(slot: Int) throws {
        guard let context, let picture else { throw RecordingError("\(path): the recording is closed") }
        picture.pointee.pts = Int64(slot)
        try check(avcodec_send_frame(context, picture), "the \(codec.label) encoder failed")
        framesWritten += 1
        nextSlot = slot + 1
        try drain()
    }

    private func drain() throws {
        guard let context, let packet, let stream, let output else { return }
        while true {
            let status = avcodec_receive_packet(context, packet)
            if status == strips_averror_eagain() || status == strips_averror_eof() { return }
            try check(status, "the \(codec.label) encoder failed")
            // Every picture stands for one slot; the muxer needs it for the last one's length.
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, context.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try check(av_interleaved_write_frame(output, packet), "writing")
        }
    }

    private func release() {
        if let output {
            if output.pointee.pb != nil { avio_closep(&output.pointee.pb) }
            avformat_free_context(output)
            self.output = nil
        }
        avcodec_free_context(&context)
        av_frame_free(&picture)
        av_packet_free(&packet)
        if let converter { sws_freeContext(converter) }
        converter = nil
        source = nil
        stream = nil
    }

    private func check(_ status: Int32, _ what: String) throws {
        guard status < 0 else { return }
        var buffer = [CChar](repeating: 0, count: 256)
        let text = av_strerror(status, &buffer, buffer.count) == 0
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "error \(status)"
        throw RecordingError("\(path): \(what): \(text)")
    }
}
