import Foundation

/// Writes a new file so that it either appears whole or not at all: the content goes to a hidden
/// temporary file in the destination folder (same file system, so the final step is atomic), which
/// is then linked into place. An existing file is never replaced: the app does not modify users' files.
enum AtomicFile {
    static func create(_ path: String, _ fill: (_ temporaryPath: String) -> Result<Void, PDFFailure>) -> Result<Void, PDFFailure> {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        if FileManager.default.fileExists(atPath: path) { return .failure(PDFFailure("\(url.lastPathComponent) already exists")) }
        var template = Array("\(folder)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { return .failure(PDFFailure("cannot write in \(folder): \(String(cString: strerror(errno)))")) }
        fchmod(fd, 0o644)
        close(fd)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if case .failure(let failure) = fill(temporary) {
            unlink(temporary)
            return .failure(failure)
        }
        if let problem = flushToDisk(temporary) {
            unlink(temporary)
            return .failure(problem)
        }
        // link() refuses to replace, unlike rename(): a file made meanwhile under the same name survives.
        if link(temporary, path) != 0 {
            let error = errno
            unlink(temporary)
            return .failure(PDFFailure(error == EEXIST ? "\(url.lastPathComponent) already exists"
                                                       : "cannot create \(url.lastPathComponent): \(String(cString: strerror(error)))"))
        }
        unlink(temporary)
        return .success(())
    }

    /// So a crash right after saving cannot leave a named but empty file behind.
    private static func flushToDisk(_ path: String) -> PDFFailure? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return PDFFailure("cannot reopen what was written: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : PDFFailure("cannot write to disk: \(String(cString: strerror(errno)))")
    }
}
