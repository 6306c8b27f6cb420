import Glibc

/// Why the camera cannot be opened or has stopped, in one line a person can act on: no camera, a
/// busy one, one the user may not open (the `video` group), one unplugged, a video file that
/// ended or was cut short.
public struct CameraFault: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: String
    public init(_ line: String) { self.line = line }
    public var description: String { line }

    public static let noCamera = CameraFault(
        "no camera found (no video capture device in /dev; a USB webcam or document camera shows as /dev/video0); "
            + "--camera FILE plays a video file instead")

    /// Opening or asking `device` failed with `code` (an errno).
    public static func opening(_ device: String, errno code: Int32) -> CameraFault {
        switch code {
        case EACCES, EPERM:
            return CameraFault("camera \(device): permission denied: your user is not in the video group "
                + "(sudo usermod -aG video $USER, then log in again)")
        case EBUSY:
            return CameraFault("camera \(device) is busy: another program is using it (close it and press Ctrl+K again)")
        case ENOENT:
            return CameraFault("camera \(device): no such device (is it plugged in?)")
        case ENODEV, ENXIO, EIO:
            return CameraFault("camera \(device) is not answering (unplugged, or its driver failed)")
        case ENOTTY, EINVAL:
            return CameraFault("camera \(device): not a video capture device")
        default:
            return CameraFault("camera \(device): \(String(cString: strerror(code)))")
        }
    }

    /// A device that stopped sending frames mid-stream.
    /// A device (or a file's mount) that gave nothing for `seconds`: given up on, the run goes on.
    public static func silent(_ source: String, seconds: Double) -> CameraFault {
        CameraFault("camera \(source) gave nothing for \(Int(seconds)) s; given up (the pages taken stay)")
    }

    public static func lost(_ device: String) -> CameraFault {
        CameraFault("camera \(device) went away (unplugged?); the pages taken stay")
    }

    public static func ended(_ file: String, frames: Int) -> CameraFault {
        CameraFault("camera file \(file) ended after \(frames) frame\(frames == 1 ? "" : "s")")
    }

    public static func cutShort(_ file: String, frames: Int, of expected: Int?) -> CameraFault {
        let of = expected.map { " of \($0)" } ?? ""
        return CameraFault("camera file \(file) is cut short: it stopped after \(frames)\(of) frames")
    }
}
