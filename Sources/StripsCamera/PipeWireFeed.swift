import CAVCodec
import CPipeWireCamera
import Foundation
import Glibc

/// A camera's frames from PipeWire, on a remote the desktop portal handed out (`PortalCamera`):
/// the stream itself is kept in C (`pipewire_camera.c`: PipeWire's callbacks on its own thread);
/// here each frame becomes a decoder picture (an `AVFrame`) as ffmpeg's are, so the conversion
/// (`FrameConverter`), the looks and the takes are the V4L2 and video-file path's own. MJPEG is
/// decoded by libavcodec, raw layouts are copied into a frame of libavutil's padded planes.
final class PipeWireFeed {
    private let camera: OpaquePointer
    let name: String
    let width: Int
    let height: Int
    let rate: Double
    let format: String
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?

    /// Connects on the remote `fd` (taken), finds the camera and negotiates its format, within
    /// `patience` seconds a step; one line on failure.
    init(fd: Int32, patience: Double) throws(CameraFault) {
        var fault: Int32 = 0
        var message = [CChar](repeating: 0, count: 256), label = [CChar](repeating: 0, count: 128)
        guard let camera = strips_pw_camera_open(fd, patience, &fault, &message, message.count, &label, label.count) else {
            throw Self.fault(Int(fault), message: String(cString: message), patience: patience)
        }
        self.camera = camera
        name = String(cString: label)
        // The first frame says the size and format agreed on.
        var first = strips_pw_frame()
        let status = strips_pw_camera_next(camera, patience, &first)
        guard status == Int32(STRIPS_PW_OK) else {
            strips_pw_camera_close(camera)
            throw Self.fault(Int(status), message: "", patience: patience)
        }
        width = Int(first.width)
        height = Int(first.height)
        rate = first.rate
        format = Self.text(first.format)
        pending = first
        if format == "MJPG" {
            guard let codec = avcodec_find_decoder(AV_CODEC_ID_MJPEG), let context = avcodec_alloc_context3(codec) else {
                strips_pw_camera_close(camera)
                throw CameraFault.unreadFormat("MJPEG (this ffmpeg has no MJPEG decoder)")
            }
            context.pointee.thread_count = 1
            decoder = context
            guard avcodec_open2(context, codec, nil) == 0 else {
                avcodec_free_context(&decoder)
                strips_pw_camera_close(camera)
                throw CameraFault.unreadFormat("MJPEG (this ffmpeg has no MJPEG decoder)")
            }
            packet = av_packet_alloc()
        } else if Self.pixelFormat(format) == nil {
            strips_pw_camera_close(camera)
            throw CameraFault.unreadFormat(format)
        }
    }

    /// The first frame, taken while opening, handed out by the first `next`.
    private var pending: strips_pw_frame?

    deinit {
        av_packet_free(&packet)
        avcodec_free_context(&decoder)
        strips_pw_camera_close(camera)
    }

    /// `MJPEG 1280x720 at 30 fps`, for the view.
    var label: String {
        (format == "MJPG" ? "MJPEG" : format) + " \(width)x\(height)" + (rate > 0 ? " at \(Int(rate.rounded())) fps" : "")
    }

    /// The next frame into `frame` (which holds it until the next call); its time in seconds
    /// since the first. Nil for a frame that could not be read (damaged: skipped by the caller).
    /// Throws when the stream stops or gives nothing for `patience` seconds.
    func next(into frame: UnsafeMutablePointer<AVFrame>, patience: Double) throws(CameraFault) -> Double? {
        var received = strips_pw_frame()
        if let first = pending {
            received = first
            pending = nil
        } else {
            let status = strips_pw_camera_next(camera, patience, &received)
            guard status == Int32(STRIPS_PW_OK) else { throw Self.fault(Int(status), message: "", patience: patience) }
        }
        let filled = format == "MJPG" ? decode(received, into: frame) : Self.copy(received, into: frame)
        return filled ? received.time : nil
    }

    /// A JPEG frame decoded by libavcodec, as the V4L2 path's MJPEG is.
    private func decode(_ received: strips_pw_frame, into frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        guard let decoder, let packet, received.planes >= 1, let bytes = received.data.0, received.size.0 > 0,
              av_new_packet(packet, Int32(received.size.0)) == 0 else { return false }
        defer { av_packet_unref(packet) }
        memcpy(packet.pointee.data, bytes, Int(received.size.0))
        guard avcodec_send_packet(decoder, packet) == 0 else { return false }
        av_frame_unref(frame)
        return avcodec_receive_frame(decoder, frame) == 0
    }

    /// A raw frame copied plane by plane into a frame of libavutil's own (aligned, padded) planes,
    /// each row checked against the bytes PipeWire gave.
    static func copy(_ received: strips_pw_frame, into frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        guard let pixelFormat = Self.pixelFormat(Self.text(received.format)), received.width > 0, received.height > 0 else { return false }
        let (w, h) = (Int32(received.width), Int32(received.height))
        let planes = planes(of: received, format: pixelFormat)
        guard !planes.isEmpty else { return false }
        av_frame_unref(frame)
        frame.pointee.format = pixelFormat.rawValue
        frame.pointee.width = w
        frame.pointee.height = h
        guard av_frame_get_buffer(frame, 0) == 0 else { return false }
        for (index, plane) in planes.enumerated() {
            av_image_copy_plane(strips_frame_plane(frame, Int32(index)), strips_frame_linesize(frame, Int32(index)),
                                plane.start, plane.stride, plane.rowBytes, plane.rows)
        }
        return true
    }

    struct Plane {
        var start: UnsafePointer<UInt8>
        var stride: Int32
        var rowBytes: Int32
        var rows: Int32
    }

    /// Where each of the format's planes is in what PipeWire gave (a block per plane, or all in
    /// one block one after another), with its row length and rows; empty when the bytes given
    /// are fewer than the format at this size needs.
    static func planes(of received: strips_pw_frame, format: AVPixelFormat) -> [Plane] {
        let count = Int(av_pix_fmt_count_planes(format))
        guard count >= 1, count <= 4, let descriptor = av_pix_fmt_desc_get(format) else { return [] }
        let blocks = [received.data.0, received.data.1, received.data.2, received.data.3]
        let sizes = [received.size.0, received.size.1, received.size.2, received.size.3].map(Int.init)
        let strides = [received.stride.0, received.stride.1, received.stride.2, received.stride.3]
        let given = Int(received.planes)
        var planes: [Plane] = []
        var offset = 0
        for index in 0..<count {
            let rowBytes = av_image_get_linesize(format, Int32(received.width), Int32(index))
            let chroma = index > 0 && index < 3
            let rows = chroma ? -((-Int32(received.height)) >> Int32(descriptor.pointee.log2_chroma_h)) : Int32(received.height)
            guard rowBytes > 0 else { return [] }
            let block: UnsafePointer<UInt8>?, blockSize: Int, stride: Int32
            if given >= count {
                block = blocks[index]
                blockSize = sizes[index]
                stride = strides[index] > 0 ? strides[index] : rowBytes
                offset = 0
            } else {
                // One block: later planes follow the first, as V4L2 lays them out: NV12's
                // interleaved chroma rows as long as the luma's, I420's half as long.
                block = blocks[0]
                blockSize = sizes[0]
                let first = strides[0] > 0 ? strides[0] : av_image_get_linesize(format, Int32(received.width), 0)
                let shift = Int32(descriptor.pointee.log2_chroma_w)
                stride = index == 0 || format == AV_PIX_FMT_NV12 ? first : (first + (1 << shift) - 1) >> shift
            }
            guard let block, stride >= rowBytes, offset + Int(stride) * Int(rows - 1) + Int(rowBytes) <= blockSize else { return [] }
            planes.append(Plane(start: block + offset, stride: stride, rowBytes: rowBytes, rows: rows))
            if given < count { offset += Int(stride) * Int(rows) }
        }
        return planes
    }

    /// libavutil's layout for PipeWire's raw format names (`pipewire_camera.c` asks for these).
    static func pixelFormat(_ name: String) -> AVPixelFormat? {
        switch name {
        case "YUY2": return AV_PIX_FMT_YUYV422
        case "UYVY": return AV_PIX_FMT_UYVY422
        case "NV12": return AV_PIX_FMT_NV12
        case "I420": return AV_PIX_FMT_YUV420P
        case "RGBx": return AV_PIX_FMT_RGB0
        case "BGRx": return AV_PIX_FMT_BGR0
        case "RGBA": return AV_PIX_FMT_RGBA
        case "BGRA": return AV_PIX_FMT_BGRA
        case "RGB": return AV_PIX_FMT_RGB24
        case "BGR": return AV_PIX_FMT_BGR24
        case "GRAY8": return AV_PIX_FMT_GRAY8
        default: return nil
        }
    }

    private static func text(_ tuple: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar)) -> String {
        withUnsafeBytes(of: tuple) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The C side's fault as its line.
    static func fault(_ code: Int, message: String, patience: Double) -> CameraFault {
        switch code {
        case Int(STRIPS_PW_NO_NODE):
            return .noPortalCameraNode
        case Int(STRIPS_PW_NOT_LINKED):
            return .notLinked(seconds: patience)
        case Int(STRIPS_PW_NO_FORMAT):
            return .noPortalFormat
        case Int(STRIPS_PW_TIMED_OUT):
            return CameraFault.silent("portal", seconds: patience)
        case Int(STRIPS_PW_ENDED):
            return CameraFault.lost("portal")
        default:
            return .pipewireRefused(message)
        }
    }
}
