import Glibc
import StripsFiles

/// A recording's file: a `WholeFile` that giflib streams into through a lent descriptor, linked
/// into place on `commit` (never over an existing file), with its failures worded the recorder's way.
final class RecordingFile: @unchecked Sendable {
    let destination: String
    /// For giflib, which closes it when the GIF is closed (the video encoder closes it at once
    /// and writes by `temporary`'s name).
    let descriptor: Int32
    /// Where the bytes go until `commit`; nil once committed or discarded.
    private(set) var temporary: String?
    private let file: WholeFile

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
        // A recording killed mid-way left its temporary file: it goes before this one starts.
        WholeFile.removeStaleTemporaries(of: destination)
        do {
            file = try WholeFile(destination: destination)
        } catch {
            throw Self.error(destination, error)
        }
        descriptor = file.lendDescriptor()
        temporary = file.temporaryPath
    }

    /// Puts the finished file (its lent descriptor already closed by giflib) in place.
    func commit() throws {
        defer { temporary = nil }
        do {
            try file.finish()
            try file.publish()
        } catch {
            file.discard()
            throw Self.error(destination, error)
        }
    }

    /// Removes the temporary file; the destination is untouched.
    func discard() {
        file.discard()
        temporary = nil
    }

    private static func error(_ destination: String, _ failure: WholeFile.Failure) -> RecordingError {
        RecordingError("\(destination): \(failure.exists ? "file exists, not replacing it" : failure.description)")
    }
}
