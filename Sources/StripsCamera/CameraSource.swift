import Foundation

/// Where the camera's pictures come from: a V4L2 device, a video file (a recording of a
/// camera, for tests and demos), or the XDG desktop portal's camera through PipeWire (in a
/// sandbox, or asked for), read by the same code (`CameraInput`).
public enum CameraSource: Hashable, Sendable {
    case device(String)
    case file(String)
    case portal

    public var path: String {
        switch self {
        case .device(let path), .file(let path): return path
        case .portal: return "portal"
        }
    }

    /// Live sources: a device, or the portal's camera (nothing to pace, no end to expect).
    public var isLive: Bool {
        if case .file = self { return false }
        return true
    }

    public var isDevice: Bool {
        if case .device = self { return true }
        return false
    }

    /// `--camera SOURCE`: `portal` is the desktop portal's camera, a character device (or a path
    /// under /dev) is a camera, anything else a video file (`./portal` names a file so called).
    public static func named(_ argument: String) -> CameraSource {
        if argument == "portal" { return .portal }
        var status = stat()
        if stat(argument, &status) == 0, status.st_mode & S_IFMT == S_IFCHR { return .device(argument) }
        return argument.hasPrefix("/dev/") ? .device(argument) : .file(argument)
    }

    /// The camera when none was named: the portal's inside a sandbox (a Flatpak, where no
    /// /dev/video* is visible and the portal is the way to a camera), else the first V4L2 device.
    public static func standard(sandboxMarker: String = "/.flatpak-info", in folder: String = "/dev") -> Result<CameraSource, CameraFault> {
        FileManager.default.fileExists(atPath: sandboxMarker) ? .success(.portal) : firstDevice(in: folder)
    }

    /// The first device that captures video (`/dev/video0`, `/dev/video1`, ... in number order;
    /// a UVC camera's metadata node is passed over); the fault when there is none, or the only
    /// ones cannot be opened (naming the first such device's reason: permission, busy).
    public static func firstDevice(in folder: String = "/dev") -> Result<CameraSource, CameraFault> {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("video") && Int($0.dropFirst(5)) != nil }
            .sorted { Int($0.dropFirst(5)) ?? 0 < Int($1.dropFirst(5)) ?? 0 }
        var firstProblem: CameraFault?
        for name in names {
            let path = folder + "/" + name
            switch CameraDevices.query(path) {
            case .success(let device) where device.captures: return .success(.device(path))
            case .success: continue
            case .failure(let fault): firstProblem = firstProblem ?? fault
            }
        }
        return .failure(firstProblem ?? .noCamera)
    }

    /// The name the view and the trace give it.
    public var name: String { path }
}
