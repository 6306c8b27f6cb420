import Foundation
import StripsCamera
import StripsPictures

/// A video file as `--camera FILE` plays it: opened through libavformat (a regular file only,
/// with the 2 s deadline), frames decoded, each converted by libswscale into the picture shown at
/// its own size and shrunk, the detector's small copy and the brightness, and a take of the first
/// frame. Must give frames or one line of reason, never write outside our memory (the frames
/// land in `LibraryPixels`' padded rows), hang or crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVideo(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let path = VideoFuzzFile.write(data, size) else { return 0 }
    let input: CameraInput
    do {
        input = try CameraInput(.file(path))
    } catch {
        precondition(!error.line.isEmpty && !error.line.contains("\n"), "a refusal must be one line")
        return 0
    }
    precondition(input.width > 0 && input.height > 0, "an opened video has a size")
    // A few frames: each costs the conversions; more only repeat them.
    for index in 0..<VideoFuzzFile.frames {
        do { _ = try input.next() } catch {
            precondition(!error.line.isEmpty && !error.line.contains("\n"), "an end must be one line")
            break
        }
        guard let whole = input.convert() else { continue }
        precondition(whole.shown.bytes.count == whole.shown.width * whole.shown.height * 4)
        _ = input.convert(shownWithin: (max(1, input.width / 3), max(1, input.height / 5)))
        if index == 0 { _ = input.keep(as: index)?.pixels() }
    }
    return 0
}

/// The fuzzer's bytes as one file per process in the temporary folder, named with the extension
/// the first byte picks (libavformat weighs it when the content alone is unclear).
enum VideoFuzzFile {
    static let extensions = ["mp4", "mkv", "webm", "avi", "mov", "nut", "y4m", "mjpeg", "gif", "ts", "ogv", "flv"]
    static let frames = 4
    static let folder = FileManager.default.temporaryDirectory.path

    static func write(_ data: UnsafePointer<UInt8>, _ size: Int) -> String? {
        guard size > 1 else { return nil }
        let path = "\(folder)/strips-fuzz-video-\(getpid()).\(extensions[Int(data[0]) % extensions.count])"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return Glibc.write(fd, data + 1, size - 1) == size - 1 ? path : nil
    }
}
