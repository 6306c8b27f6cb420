import Glibc
import StripsFiles

/// A new file written under a temporary name in its destination's folder and put in place only
/// when complete (`NewFile`): readers never see half a file, a failure leaves nothing, and an
/// existing file at the destination is never replaced.
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
        switch NewFile.temporary(beside: destination) {
        case .failure(let error): throw RecordingError("\(destination): \(error)")
        case .success(let made):
            descriptor = made.fd
            temporary = made.path
        }
    }

    /// Puts the finished file (its descriptor already closed) in place.
    func commit() throws {
        guard let temporary else { throw RecordingError("\(destination): already finished") }
        if let error = NewFile.flush(temporary) ?? NewFile.publish(temporary, as: destination) {
            discard()
            throw RecordingError("\(destination): \(error.exists ? "file exists, not replacing it" : error.description)")
        }
        self.temporary = nil
    }

    /// Removes the temporary file; the destination is untouched.
    func discard() {
        if let temporary { unlink(temporary) }
        temporary = nil
    }
}
