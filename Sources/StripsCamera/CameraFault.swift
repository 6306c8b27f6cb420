import Glibc
import StripsCore
import StripsDesktop

/// Why the camera cannot be opened or has stopped, in one line a person can act on: no camera, a
/// busy one, one the user may not open (the `video` group), one unplugged, a video file that
/// ended or was cut short. Standard error says it in English (`line`); the window words `message`
/// in the user's language.
public struct CameraFault: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: HostMessage
    public init(_ message: HostMessage) { self.message = message }
    /// A line with no wording of ours to translate (another part's, a library's).
    public init(_ line: String) { message = .verbatim(line) }
    public var line: String { message.english }
    public var description: String { line }

    public static let noCamera = CameraFault(HostMessage(trLater(
        "no camera found (no video capture device in /dev; a USB webcam or document camera shows as /dev/video0); --camera FILE plays a video file instead")))

    /// Opening or asking `device` failed with `code` (an errno).
    public static func opening(_ device: String, errno code: Int32) -> CameraFault {
        switch code {
        case EACCES, EPERM:
            return CameraFault(HostMessage(
                trLater("camera %s: permission denied: your user is not in the video group (sudo usermod -aG video $USER, then log in again)"), device))
        case EBUSY:
            return CameraFault(HostMessage(trLater("camera %s is busy: another program is using it (close it and press Ctrl+K again)"), device))
        case ENOENT:
            return CameraFault(HostMessage(trLater("camera %s: no such device (is it plugged in?)"), device))
        case ENODEV, ENXIO, EIO:
            return CameraFault(HostMessage(trLater("camera %s is not answering (unplugged, or its driver failed)"), device))
        case ENOTTY, EINVAL:
            return CameraFault(HostMessage(trLater("camera %s: not a video capture device"), device))
        default:
            // The system's own words stay as it says them.
            return CameraFault(HostMessage(trLater("camera %s: %s"), device, String(cString: strerror(code))))
        }
    }

    /// A device (or a file's mount) that gave nothing for `seconds`: given up on, the run goes on.
    public static func silent(_ source: String, seconds: Double) -> CameraFault {
        CameraFault(HostMessage(trLater("camera %s gave nothing for %s s; given up (the pages taken stay)"), source, "\(Int(seconds))"))
    }

    /// A device that stopped sending frames mid-stream.
    public static func lost(_ device: String) -> CameraFault {
        CameraFault(HostMessage(trLater("camera %s went away (unplugged?); the pages taken stay"), device))
    }

    public static func ended(_ file: String, frames: Int) -> CameraFault {
        CameraFault(HostMessage(trnLater("camera file %s ended after %d frame", "camera file %s ended after %d frames"), count: frames, file))
    }

    public static func cutShort(_ file: String, frames: Int, of expected: Int?) -> CameraFault {
        // The count chooses the form; the total, when known, is its own number.
        guard let expected else {
            return CameraFault(HostMessage(trnLater("camera file %s is cut short: it stopped after %d frame",
                                                    "camera file %s is cut short: it stopped after %d frames"), count: frames, file))
        }
        return CameraFault(HostMessage(trnLater("camera file %2$s is cut short: it stopped after %3$s of %1$d frame",
                                                "camera file %2$s is cut short: it stopped after %3$s of %1$d frames"), count: expected, file, "\(frames)"))
    }
}

// The camera through the desktop portal and PipeWire (docs/CAMERA.md).
extension CameraFault {
    /// Why the portal gave no camera.
    static func portal(_ refusal: PortalCamera.Refusal) -> CameraFault {
        switch refusal {
        case .noBus:
            return CameraFault(HostMessage(trLater("camera portal: no D-Bus session bus, so no desktop portal to ask")))
        case .busSilent:
            return CameraFault(HostMessage(trLater("camera portal: the D-Bus session bus did not answer")))
        case .noPortal:
            return CameraFault(HostMessage(trLater("camera portal: no desktop portal on the session bus (xdg-desktop-portal is not running)")))
        case .noCameraInterface:
            return CameraFault(HostMessage(trLater("camera portal: the desktop portal has no camera (its Camera interface is missing)")))
        case .noCamera:
            return CameraFault(HostMessage(trLater("camera portal: the desktop portal reports no camera")))
        case .refused:
            return CameraFault(HostMessage(trLater(
                "camera portal: access to the camera was refused (allow it in the desktop's privacy settings, then press Ctrl+K again)")))
        case .noAnswer(let seconds):
            return CameraFault(HostMessage(trLater("camera portal: no answer to the request for the camera within %s s"), "\(Int(seconds))"))
        case .endedWithoutAccess:
            return CameraFault(HostMessage(trLater("camera portal: the request for the camera ended without access")))
        case .notAnswering:
            return CameraFault(HostMessage(trLater("camera portal: the desktop portal did not answer")))
        case .failed(let words):
            // The portal's or D-Bus's own words stay as they say them.
            return CameraFault(HostMessage(trLater("camera portal: %s"), words))
        }
    }

    /// PipeWire shows no camera node on the portal's remote.
    static let noPortalCameraNode = CameraFault(HostMessage(trLater("camera portal: PipeWire shows no camera (unplugged, or no camera node)")))

    /// Nothing linked the stream to the camera within `seconds`.
    static func notLinked(seconds: Double) -> CameraFault {
        CameraFault(HostMessage(trLater(
            "camera portal: the camera was not connected to Strips within %s s (is a PipeWire session manager such as WirePlumber running?)"),
            "\(Int(seconds))"))
    }

    static let noPortalFormat = CameraFault(HostMessage(trLater("camera portal: the camera offers no picture format Strips reads")))

    /// The camera sends `format`, which is not one Strips reads.
    static func unreadFormat(_ format: String) -> CameraFault {
        CameraFault(HostMessage(trLater("camera portal: the camera sends %s, which Strips does not read"), format))
    }

    /// PipeWire refused the connection, in its own words if it gave any.
    static func pipewireRefused(_ words: String) -> CameraFault {
        words.isEmpty ? CameraFault(HostMessage(trLater("camera portal: PipeWire refused the connection")))
            : CameraFault(HostMessage(trLater("camera portal: PipeWire refused the connection (%s)"), words))
    }
}
