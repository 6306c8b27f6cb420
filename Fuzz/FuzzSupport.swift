import Foundation

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
