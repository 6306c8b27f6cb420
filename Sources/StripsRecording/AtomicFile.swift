import Glibc

/// A new file written under a temporary name in its destination's folder and put in place only
/// when complete: readers never see half a file, a failure leaves nothing, and an existing file
/// at the destination is never replaced (a hard link fails where a rename would overwrite).
final class AtomicFile: @unchecked Sendable {
    let destination: String
    private(set) var temporary: String?
    let descriptor: Int32

    init(destination: String) throws {
        self.destination = destination
        let slash = destination.lastIndex(of: "/")
        let folder = slash.map { String(destination[..<$0]) } ?? "."
        let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
        guard !name.isEmpty else { throw RecordingError("\(destination): not a file name") }
        var info = stat()
        guard stat(folder.isEmpty ? "/" : folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw RecordingError("\(destination): folder \(folder.isEmpty ? "/" : folder) does not exist")
        }
        guard access(destination, F_OK) != 0 else { throw RecordingError("\(destination): file exists, not replacing it") }
        var template = Array("\(folder.isEmpty ? "" : folder)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw RecordingError("\(destination): \(String(cString: strerror(errno)))") }
        _ = fchmod(fd, 0o644)  // mkstemp's 0600 would hide the recording from other programs
        descriptor = fd
        temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Puts the finished file (its descriptor already closed) in place.
    func commit() throws {
        guard let temporary else { throw RecordingError("\(destination): already finished") }
        // Flush to disk before the name appears, so a crash cannot leave a named empty file.
        let fd = open(temporary, O_RDONLY)
        if fd >= 0 { _ = fsync(fd); _ = close(fd) }
        if link(temporary, destination) == 0 {
            unlink(temporary)
        } else {
            let reason = errno
            // Some file systems (FAT, some network mounts) have no hard links: rename instead,
            // after one more check that the name is still free.
            guard reason == EPERM || reason == ENOTSUP || reason == EOPNOTSUPP || reason == EXDEV,
                  access(destination, F_OK) != 0, rename(temporary, destination) == 0 else {
                let message = reason == EEXIST ? "file exists, not replacing it" : String(cString: strerror(reason))
                discard()
                throw RecordingError("\(destination): \(message)")
            }
        }
        self.temporary = nil
    }

    /// Removes the temporary file; the destination is untouched.
    func discard() {
        if let temporary { unlink(temporary) }
        temporary = nil
    }
}
