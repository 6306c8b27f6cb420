import CAVCodec
@testable import StripsRecording

/// A video file as libavformat and libavcodec read it back: every decoded picture as RGB bytes
/// (BT.709 limited range, as the file is tagged), with its time.
struct DecodedVideo {
    var container = ""
    var codec = ""
    var width = 0, height = 0
    var pixelFormat = AV_PIX_FMT_NONE
    var frames: [[UInt8]] = []
    /// Each picture's presentation time, seconds.
    var times: [Double] = []
    /// The container's duration, seconds.
    var duration = 0.0
}

func readVideo(_ path: String) throws -> DecodedVideo {
    struct Failure: Error { let what: String }
    var format: UnsafeMutablePointer<AVFormatContext>?
    guard avformat_open_input(&format, path, nil, nil) == 0, let input = format else { throw Failure(what: "open \(path)") }
    defer { avformat_close_input(&format) }
    guard avformat_find_stream_info(input, nil) >= 0 else { throw Failure(what: "stream info") }
    let index = av_find_best_stream(input, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    guard index >= 0, let stream = input.pointee.streams[Int(index)],
          let decoder = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id) else { throw Failure(what: "no video stream") }
    var context = avcodec_alloc_context3(decoder)
    defer { avcodec_free_context(&context) }
    guard let context, avcodec_parameters_to_context(context, stream.pointee.codecpar) >= 0,
          avcodec_open2(context, decoder, nil) >= 0 else { throw Failure(what: "decoder") }
    var packet = av_packet_alloc(), frame = av_frame_alloc()
    defer { av_packet_free(&packet); av_frame_free(&frame) }
    guard let packet, let frame else { throw Failure(what: "memory") }

    var video = DecodedVideo()
    video.container = String(cString: input.pointee.iformat.pointee.name)
    video.codec = String(cString: decoder.pointee.name)
    video.width = Int(stream.pointee.codecpar.pointee.width)
    video.height = Int(stream.pointee.codecpar.pointee.height)
    video.duration = Double(input.pointee.duration) / Double(AV_TIME_BASE)
    let timeBase = stream.pointee.time_base
    var converter: OpaquePointer?
    defer { if let converter { sws_freeContext(converter) } }

    func receive() throws {
        while avcodec_receive_frame(context, frame) >= 0 {
            video.pixelFormat = AVPixelFormat(rawValue: frame.pointee.format)
            let (w, h) = (Int(frame.pointee.width), Int(frame.pointee.height))
            if converter == nil {
                converter = sws_getContext(Int32(w), Int32(h), video.pixelFormat, Int32(w), Int32(h), AV_PIX_FMT_RGB24,
                                           SWS_POINT | SWS_ACCURATE_RND, nil, nil, nil)
                let bt709 = sws_getCoefficients(SWS_CS_ITU709)
                _ = sws_setColorspaceDetails(converter, bt709, 0, bt709, 1, 0, 1 << 16, 1 << 16)
            }
            var rgb = [UInt8](repeating: 0, count: w * h * 3)
            _ = rgb.withUnsafeMutableBufferPointer { strips_sws_frame_to_packed(converter, frame, $0.baseAddress, Int32(w * 3)) }
            video.frames.append(rgb)
            video.times.append(Double(frame.pointee.best_effort_timestamp) * Double(timeBase.num) / Double(timeBase.den))
        }
    }
    while av_read_frame(input, packet) >= 0 {
        if packet.pointee.stream_index == index { _ = avcodec_send_packet(context, packet) }
        av_packet_unref(packet)
        try receive()
    }
    _ = avcodec_send_packet(context, nil)
    try receive()
    return video
}

/// Records one synthetic picture per 30 fps slot, `indices[slot]` saying which.
func recordSlots(_ indices: [Int], to path: String, width: Int, height: Int,
                 options: Recorder.Options = .init(), colourful: Bool = true) throws -> RecordingStatistics {
    let recorder = try Recorder(path: path, options: options)
    for (slot, index) in indices.enumerated() {
        syntheticFrame(width: width, height: height, index: index, colourful: colourful).withUnsafeBytes {
            _ = recorder.append(pixels: $0.baseAddress!, width: width, height: height, pitch: width * 4, at: Double(slot) / 30)
        }
    }
    return try recorder.finish()
}

/// Encodes one synthetic picture per slot with a `VideoFileEncoder` on the calling thread (the
/// recorder's worker is another thread, with its own part of the heap).
func encodeOnThisThread(_ indices: [Int], to path: String, width: Int, height: Int) throws {
    let encoder = try VideoFileEncoder(path: path)
    for (slot, index) in indices.enumerated() {
        try encoder.encode(RecordedFrame(width: width, height: height, slot: slot,
                                         pixels: syntheticFrame(width: width, height: height, index: index, colourful: true)))
    }
    try encoder.finish()
}
