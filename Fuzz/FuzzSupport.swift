import CSDL2
import Foundation
@testable import StripsPictures

/// Runs once before the first input. SDL keeps its error message in a per-thread buffer made on
/// the first error, and the library diagnostics a per-thread slot: made here, they are not taken
/// for leaks of whichever input first fails.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    // A failing decode sets SDL's error on this thread.
    _ = PictureDecoder.decode([0, 1, 2, 3], type: .other)
    _ = SDL_GetError()
    LibraryDiagnostics.install()
    Thread.current.threadDictionary["strips.fuzz-warm-up"] = "warm-up"
    _ = LibraryDiagnostics.takeLastError()
    return 0
}

/// Entry points that take a path get the fuzzer's bytes through one file per process in /dev/shm
/// (memory, so the disk is not worn), named with the extension the first byte picks.
enum FuzzFile {
    static let extensions = ["png", "jpg", "gif", "bmp", "webp", "tga", "tif", "pnm", "qoi"]

    static func write(_ data: UnsafePointer<UInt8>, _ size: Int) -> String? {
        guard size > 0 else { return nil }
        let ext = extensions[Int(data[0]) % extensions.count]
        let path = "/dev/shm/strips-fuzz-\(getpid()).\(ext)"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let body = size - 1
        return body == 0 || Glibc.write(fd, data + 1, body) == body ? path : nil
    }
}
