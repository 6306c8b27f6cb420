import CAVCodec
import CAVDevice
import Foundation
import StripsFiles
import Glibc
import StripsCore
import StripsDesktop
import StripsPictures

/// One frame's pixels as a look needs them.
public struct FramePixels: Sendable {
    /// The frame's own size: the quad found is in its pixels.
    public var size: Size
    public var shown: PixelBuffer
    public var small: PixelBuffer
    public var detail: PixelBuffer

    public init(size: Size, shown: PixelBuffer, small: PixelBuffer, detail: PixelBuffer) {
        self.size = size
        self.shown = shown
        self.small = small
        self.detail = detail
    }
}

/// A camera opened through ffmpeg: a V4L2 device through libavdevice's v4l2 input (its best size,
/// MJPEG where offered, `CameraDevices.choose`), a video file through libavformat; then the same
/// demuxing and decoding for both, a frame at a time, each converted (libswscale) to the picture
/// shown and kept (BGRA, full size) and the detector's small copy (RGB). Used by one thread at a
/// time: the capture worker live, the scene's clock headless.
public final class CameraInput: @unchecked Sendable {
    public let source: CameraSource
    public let width: Int
    public let height: Int
    /// Frames a second as the stream states it (0: unknown).
    public let rate: Double
    /// `MJPEG 1280x720 at 30 fps`, for the view.
    public let label: String
    /// The frames the file says it holds (0 for a device, or a file that does not say).
    public let expectedFrames: Int
    /// Frames decoded so far.
    public private(set) var decoded = 0

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let streamIndex: Int32
    private let timeBase: Double
    private var startPTS: Int64?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let converter = FrameConverter()
    /// The camera through the desktop portal and PipeWire, when that is the source.
    private var feed: PipeWireFeed?
    private var draining = false
    /// Packets in a row the decoder refused (a damaged frame is skipped; many mean a broken stream).
    private var refused = 0
    /// The time limit libavformat's waits are held to: a device that stops answering, or a file
    /// on a mount that hangs, costs `patience` seconds and one line.
    private let deadline = Deadline()
    /// How long one open or one frame's read may wait.
    public static let patience = 2.0

    /// Opens `source`: one line on failure (no such device or file, busy, no permission, not a
    /// video; for the portal: no portal, access refused, no camera node). `environment` says
    /// where the session bus is (the portal's).
    public init(_ source: CameraSource, environment: [String: String] = ProcessInfo.processInfo.environment,
                portalLimits: PortalCamera.Limits = PortalCamera.Limits()) throws(CameraFault) {
        Self.start()
        self.source = source
        if case .portal = source {
            let fd: Int32
            switch PortalCamera.openRemote(environment: environment, limits: portalLimits) {
            case .success(let remote): fd = remote
            case .failure(let refusal): throw CameraFault.portal(refusal)
            }
            // Linking goes through the session manager: the portal's call limit, not a frame's.
            let feed = try PipeWireFeed(fd: fd, patience: portalLimits.call)
            self.feed = feed
            width = feed.width
            height = feed.height
            rate = feed.rate
            label = feed.label
            expectedFrames = 0
            streamIndex = -1
            timeBase = 0
            frame = av_frame_alloc()
            return
        }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        var input: UnsafePointer<AVInputFormat>?
        var chosen: CameraDevices.Size?
        switch source {
        case .device(let path):
            let device: CameraDevices.Device
            switch CameraDevices.query(path) {
            case .success(let found): device = found
            case .failure(let fault): throw fault
            }
            guard device.captures else { throw CameraFault.opening(path, errno: ENOTTY) }
            guard let v4l2 = av_find_input_format("video4linux2,v4l2") ?? av_find_input_format("v4l2") else {
                throw CameraFault(HostMessage(trLater("camera %s: this ffmpeg has no v4l2 input (libavdevice without video4linux2)"), path))
            }
            input = v4l2
            chosen = CameraDevices.choose(from: device.sizes)
            if let chosen {
                if let name = CameraDevices.ffmpegFormat(chosen.format) { av_dict_set(&options, "input_format", name, 0) }
                av_dict_set(&options, "video_size", "\(chosen.width)x\(chosen.height)", 0)
                if chosen.maxRate > 0 { av_dict_set(&options, "framerate", "\(Int(min(chosen.maxRate, 30).rounded()))", 0) }
            }
        case .portal:
            preconditionFailure("the portal camera is opened above")
        case .file(let path):
            // Only a regular file is a video file: a FIFO would block the open (and a writer that
            // stalls, every read), a folder or a device that is no camera has no video.
            switch InputFile.open(path) {
            case .failure(let refusal):
                throw refusal.code == EISDIR ? CameraFault(HostMessage(trLater("camera file %s: a folder, not a video file"), path)) : CameraFault(HostMessage(trLater("camera file %s: %s"), path, refusal.description))
            case .success(let fd): close(fd)
            }
        }
        guard var context = avformat_alloc_context() else {
            throw CameraFault(HostMessage(trLater("camera %s: out of memory"), source.path))
        }
        strips_deadline_attach(context, deadline.limit)
        if source.isDevice {
            // Reads return at once when no frame is ready; `next` waits for one up to `patience`.
            context.pointee.flags |= AVFMT_FLAG_NONBLOCK
        }
        deadline.start(Self.patience)
        var opening: UnsafeMutablePointer<AVFormatContext>? = context
        let opened = avformat_open_input(&opening, source.path, input, &options)
        guard opened == 0, let openedContext = opening else {
            throw opened == strips_averror_exit() ? CameraFault.silent(source.path, seconds: Self.patience) : Self.openFault(source, status: opened)
        }
        context = openedContext
        format = context
        if avformat_find_stream_info(context, nil) < 0 {
            avformat_close_input(&format)
            throw Self.notVideo(source)
        }
        var decoder: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        guard index >= 0, let decoder, let stream = context.pointee.streams[Int(index)] else {
            avformat_close_input(&format)
            throw Self.notVideo(source)
        }
        streamIndex = index
        guard let codec = avcodec_alloc_context3(decoder) else {
            avformat_close_input(&format)
            throw CameraFault(HostMessage(trLater("camera %s: out of memory"), source.path))
        }
        self.codec = codec
        avcodec_parameters_to_context(codec, stream.pointee.codecpar)
        // One thread: the capture worker is one core's work, the other is the detector's.
        codec.pointee.thread_count = 1
        guard avcodec_open2(codec, decoder, nil) == 0, codec.pointee.width > 0, codec.pointee.height > 0 else {
            avcodec_free_context(&self.codec)
            avformat_close_input(&format)
            throw Self.notVideo(source)
        }
        width = Int(codec.pointee.width)
        height = Int(codec.pointee.height)
        let base = stream.pointee.time_base
        timeBase = base.den > 0 ? Double(base.num) / Double(base.den) : 0
        let frameRate = stream.pointee.avg_frame_rate.den > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        rate = frameRate.den > 0 && frameRate.num > 0 ? Double(frameRate.num) / Double(frameRate.den) : 0
        expectedFrames = source.isDevice ? 0 : max(0, Int(stream.pointee.nb_frames))
        let codecName = String(cString: decoder.pointee.name).uppercased()
        label = "\(codecName) \(width)x\(height)" + (rate > 0 ? " at \(Int(rate.rounded())) fps" : "")
        packet = av_packet_alloc()
        frame = av_frame_alloc()
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// The next frame: its time (seconds from the first frame) and the decoder's picture, which
    /// stays valid until the next call; `convert` makes pixels of it. Throws when the stream
    /// stops: the file ended (or was cut short), the device went away.
    public func next() throws(CameraFault) -> Double {
        if let feed, let frame {
            // A frame PipeWire gave that could not be read is skipped, as a refused packet is.
            while true {
                if let time = try feed.next(into: frame, patience: Self.patience) {
                    decoded += 1
                    refused = 0
                    return time
                }
                refused += 1
                if refused > 30 { throw CameraFault.lost(source.path) }
            }
        }
        guard let format, let codec, let packet, let frame else { throw CameraFault.ended(source.path, frames: decoded) }
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received == 0 {
                decoded += 1
                refused = 0
                let pts = frame.pointee.best_effort_timestamp != Int64.min ? frame.pointee.best_effort_timestamp : frame.pointee.pts
                if startPTS == nil, pts != Int64.min { startPTS = pts }
                guard pts != Int64.min, let start = startPTS, timeBase > 0 else { return Double(decoded - 1) / (rate > 0 ? rate : 30) }
                return Double(pts - start) * timeBase
            }
            if received == strips_averror_eof() || draining && received != strips_averror_eagain() { throw stopped() }
            deadline.start(Self.patience)
            var read = av_read_frame(format, packet)
            // A device without a frame ready (non-blocking): asked again until one comes or the deadline passes.
            while read == strips_averror_eagain(), !deadline.passed {
                usleep(2_000)
                read = av_read_frame(format, packet)
            }
            if read == strips_averror_eagain() || read == strips_averror_exit() {
                throw source.isDevice ? CameraFault.silent(source.path, seconds: Self.patience) : stopped()
            }
            if read < 0 {
                if read != strips_averror_eof(), source.isDevice { throw CameraFault.lost(source.path) }
                // The decoder gives what it holds, then the stream has ended.
                draining = true
                avcodec_send_packet(codec, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            if avcodec_send_packet(codec, packet) < 0 {
                refused += 1
                if refused > 30 { throw source.isDevice ? CameraFault.lost(source.path) : stopped() }
            }
        }
    }

    /// The picture `next` decoded, made into what a look needs: the picture shown (BGRA, within
    /// `shown` pixels: no larger than it is drawn; nil for the frame's own size), the detector's
    /// small copy (RGB) and the frame's brightness the page's content is sampled from (both of
    /// sizes fixed by the frame's, so what is found never depends on the window).
    public func convert(shownWithin shown: (Int, Int)? = nil) -> FramePixels? {
        guard let frame else { return nil }
        let (w, h) = shown.map { FrameConverter.fitted(width: width, height: height, within: $0) } ?? (width, height)
        let (sw, sh) = FrameConverter.fitted(width: width, height: height, side: PageLooker.smallSide)
        guard let picture = converter.pixels(frame, width: w, height: h, format: .bgra),
              let small = converter.pixels(frame, width: sw, height: sh, format: .rgb, averaged: true),
              let detail = converter.luma(frame) else { return nil }
        return FramePixels(size: Size(width: Double(width), height: Double(height)), shown: picture, small: small, detail: detail)
    }

    /// The picture `next` decoded, kept for a take (made into pixels only if it is taken).
    func kept(as index: Int) -> KeptFrame? {
        guard let frame else { return nil }
        return KeptFrame(frame, index: index)
    }

    /// How the stream stopped: a device went away; a file ended, or was cut short before the
    /// frames it said it held.
    private func stopped() -> CameraFault {
        if source.isDevice { return .lost(source.path) }
        if expectedFrames > 0, decoded < expectedFrames { return .cutShort(source.path, frames: decoded, of: expectedFrames) }
        if let format, format.pointee.duration > 0, rate > 0 {
            // No frame count (Matroska): by the duration it states.
            let stated = Int((Double(format.pointee.duration) / Double(AV_TIME_BASE) * rate).rounded())
            if decoded + 1 < stated { return .cutShort(source.path, frames: decoded, of: stated) }
        }
        return .ended(source.path, frames: decoded)
    }

    private static func openFault(_ source: CameraSource, status: Int32) -> CameraFault {
        switch source {
        case .device, .portal:
            return .opening(source.path, errno: status < 0 && status > -4096 ? -status : EIO)
        case .file(let path):
            if status == -ENOENT { return CameraFault(HostMessage(trLater("camera file %s: no such file"), path)) }
            if status == -EACCES { return CameraFault(HostMessage(trLater("camera file %s: permission denied"), path)) }
            return notVideo(source)
        }
    }

    private static func notVideo(_ source: CameraSource) -> CameraFault {
        source.isDevice ? .opening(source.path, errno: ENOTTY) : CameraFault(HostMessage(trLater("camera file %s: not a video ffmpeg can read"), source.path))
    }

    /// libavdevice's inputs registered once; ffmpeg's own notes silenced (the app says what it
    /// has to say in one line).
    private static func start() { _ = started }
    private static let started: Void = {
        avdevice_register_all()
        av_log_set_level(AV_LOG_QUIET)
    }()
}
