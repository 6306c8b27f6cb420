import Foundation
import StripsFiles

/// A file read in pieces at any offset (pread), with the first 4 KiB read once.
public struct FileReader {
    let fd: Int32
    let size: Int
    private let head: [UInt8]

    static func open(_ path: String) -> Result<FileReader, ImageFailure> {
        let fd: Int32
        switch InputFile.open(path) {
        case .failure(let refusal): return .failure(ImageFailure(describe(refusal)))
        case .success(let opened): fd = opened
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let failure = ImageFailure(FileReader.describe(errno: errno))
            Glibc.close(fd)
            return .failure(failure)
        }
        var reader = FileReader(fd: fd, size: Int(info.st_size), head: [])
        reader = FileReader(fd: fd, size: reader.size, head: reader.pread(at: 0, count: min(reader.size, 1 << 12)))
        return .success(reader)
    }

    /// Bytes already in memory, read as a file is (every piece comes from them).
    init(bytes: [UInt8]) {
        self.init(fd: -1, size: bytes.count, head: bytes)
    }

    private init(fd: Int32, size: Int, head: [UInt8]) {
        self.fd = fd
        self.size = size
        self.head = head
    }

    func close() { if fd >= 0 { Glibc.close(fd) } }

    /// Up to `count` bytes at `offset`: fewer at the end of the file.
    func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0, offset < size else { return [] }
        if offset + count <= head.count { return Array(head[offset..<(offset + count)]) }
        return pread(at: offset, count: min(count, size - offset))
    }

    private func pread(at offset: Int, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { Glibc.pread(fd, $0.baseAddress, count, off_t(offset)) }
        return read <= 0 ? [] : Array(buffer.prefix(read))
    }

    /// Files read whole are at most this large: 100 megapixels uncompressed fit in it.
    static let maxContents = 1 << 30

    /// The whole file, or why it cannot be read.
    public static func contents(of path: String) -> Result<[UInt8], ImageFailure> {
        switch open(path) {
        case .failure(let failure): return .failure(failure)
        case .success(let file):
            defer { file.close() }
            if file.size == 0 { return .failure(ImageFailure("the file is empty")) }
            if file.size > maxContents { return .failure(ImageFailure("too large: a \(file.size >> 20) MiB file")) }
            let bytes = file.pread(at: 0, count: file.size)
            return bytes.count == file.size ? .success(bytes) : .failure(ImageFailure("the file could not be read to its end"))
        }
    }

    /// A refused open in the words picture failures use.
    static func describe(_ refusal: InputFile.Refusal) -> String {
        switch refusal.code {
        case ENOENT where refusal.description == "no such file": return "the file is gone"
        case EISDIR: return "a folder, not a picture"
        case EACCES, EPERM: return describe(errno: refusal.code)
        default: return refusal.description
        }
    }

    static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "the file is gone"
        case EACCES, EPERM: return "no permission to read the file"
        default: return "cannot read the file (\(String(cString: strerror(code))))"
        }
    }
}
