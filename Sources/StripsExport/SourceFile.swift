import StripsCore
import Foundation
import StripsFiles

/// A source picture's bytes, read whole (the exporters copy or embed all of them) into memory
/// that cairo may keep until it has written the page. The file is only ever opened read-only.
final class SourceFile {
    let path: String
    let bytes: UnsafeMutableRawBufferPointer

    private init(path: String, bytes: UnsafeMutableRawBufferPointer) {
        self.path = path
        self.bytes = bytes
    }

    deinit { bytes.deallocate() }

    /// The file name, as errors and notes name a page.
    var name: String { (path as NSString).lastPathComponent }

    var readOnly: UnsafeRawBufferPointer { UnsafeRawBufferPointer(bytes) }

    static func read(_ path: String, destination: String) throws(SaveError) -> SourceFile {
        let name = (path as NSString).lastPathComponent
        let fd: Int32
        switch InputFile.open(path) {
        case .failure(let refusal):
            // The words saving has always used for a file gone or unreadable; the refusal's own otherwise.
            if refusal.description == "no such file" || refusal.code == EACCES || refusal.code == EPERM { throw readError(destination, name, refusal.code) }
            throw SaveError.page(destination, name, .verbatim(refusal.description))
        case .success(let opened): fd = opened
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw readError(destination, name, errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw SaveError.page(destination, name, HostMessage(trLater("not a picture file"))) }
        let size = Int(info.st_size)
        guard size > 0 else { throw SaveError.page(destination, name, HostMessage(trLater("the file is empty"))) }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        var done = 0
        while done < size, let base = bytes.baseAddress {
            let n = Foundation.read(fd, base + done, size - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let code = errno
                bytes.deallocate()
                throw n == 0 ? SaveError.page(destination, name, HostMessage(trLater("the file became shorter while it was read"))) : readError(destination, name, code)
            }
            done += n
        }
        return SourceFile(path: path, bytes: bytes)
    }

    private static func readError(_ destination: String, _ name: String, _ code: Int32) -> SaveError {
        switch code {
        case ENOENT: return SaveError.page(destination, name, HostMessage(trLater("the file is gone")))
        case EACCES, EPERM: return SaveError.page(destination, name, HostMessage(trLater("no permission to read the file")))
        default: return SaveError.page(destination, name, HostMessage(trLater("cannot read the file (%s)"), String(cString: strerror(code))))
        }
    }
}
