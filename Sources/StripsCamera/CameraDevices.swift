import CCameraDevices
import Foundation

/// What a V4L2 device offers, and the format Strips asks it for: its best resolution, in MJPEG
/// where it offers it (raw YUV at full size is too much for USB 2 at a useful frame rate), at a
/// frame rate that keeps the picture live. Never mirrored: V4L2 delivers what the sensor sees, and
/// a page must read the right way round.
public enum CameraDevices {
    public struct Device: Hashable, Sendable {
        public var path: String
        /// The device's own name (`HD Pro Webcam C920`).
        public var card: String
        /// False for a node that does not capture video (a UVC camera's metadata node).
        public var captures: Bool
        public var sizes: [Size]
    }

    /// One format at one size, as the device lists it.
    public struct Size: Hashable, Sendable {
        /// The V4L2 fourcc, as text (`MJPG`, `YUYV`).
        public var format: String
        public var compressed: Bool
        public var width: Int
        public var height: Int
        /// The highest frame rate at this size (0: the device does not say).
        public var maxRate: Double

        public init(format: String, compressed: Bool, width: Int, height: Int, maxRate: Double) {
            self.format = format
            self.compressed = compressed
            self.width = width
            self.height = height
            self.maxRate = maxRate
        }

        var pixels: Int { width * height }
    }

    /// What the device at `path` offers (read-only questions; it is not opened for capture).
    public static func query(_ path: String) -> Result<Device, CameraFault> {
        var captures: Int32 = 0, count: Int32 = 0
        var card = [CChar](repeating: 0, count: 64)
        var sizes = [strips_camera_size](repeating: strips_camera_size(), count: 256)
        let status = strips_camera_query(path, &captures, &card, Int32(card.count), &sizes, Int32(sizes.count), &count)
        guard status == 0 else { return .failure(.opening(path, errno: status)) }
        let listed = sizes.prefix(Int(min(count, Int32(sizes.count)))).map { s in
            Size(format: fourcc(s.pixel_format), compressed: s.compressed != 0, width: Int(s.width), height: Int(s.height), maxRate: s.max_rate)
        }
        let name = card.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return .success(Device(path: path, card: name, captures: captures != 0, sizes: listed))
    }

    /// A live picture needs at least this many frames a second; past `largest` pixels decoding
    /// alone would take a core (a document camera's 4K is for stills).
    static let liveRate = 15.0
    static let largest = 3840 * 2160

    /// The size and format to ask for: MJPEG before raw formats, then the most pixels (up to
    /// `largest`) among those that reach `liveRate`; when none does, the most pixels there are.
    /// Nil for a device that lists nothing (ffmpeg then takes what the device is set to).
    public static func choose(from sizes: [Size]) -> Size? {
        let usable = sizes.filter { $0.width > 0 && $0.height > 0 && $0.pixels <= largest }
        let mjpeg = usable.filter { $0.format == "MJPG" }
        let pool = mjpeg.isEmpty ? usable : mjpeg
        let live = pool.filter { $0.maxRate == 0 || $0.maxRate >= liveRate }
        let candidates = live.isEmpty ? pool : live
        return candidates.max { a, b in a.pixels != b.pixels ? a.pixels < b.pixels : a.maxRate < b.maxRate }
    }

    /// ffmpeg's v4l2 `input_format` for a fourcc.
    static func ffmpegFormat(_ fourcc: String) -> String? {
        switch fourcc {
        case "MJPG", "JPEG": return "mjpeg"
        case "YUYV": return "yuyv422"
        case "UYVY": return "uyvy422"
        case "NV12": return "nv12"
        case "YU12": return "yuv420p"
        case "H264": return "h264"
        case "RGB3": return "rgb24"
        case "BGR3": return "bgr24"
        case "GREY": return "gray"
        default: return nil
        }
    }

    static func fourcc(_ value: UInt32) -> String {
        let bytes = (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
}
