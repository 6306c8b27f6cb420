import Foundation
@testable import StripsPictures

/// Runs once before the first input. The library diagnostics keep a per-thread slot: made here,
/// it is not taken for a leak of whichever input first fails.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    _ = PictureDecoder.decode([0, 1, 2, 3], type: .other)
    LibraryDiagnostics.install()
    Thread.current.threadDictionary["strips.fuzz-warm-up"] = "warm-up"
    _ = LibraryDiagnostics.takeLastError()
    return 0
}

/// Entry points that take a path get the fuzzer's bytes through one file per process in /dev/shm
/// (memory, so the disk is not worn), named with the extension the first byte picks.
enum FuzzFile {
    static let extensions = ["png", "jpg", "gif", "bmp", "webp", "tga", "tif", "pnm", "qoi", "pcx", "lbm"]

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
