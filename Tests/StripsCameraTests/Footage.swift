import Foundation
import StripsCameraFootage

/// The films the tests feed through the camera's capture path: small (480x270, 12 frames a
/// second) so the suite stays quick, written once per test run into a folder of its own.
enum Footage {
    static let width = 480, height = 270
    static let rate = 12.0

    static let folder: String = {
        let path = NSTemporaryDirectory() + "strips-camera-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // The films go with the test process.
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "strips-camera-tests-\(getpid())") }
        return path
    }()

    private static let lock = NSLock()
    nonisolated(unsafe) private static var written: [String: String] = [:]

    static func film(_ kind: CameraFilm.Kind) -> CameraFilm { CameraFilm(kind, width: width, height: height, rate: rate) }

    /// The film's file (cut off after `cut` of its bytes), written on first use.
    static func path(_ kind: CameraFilm.Kind, cut: Double? = nil) throws -> String {
        let name = kind.rawValue + (cut.map { "-cut\(Int($0 * 100))" } ?? "") + ".avi"
        lock.lock()
        defer { lock.unlock() }
        if let done = written[name] { return done }
        let path = folder + "/" + name
        try? FileManager.default.removeItem(atPath: path)
        try FootageWriter.write(film(kind), to: path, cutAt: cut)
        written[name] = path
        return path
    }
}
